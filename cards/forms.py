"""Form fields for entering cards by hand, shared by the pages that take a typed list of cards (a draft's packs,
a sealed pool)."""

from django import forms
from django.utils.translation import gettext_lazy as _


def card_list_widget(*, rows: int) -> forms.Textarea:
    """A text box for one card name a line, in a fixed-width font and without spell checking."""
    return forms.Textarea(attrs={"rows": rows, "cols": 60, "spellcheck": "false", "style": "font-family: monospace"})


def set_code_field() -> forms.CharField:
    """The optional set code that lets the card data fill in rarity and collector number and refuse cards the set
    doesn't have."""
    return forms.CharField(
        label=_("Set"),
        max_length=10,
        required=False,
        help_text=_("Optional: the set's data adds rarity and collector number and refuses cards not in the set."),
    )
