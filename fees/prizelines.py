"""A prize structure as the organizer types it, one line each (the desk's fees page and a series' page): `places |
item | amount`, and `| money` for a line that splits to the cent (docs/fees.md). Read by `prize_lines_parse`, written
back by `prize_lines_text`; the lines are then checked by fees.services.prize_lines_check."""

from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from common.params import plain_int


def amount_parse(value: str) -> Decimal | None:
    """An amount as a person types it (5, 7.50 or 7,50); None for nothing typed; a ValidationError otherwise."""
    try:
        return Decimal(value.replace(",", ".")) if value.strip() else None
    except InvalidOperation:
        raise ValidationError(_("Write the amount as a number, e.g. 5 or 7.50.")) from None


def prize_lines_parse(text: str) -> list[dict]:
    """The desk's prize lines, one a line: `places | item | amount`, and `| money` for a line that splits to the
    cent. Places are `1`, `3-4`, or `9 points` (a prize by record: at least 9 match points). A wrong line is a
    ValidationError naming it."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        parts = [part.strip() for part in raw.split("|")]
        wrong = ValidationError(_("Line %(n)d: write places | item | amount, e.g. 3-4 | Packs | 3.") % {"n": number})
        if len(parts) not in (3, 4) or (len(parts) == 4 and parts[3].lower() not in ("money", "")):
            raise wrong
        places, item, amount = parts[:3]
        try:
            line = {"item": item, "amount": amount_parse(amount), "divisible": len(parts) == 4 and bool(parts[3])}
        except ValidationError:
            raise wrong from None
        low, _dash, high = places.partition("-")
        if places.endswith("points") and plain_int(places.removesuffix("points")) is not None:
            line["min_match_points"] = plain_int(places.removesuffix("points"))
        elif plain_int(low) is not None and (not _dash or plain_int(high) is not None):
            line["place_from"], line["place_to"] = plain_int(low), plain_int(high) if _dash else plain_int(low)
        else:
            raise wrong
        if line["amount"] is None:
            raise wrong
        lines.append(line)
    return lines


def prize_lines_text(prizes) -> str:
    """The event's prize lines as the desk's textarea writes them (prize_lines_parse reads them back)."""
    rows = []
    for prize in prizes:
        if prize.min_match_points is not None:
            places = f"{prize.min_match_points} points"
        elif prize.place_to and prize.place_to != prize.place_from:
            places = f"{prize.place_from}-{prize.place_to}"
        else:
            places = str(prize.place_from)
        amount = prize.amount if prize.divisible else prize.amount.normalize()
        rows.append(" | ".join([places, prize.item, f"{amount:f}"] + (["money"] if prize.divisible else [])))
    return "\n".join(rows)
