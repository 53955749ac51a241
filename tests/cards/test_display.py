"""Cards shown as cards: mana symbols, faces looked up per pack in fixed queries, pictures only when allowed."""

from types import SimpleNamespace

import pytest
from django.template import Context, Template

from cards.display import ManaSymbol, mana_symbols, scryfall_image_url
from cards.models import Card, CardDisplaySettings
from cards.selectors import card_images_forget
from cards.services import cards_import_file
from tests.cards.test_import_data import allprintings, scryfall_id_of, write


def test_mana_symbols_reads_generic_colour_hybrid_and_phyrexian_symbols_and_keeps_separators():
    assert mana_symbols("{2}{W/U}{G/P}{2/R} // {X}{R}") == [
        ManaSymbol("2", "{2}"),
        ManaSymbol("WU", "{W/U}"),
        ManaSymbol("GP", "{G/P}"),
        ManaSymbol("2R", "{2/R}"),
        " // ",
        ManaSymbol("X", "{X}"),
        ManaSymbol("R", "{R}"),
    ]
    assert mana_symbols("") == []


def test_scryfall_image_url_by_id_on_scryfalls_image_server():
    assert scryfall_image_url("e3285e6b-3e79-4d7c-bf96-d920f973b80b") == (
        "https://cards.scryfall.io/normal/front/e/3/e3285e6b-3e79-4d7c-bf96-d920f973b80b.jpg"
    )
    assert scryfall_image_url(" E3285E6B-3E79-4D7C-BF96-D920F973B80B", version="small") == (
        "https://cards.scryfall.io/small/front/e/3/e3285e6b-3e79-4d7c-bf96-d920f973b80b.jpg"
    )
    # No id, or something that isn't one (nothing of it reaches the page): no picture, the card shows as text.
    for not_an_id in ("", "sf-u-zap", "e3285e6b-3e79-4d7c-bf96-d920f973b80b/../x", '"><script>'):
        assert scryfall_image_url(not_an_id) == ""
    assert scryfall_image_url("e3285e6b-3e79-4d7c-bf96-d920f973b80b", version="../x") == ""


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
    Card.objects.create(name="Textual Hydra", name_key="textual hydra")  # known, without a Scryfall id
    pack = [
        SimpleNamespace(name="Hydra Zap", set_code="TS2", uuid="u-zap", pk=1),  # a printing of TS1, in fact
        SimpleNamespace(name="Night Hydra // Day Hydra", set_code="", pk=2),
        SimpleNamespace(name="Not In The Catalogue", pk=3),
        SimpleNamespace(name="Textual Hydra", pk=4),
    ]
    template = Template(
        "{% load cards %}{% for card in pack|with_faces %}<li>{{ card.pk }}{% card_face card.face %}</li>{% endfor %}"
    )
    with django_assert_num_queries(2):
        html = template.render(Context({"pack": pack}))
    assert html.count("<li>") == 4 and "<li>1" in html and "<li>3" in html
    assert 'aria-label="{R}"' in html and "<summary>Instant</summary>" in html
    assert "Hydra Zap deals 3 damage to any target." in html
    assert "<img" not in html and "scryfall" not in html
    CardDisplaySettings.objects.create(remote_images=True)
    card_images_forget()
    try:
        with django_assert_num_queries(3):  # and the printings of the cards with a uuid
            html = template.render(Context({"pack": pack}))
    finally:
        card_images_forget()  # the setting is rolled back with the test; so is what this process remembers
    image = "https://cards.scryfall.io/normal/front/{0}/{1}/{0}{1}{2}.jpg".format
    zap, night = scryfall_id_of("u-zap"), scryfall_id_of("u-night")
    # The printing the pack's card names (uuid), else the card's own picture (the card's Scryfall id) ...
    assert f'src="{image(zap[0], zap[1], zap[2:])}"' in html
    assert f'src="{image(night[0], night[1], night[2:])}"' in html
    # ... and none for a card the catalogue doesn't know or has no id for: those show as text.
    assert html.count("<img") == 2 and "api.scryfall.com" not in html
    # The text version stays, for a device that is offline.
    assert "Hydra Zap deals 3 damage to any target." in html
