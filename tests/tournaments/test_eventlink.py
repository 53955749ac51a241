"""Reading and writing an EventLink invite list (tournaments.eventlink, issue 53): the first column, with or without a
header, blank lines, a byte-order mark, `;` or `,`, quoted values; malformed and repeated lines named; the bounds."""

import pytest

from tournaments.eventlink import invite_list_csv, invite_list_parse
from tournaments.teamcsv import TeamFileError


def _values(parsed):
    return [(line.line, line.value, line.is_email) for line in parsed.lines]


def test_a_plain_list_of_addresses_and_names():
    parsed = invite_list_parse(b"ada@example.org\nGrace Hopper\n")
    assert _values(parsed) == [(1, "ada@example.org", True), (2, "Grace Hopper", False)]
    assert not parsed.header and not parsed.problems


def test_a_header_blank_lines_a_bom_semicolons_and_quotes_are_tolerated():
    text = '\ufeffEmail;Notes\n\n"ada@example.org";x\n"Smith; John";\n  \n"Lee, Ann"\n'
    parsed = invite_list_parse(text.encode("utf-8"))
    assert parsed.header and parsed.separator == ";"
    assert _values(parsed) == [(3, "ada@example.org", True), (4, "Smith; John", False), (6, "Lee, Ann", False)]


def test_a_quoted_comma_does_not_decide_the_separator():
    parsed = invite_list_parse('"Smith, John";a\nBea;b\n')
    assert parsed.separator == ";" and [line.value for line in parsed.lines] == ["Smith, John", "Bea"]


def test_malformed_and_repeated_lines_are_named_by_line():
    parsed = invite_list_parse("display name\nada@example\n,extra\nAda@Example.org\nada@example.org\nBo\n")
    assert _values(parsed) == [(4, "Ada@Example.org", True), (6, "Bo", False)]
    assert set(parsed.problems) == {2, 3, 5}
    assert "not an e-mail address" in parsed.problems[2]
    assert "first column is empty" in parsed.problems[3]
    assert "given twice (also line 4)" in parsed.problems[5]


@pytest.mark.parametrize(
    "data, words",
    [
        (b"", "empty"),
        (b"\n\n", "empty"),
        (b"email\n", "no players"),
        ("Zoë".encode("cp1252"), "UTF-8"),
        (b"a\x00b", "binary"),
    ],
)
def test_a_file_that_cant_be_read_says_why(data, words):
    with pytest.raises(TeamFileError, match=words):
        invite_list_parse(data)


def test_the_import_bounds_hold(settings):
    settings.HYDRA_IMPORT_MAX_ROWS = 3
    assert len(invite_list_parse("email\na\nb\nc\n").lines) == 3
    with pytest.raises(TeamFileError, match="more than 3 rows"):
        invite_list_parse("a\nb\nc\nd\n")
    settings.HYDRA_IMPORT_MAX_CELL_CHARS = 10
    with pytest.raises(TeamFileError, match="longer than 10"):
        invite_list_parse("a\nabcdefghijklmnop\n")


def test_the_written_list_reads_back_as_written():
    values = ["ada@example.org", "Smith, John", 'Quote "Q" Lee', "=HYPERLINK(1)", "Zoë"]
    data = invite_list_csv(values)
    assert data.startswith("\ufeff".encode()) and b"'=HYPERLINK" in data  # no formula runs in a spreadsheet
    assert [line.value for line in invite_list_parse(data).lines] == values
