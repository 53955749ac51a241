"""Legacy DCI numbers' check digit (tournaments.dci, issue 53), against the examples the public sources publish:
1076753660 (the decklist generator's, github.com/marumari/decklist) and 8102291717 (DCITools' synopsis)."""

import pytest

from tournaments.dci import dci_check_digit, dci_digits, dci_problem

PUBLISHED_VALID = ("1076753660", "8102291717")


@pytest.mark.parametrize("number", PUBLISHED_VALID)
def test_the_published_numbers_are_valid(number):
    assert dci_check_digit(number[1:]) == int(number[0])
    assert dci_problem(number) == ""


@pytest.mark.parametrize(
    "number",
    [
        "2076753660",  # the check digit changed
        "1076753661",  # the last digit changed
        "1706753660",  # two digits swapped
        "9102291717",
        "0102291717",  # a check digit is never 0
    ],
)
def test_a_changed_digit_fails_the_check(number):
    assert "check digit" in dci_problem(number)


def test_the_check_digit_grows_a_short_number_into_its_longer_forms():
    # DCITools' get_other_versions: a 4-digit number takes a 0, then its check digit (6 digits), then a 0 and a check
    # digit again (8 digits) and again (10); every form is valid and each check digit is 1 to 9.
    number = "0" + "1234"
    for _length in (6, 8, 10):
        number = str(dci_check_digit(number)) + number
        assert dci_problem(number) == "" and number[0] != "0"
        number = "0" + number
    assert len(number) == 11


@pytest.mark.parametrize("number", ["1234", "12345", "1234567"])
def test_numbers_of_4_5_or_7_digits_carry_no_check_digit(number):
    assert dci_problem(number) == ""


@pytest.mark.parametrize(
    "number, words", [("123", "4 to 8 or 10 digits"), ("123456789", "has 9"), ("12345678901", "has 11")]
)
def test_other_lengths_are_refused_with_the_length(number, words):
    assert words in dci_problem(number)


def test_letters_are_refused_and_spaces_and_dashes_ignored():
    assert "only digits" in dci_problem("10767A3660")
    assert dci_digits(" 1076-753 660 ") == "1076753660" and dci_problem("1076-753 660") == ""
    assert dci_problem("") == ""
