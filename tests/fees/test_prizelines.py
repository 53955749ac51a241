"""A prize structure as the organizer types it (fees/prizelines.py): read and written back the same, a wrong line
named by its number."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from fees.prizelines import amount_parse, prize_lines_parse, prize_lines_text
from fees.services import event_prizes_set
from tests.factories import EventFactory

pytestmark = pytest.mark.django_db


def test_amount_parse_reads_a_comma_and_refuses_words():
    assert (amount_parse("7,50"), amount_parse("  ")) == (Decimal("7.50"), None)
    with pytest.raises(ValidationError):
        amount_parse("five")


def test_prize_lines_written_on_the_desk_read_back_the_same():
    text = "1 | Trophy | 1\n3-4 | Store credit | 7.50 | money\n9 points | Promo | 10"
    lines = prize_lines_parse(text)
    assert lines[1] == {
        "item": "Store credit",
        "amount": Decimal("7.50"),
        "divisible": True,
        "place_from": 3,
        "place_to": 4,
    }
    assert lines[2]["min_match_points"] == 9 and "place_from" not in lines[2]
    event = EventFactory()
    event_prizes_set(event=event, by=event.organizer, lines=lines)
    assert prize_lines_text(event.prizes.all()) == text


@pytest.mark.parametrize(
    "line", ["1 | Trophy", "first | Trophy | 1", "1 | Trophy | one", "2-x | Packs | 3", "1 | Trophy | 1 | gold"]
)
def test_a_wrong_prize_line_is_refused_by_its_number(line):
    with pytest.raises(ValidationError, match="Line 2"):
        prize_lines_parse("1 | Packs | 3\n" + line)
