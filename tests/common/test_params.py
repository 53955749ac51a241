"""common.params.plain_int: what a request's number fields may hold."""

import pytest

from common.params import plain_int


@pytest.mark.parametrize(("text", "expected"), [("7", 7), (" 12 ", 12), ("007", 7), ("0", 0)])
def test_plain_int_reads_plain_digits(text, expected):
    assert plain_int(text) == expected


@pytest.mark.parametrize("text", [None, "", " ", "-1", "+1", "1.0", "1e3", "²", "٣", "x", "1 2", "9" * 19, "9" * 5000])
def test_plain_int_refuses_anything_else(text):
    assert plain_int(text) is None


def test_plain_int_max_digits():
    assert plain_int("123456", max_digits=6) == 123456
    assert plain_int("1234567", max_digits=6) is None
