"""Checking an event file's values against the models' rules before anything is written (docs/event-format.md,
"Import checks").

Every problem is named by its place in the document ("draft_tables[0].cards[3].pack_index"); the importer raises
them all at once as one ValidationError (a 400 under the API), in its one transaction, so nothing is written.
What no field check can see (a rule across rows, e.g. a position once per pool) is caught at the insert, inside a
savepoint, and named by the row that broke it (`rows_insert`).
"""

import datetime as dt
import math
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, models, transaction
from django.db.models import CheckConstraint, Q, UniqueConstraint
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _


class Problems:
    """The problems found so far, by place."""

    def __init__(self):
        self.found: dict[str, list[str]] = {}

    def add(self, where: str, message: str) -> None:
        self.found.setdefault(where or "document", []).append(message)

    def keys(self, where: str, data, allowed: set[str], required: set[str] = frozenset()) -> bool:
        """Whether `data` is an object with every required key (so the caller may read them); names its unknown keys
        and missing required ones."""
        if not isinstance(data, dict):
            self.add(where, _("Expected an object."))
            return False
        for key in sorted(set(data) - allowed, key=str):
            self.add(f"{where}.{key}" if where else str(key), _("Unknown field."))
        missing = sorted(required - set(data))
        for key in missing:
            self.add(f"{where}.{key}" if where else key, _("This field is required."))
        return not missing

    def raise_if_any(self) -> None:
        if self.found:
            raise ValidationError(self.found)


def document_scan(value, *, where: str, problems: Problems, limit: int = 20) -> None:
    """Name every string holding a NUL character (PostgreSQL stores none, in text or JSON) and every number that
    isn't finite (NaN, Infinity: JSON has none), anywhere in the document; at most `limit` of them."""
    stack = [(where, value)]
    while stack and len(problems.found) < limit:
        place, item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                problems.add(place, _("Contains a NUL character, which no text may hold."))
        elif isinstance(item, float):
            if not math.isfinite(item):
                problems.add(place, _("Not a finite number."))
        elif isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str) and "\x00" in key:
                    problems.add(place, _("A field's name contains a NUL character."))
                stack.append((f"{place}.{key}" if place else str(key), inner))
        elif isinstance(item, list):
            stack.extend((f"{place}[{i}]", inner) for i, inner in enumerate(item))


_TEXT = {"CharField", "TextField", "SlugField", "URLField", "EmailField"}
_INTEGER = {
    "IntegerField",
    "SmallIntegerField",
    "BigIntegerField",
    "PositiveIntegerField",
    "PositiveSmallIntegerField",
    "PositiveBigIntegerField",
}


def _typed(field: models.Field, value):
    """The value as the field holds it, or ValueError with what was expected (strict: JSON's own types only)."""
    kind = field.get_internal_type()
    if kind in _TEXT:
        if not isinstance(value, str):
            raise ValueError(_("Expected text."))
        return value
    if kind in _INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(_("Expected a whole number."))
        return value
    if kind == "DecimalField":  # money: written as text ("7.50"), so no cent is lost to a float
        try:
            number = (
                Decimal(value)
                if isinstance(value, str)
                else (Decimal(str(value)) if isinstance(value, (int, float)) and not isinstance(value, bool) else None)
            )
        except InvalidOperation:
            number = None
        if number is None or not number.is_finite():
            raise ValueError(_("Expected a number."))
        return number
    if kind == "FloatField":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(_("Expected a number."))
        return float(value)
    if kind == "BooleanField":
        if not isinstance(value, bool):
            raise ValueError(_("Expected true or false."))
        return value
    if kind == "DateTimeField":
        parsed = parse_datetime(value) if isinstance(value, str) else None
        if parsed is None:
            raise ValueError(_("Expected an ISO date and time."))
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.timezone.utc)
    if kind == "DateField":
        parsed = parse_date(value) if isinstance(value, str) else None
        if parsed is None:
            raise ValueError(_("Expected an ISO date."))
        return parsed
    return field.to_python(value)


def field_value(field: models.Field, value, *, where: str, problems: Problems):
    """`value` checked against the field's rules (type, null, choices, length, range); None after naming a
    problem (check `problems` when None is a legal value)."""
    if value is None:
        if not field.null:
            problems.add(where, _("May not be null."))
        return None
    try:
        value = _typed(field, value)
    except (ValueError, TypeError, ValidationError) as exc:
        problems.add(where, " ".join(exc.messages) if isinstance(exc, ValidationError) else str(exc))
        return None
    if field.choices and value not in {key for key, _label in field.flatchoices} and not (field.blank and value == ""):
        problems.add(where, _("One of: %(v)s.") % {"v": ", ".join(str(k) for k, _l in field.flatchoices)})
        return None
    try:
        field.run_validators(value)
    except ValidationError as exc:
        problems.add(where, " ".join(exc.messages))
        return None
    return value


def row_fields(model: type[models.Model], row: dict, *, where: str, problems: Problems, skip=frozenset()) -> dict:
    """The row's own columns of `model` (not its relations, not `skip`), each checked by `field_value`; unknown
    keys are named."""
    out = {}
    for key, value in row.items():
        if key in skip:
            continue
        try:
            field = model._meta.get_field(key)
        except Exception:  # FieldDoesNotExist, or a key that isn't even a name
            field = None
        if field is None or not field.concrete or field.is_relation or field.primary_key:
            problems.add(f"{where}.{key}", _("Unknown field."))
            continue
        checked = field_value(field, value, where=f"{where}.{key}", problems=problems)
        if checked is not None or value is None:
            out[key] = checked
    return out


def _constraint_fields(constraint) -> list[str]:
    if isinstance(constraint, UniqueConstraint):
        return list(constraint.fields)
    names: list[str] = []
    pending = [getattr(constraint, "condition", None) or getattr(constraint, "check", None)]
    while pending:
        node = pending.pop()
        if isinstance(node, Q):
            pending.extend(node.children)
        elif isinstance(node, tuple) and node and isinstance(node[0], str):
            names.append(node[0].split("__")[0])
    return names


def _broken_rule(model: type[models.Model], exc: Exception) -> tuple[str, str]:
    """(the field, the sentence) of the model's constraint named in a database error; ("", a general sentence)
    when none is."""
    text = str(exc)
    for constraint in model._meta.constraints:
        if constraint.name in text and isinstance(constraint, (CheckConstraint, UniqueConstraint)):
            fields = _constraint_fields(constraint)
            field = model._meta.get_field(fields[0]).name if fields else ""
            return field, _("Breaks the rule %(rule)s.") % {"rule": constraint.name}
    return "", _("The database refused this row (%(reason)s).") % {"reason": text.splitlines()[0][:200]}


def rows_insert(rows: list[models.Model], *, wheres: list[str], problems: Problems) -> list[models.Model]:
    """Insert the rows (all of one model) at once and return them with their ids. When the database refuses them
    (a constraint across rows), find the first row it refuses, name it with its rule, and raise every problem:
    the caller's transaction then writes nothing."""
    if not rows:
        return []
    model = type(rows[0])
    try:
        with transaction.atomic():
            return model.objects.bulk_create(rows)
    except (IntegrityError, DataError):
        pass
    for row, where in zip(rows, wheres, strict=True):
        row.pk = None
        try:
            with transaction.atomic():
                model.objects.bulk_create([row])
        except (IntegrityError, DataError) as exc:
            field, message = _broken_rule(model, exc)
            problems.add(f"{where}.{field}" if field else where, message)
            break
    else:
        problems.add(wheres[0].split("[")[0], _("The database refused these rows together."))
    problems.raise_if_any()
    return rows
