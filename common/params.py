"""Numbers from query strings and form fields, read the same way everywhere.

`str.isdigit` accepts "²" and other digits `int` refuses, and `int` refuses (or takes long over) thousands of digits:
a page reading ids, round numbers or versions from a request uses `plain_int`, so hostile input is "no number",
never a 500.
"""


def plain_int(text: str | None, *, max_digits: int = 18) -> int | None:
    """The whole number written in `text` as plain ASCII digits (surrounding spaces allowed, at most `max_digits`),
    else None ("", "-1", "1.0", "²", "x", a 5,000-digit number)."""
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= max_digits):
        return None
    return int(text)
