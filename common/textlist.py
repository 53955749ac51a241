"""Lists of names inside a sentence, in the reader's language: "A, B and C" in English, "A, B et C" in French,
"A、B と C" in Japanese, "A、B 和 C" in Chinese. Chinese and Japanese list with the enumeration comma 、; the other
languages with ", ". Pure (only Django's translation), so the rules engines list names with it too."""

from collections.abc import Iterable

from django.utils.translation import get_language
from django.utils.translation import gettext as _

# The languages whose lists take the enumeration comma (、) instead of ", " (settings.LANGUAGES codes, lower case).
_IDEOGRAPHIC = ("ja", "zh")


def list_separator(language: str | None = None) -> str:
    """The separator between the items of a list in `language` (default: the active one): "、" in Chinese and
    Japanese, ", " in the others."""
    language = (language or get_language() or "en").lower()
    return "、" if language.split("-")[0] in _IDEOGRAPHIC else ", "


def text_list(items: Iterable, *, conjunction: bool = True) -> str:
    """The items (each read as str) listed in the active language: with its "and" before the last item where a
    sentence names them ("A, B and C"), or with the separator alone when `conjunction` is False (a list in
    parentheses, table numbers: "3, 5, 7"; "3、5、7" in Chinese and Japanese). An empty list gives ""."""
    words = [str(item) for item in items]
    separator = list_separator()
    if not conjunction or len(words) < 2:
        return separator.join(words)
    return _("%(first)s and %(last)s") % {"first": separator.join(words[:-1]), "last": words[-1]}
