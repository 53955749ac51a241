"""Sentences kept in their source language with their values, shown in the reader's language (issue 29, 32).

The event log stores what happened once, but German and Chinese readers must read it in their language: a log
line keeps the gettext msgid (and its plural) with the values, and is translated when it is read. A writer marks
its sentence as usual, lazily, and passes it with its values:

    LogText(gettext_lazy("%(team)s dropped after round %(n)d."), {"team": name, "n": 3})
    LogText(ngettext_lazy("%(n)d team has not checked in.", "%(n)d teams have not checked in.", "n"), {"n": 2})

A value may itself be a lazy string (a round's kind, an action's label) or a list of them (read as "a, b"); it is
translated when read, too. `str()`
of a LogText is the sentence in the active language, so it serves wherever a translated string did.

The stored form (`as_json`) is plain JSON: {"t": msgid, "pl": plural msgid, "n": count key, "c": context (of a
pgettext_lazy), "p": {name: value}}, a translatable value being {"t": msgid} (and its "c"). This module is a leaf: it imports nothing of Hydra but `common`.
"""

from collections.abc import Mapping

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext

from common.textlist import list_separator


def _source(message) -> dict:
    """The msgid (and plural msgid and count key) behind a lazy gettext_lazy / ngettext_lazy string."""
    if not isinstance(message, Promise):
        return {"t": str(message)}
    reduced = message.__reduce__()
    args = reduced[1]
    # ngettext_lazy with a named count: (func, resultclass, number, {"singular", "plural"}) for pickling.
    if len(args) == 4 and isinstance(args[3], dict) and "singular" in args[3]:
        return {"t": args[3]["singular"], "pl": args[3]["plural"], "n": args[2]}
    # pgettext_lazy: (func, (context, message), kwargs, ...): the context must travel with the msgid.
    if getattr(args[0], "__name__", "") == "pgettext" and len(args[1]) == 2:
        return {"t": args[1][1], "c": args[1][0]}
    with translation.override(None):
        return {"t": str(message)}


def _value_json(value):
    if isinstance(value, LogText):
        return value.as_json()
    if isinstance(value, Promise):
        return _source(value)
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_value_json(v) for v in value]
    return str(value)


class LogText:
    """A sentence to translate when read: a lazy msgid and its values (see the module's docstring)."""

    def __init__(self, message, params: Mapping | None = None):
        self.source = _source(message)
        self.params = {k: _value_json(v) for k, v in (params or {}).items()}

    def as_json(self) -> dict:
        return {**self.source, "p": self.params}

    def english(self) -> str:
        """The sentence in its source language (the msgids are English)."""
        with translation.override(None):
            return log_text_render(self.as_json())

    def __str__(self) -> str:
        return log_text_render(self.as_json())

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __repr__(self) -> str:
        return f"LogText({self.source['t']!r})"

    def __eq__(self, other) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(self.source["t"])


def _value_render(value):
    if isinstance(value, dict) and "t" in value:
        return log_text_render(value)
    if isinstance(value, list):  # several values, each read in the reader's language: "name, date" ("name、date")
        return list_separator().join(str(_value_render(v)) for v in value)
    return value


def log_text_render(stored, fallback: str = "") -> str:
    """A stored sentence (LogText.as_json, or a plain string) in the active language; `fallback` when its values
    don't fit the translation (a damaged catalogue must not break the log page)."""
    if isinstance(stored, str):
        return stored
    if not isinstance(stored, dict) or not isinstance(stored.get("t"), str):
        return fallback or str(stored)
    params = {k: _value_render(v) for k, v in (stored.get("p") or {}).items()}
    if stored.get("pl") and stored.get("n") in params:
        try:
            count = int(params[stored["n"]])
        except (TypeError, ValueError):
            count = 1
        template = ngettext(stored["t"], stored["pl"], count)
    elif stored.get("c"):
        template = pgettext(stored["c"], stored["t"])
    else:
        template = gettext(stored["t"]) if stored["t"] else ""
    if not params:
        return template
    try:
        return template % params
    except (KeyError, ValueError, TypeError):
        return fallback or stored["t"]
