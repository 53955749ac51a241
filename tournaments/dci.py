"""Legacy DCI numbers: the check digit of the numbers Wizards of the Coast gave players before Wizards Accounts.

Pure: text in, a problem or nothing out. The scheme, as public sources document it (Wizards never published it):
a number of 6, 8 or 10 digits starts with a check digit computed from the digits after it, each multiplied by a
prime of PRIMES in turn (the first digit after the check digit by 43, the next by 47, ...); the check digit is
1 + (the sum // 10) % 9, so it is never 0. A shorter number grew by prefixing: a 4-digit number became 5 digits with
a 0 in front, then 6 with its check digit, then 8 (a 0 and a check digit), then 10 (again), so one player may hold
the "same" number in several lengths. Numbers of 4, 5 or 7 digits carry no check digit and can't be checked.

Sources: `calc_cd` and `checkvalid` of DCITools (Dan Collins, 2016, github.com/dcollinsn/DCITools, lib/DCITools.pm,
"Registration Numbers with a number of digits other than 6, 8, or 10 cannot be checked because there is no checksum
present"), which cites the derivation in github.com/marumari/decklist issue 4 (the decklist generator's
`validateDCI`, whose example 1076753660 is valid; DCITools' own example is 8102291717); the lengths over the years:
blog.playerlink.online/2018/02/09/132/ ("DCI numbers have expanded several times ... 10-digit numbers also use
check-digits").
"""

from django.utils.translation import gettext as _

PRIMES = (43, 47, 53, 71, 73, 31, 37, 41, 59, 61, 67, 29)
CHECKED_LENGTHS = (6, 8, 10)
UNCHECKED_LENGTHS = (4, 5, 7)
MAX_LENGTH = 10


def dci_check_digit(rest: str) -> int:
    """The check digit (1 to 9) that goes in front of `rest`, the digits of a DCI number after its check digit."""
    total = sum(int(digit) * prime for digit, prime in zip(rest, PRIMES, strict=False))
    return 1 + (total // 10) % 9


def dci_digits(text: str) -> str:
    """The digits of a DCI number as a person types it: spaces and dashes between groups are left out."""
    return "".join(str(text or "").replace("-", " ").split())


def dci_problem(text: str) -> str:
    """Why `text` is not a DCI number, as a sentence a player can act on; "" when it is one (its check digit, if
    its length has one, matches)."""
    digits = dci_digits(text)
    if not digits:
        return ""
    if not digits.isascii() or not digits.isdigit():
        return _("A DCI number has only digits (found %(text)s).") % {"text": text}
    if len(digits) not in CHECKED_LENGTHS + UNCHECKED_LENGTHS:
        return _(
            "A DCI number has 4 to 8 or 10 digits; %(text)s has %(n)d. Copy it again from your card or "
            "your Wizards Account."
        ) % {"text": digits, "n": len(digits)}
    if len(digits) in CHECKED_LENGTHS and int(digits[0]) != dci_check_digit(digits[1:]):
        return _(
            "%(text)s is not a valid DCI number: its first digit, the check digit, does not match the others. "
            "Check for a mistyped or swapped digit."
        ) % {"text": digits}
    return ""
