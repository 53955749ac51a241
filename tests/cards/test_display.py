"""Cards shown as cards: mana symbols, faces looked up per pack in fixed queries, pictures only when allowed."""
from types import SimpleNamespace

import pytest
from django.template import Context, Template

from cards.display import ManaSymbol, mana_symbols, scryfall_image_url
from cards.models import CardDisplaySettings
from cards.selectors import card_images_forget, cards_faces
from cards.services import cards_import_file
from tests.cards.test_import_data import allprintings, write


def test_mana_symbols_reads_generic_colour_hybrid_and_phyrexian_symbols_and_keeps_separators():
    assert mana_symbols("{2}{W/U}{G/P}{2/R} // {X}{R}") == [
        ManaSymbol("2", "{2}"), ManaSymbol("WU", "{W/U}"), ManaSymbol("GP", "{G/P}"), ManaSymbol("2R", "{2/R}"),
        " // ", ManaSymbol("X", "{X}"), ManaSymbol("R", "{R}"),
    ]
    assert mana_symbols("") == []


def test_scryfall_image_url_by_printing_else_by_name():
    assert scryfall_image_url(name="Fire // Ice", set_code="DOM", number="12a") == (
        "https://api.scryfall.com/cards/dom/12a?format=image&version=normal")
    assert scryfall_image_url(name="Fire // Ice") == (
        "https://api.scryfall.com/cards/named?exact=Fire+%2F%2F+Ice&format=image&version=normal")


def test_mana_cost_tag_uses_the_shipped_sprite_and_keeps_the_text_for_screen_readers():
    html = Template("{% load cards %}{% mana_cost cost %}").render(Context({"cost": "{1}{U/R}{Q99}"}))
    assert 'role="img" aria-label="{1}{U/R}{Q99}"' in html
    assert '<use href="/static/cards/mana.svg#ms-1">' in html and 'mana.svg#ms-UR"' in html
    # A symbol the sprite lacks stays as its text rather than an empty picture.
    assert '<span class="ms-text">{Q99}</span>' in html
    assert "http" not in html


@pytest.mark.django_db
def test_pack_faces_cost_two_queries_and_pictures_only_when_allowed(tmp_path, django_assert_num_queries):
    cards_import_file(path=write(tmp_path / "AllPrintings.json", allprintings()))
    card_images_forget()
    pack = [SimpleNamespace(name="Hydra Zap", set_code="TS1", number="1", pk=1),
            SimpleNamespace(name="Night Hydra // Day Hydra", set_code="", pk=2),
            SimpleNamespace(name="Not In The Catalogue", pk=3)]
    template = Template("{% load cards %}{% for card in pack|with_faces %}<li>{{ card.pk }}{% card_face card.face %}</li>{% endfor %}")
    with django_assert_num_queries(2):
        html = template.render(Context({"pack": pack}))
    assert html.count("<li>") == 3 and "<li>1" in html and "<li>3" in html
    assert 'aria-label="{R}"' in html and "<summary>Instant</summary>" in html
    assert "Hydra Zap deals 3 damage to any target." in html
    assert "<img" not in html and "scryfall" not in html
    CardDisplaySettings.objects.create(remote_images=True)
    card_images_forget()
    try:
        html = template.render(Context({"pack": pack}))
    finally:
        card_images_forget()  # the setting is rolled back with the test; so is what this process remembers
    assert 'src="https://api.scryfall.com/cards/ts1/1?format=image&amp;version=normal"' in html
    assert "named?exact=Night+Hydra" in html
    assert html.count("<img") == 2  # none for the card the catalogue does not know
    # The text version stays, for a device that is offline.
    assert "Hydra Zap deals 3 damage to any target." in html
