"""The card data Hydra ships (issue 45): August 2026's cards, sets and banned lists, the 2022 data's printed names
kept, and formats the data doesn't give left unchecked (with a notice) instead of every card illegal."""

import datetime as dt

import pytest
from django.template import Context, Template
from django.utils import translation

from cards.bundle import BUNDLE_FORMATS, records_supplement
from cards.importer import CardRecord, read_card_data
from cards.models import CardDataImport
from cards.selectors import card_formats_checked, cards_faces, team_decklists_check
from cards.services import BUNDLE_PATH

pytestmark = pytest.mark.django_db

# Mono-red aggro of August 2026 (Bloomburrow, Duskmourn, Foundations, Outlaws), partly written as printed in
# Japanese (稲妻の一撃 = Lightning Strike, 山 = Mountain) and French (Éclair explosif = Burst Lightning, Choc = Shock).
STANDARD_2026 = """4 Emberheart Challenger
4 Manifold Mouse
4 Éclair explosif
4 Choc
4 Slickshot Show-Off
4 Hired Claw
4 Razorkin Needlehead
4 Sunspine Lynx
4 稲妻の一撃
4 Rockface Village
20 山

Sideboard
2 Turn Inside Out
"""


def check(text: str, fmt: str = "standard"):
    return team_decklists_check(decklists=[("deck", text)], rule="four-copies", formats=fmt)


def test_a_standard_decklist_of_august_2026_cards_is_legal_with_japanese_and_french_names(_cards_committed):
    result = check(STANDARD_2026)
    assert (result.parse_errors, result.problems) == ({"deck": []}, [])
    main = result.decks["deck"].main
    assert (main["Lightning Strike"], main["Burst Lightning"], main["Shock"], main["Mountain"]) == (4, 4, 4, 20)
    assert result.data_date == dt.date(2026, 8, 22) and result.unchecked_formats == () and result.notice == ""


@pytest.mark.parametrize("banned", ["Badgermole Cub", "Gran-Gran", "Stormchaser's Talent"])
def test_a_card_banned_in_standard_on_10_august_2026_is_refused(_cards_committed, banned):
    text = STANDARD_2026.replace("4 Hired Claw", f"4 {banned}")
    result = check(text)
    assert [(p.code, p.card) for p in result.problems] == [("banned", banned)]
    assert "is banned in Standard" in result.problems[0].message
    assert check(text, "pioneer").problems == []  # banned in Standard only


def test_cards_rotated_out_of_standard_are_not_legal_there(_cards_committed):
    text = STANDARD_2026.replace("4 Hired Claw", "4 Sheoldred, the Apocalypse")
    assert [(p.code, p.card) for p in check(text).problems] == [("not-legal", "Sheoldred, the Apocalypse")]


def test_the_bundle_is_august_2026_with_the_2022_printed_names_and_oracle_ids():
    data = read_card_data(BUNDLE_PATH)
    assert data.data_date == "2026-08-22" and len(data.cards) > 34_000 and len(data.sets) > 1_000
    cards = {r.name: r for r in data.cards}
    bolt = cards["Lightning Bolt"]
    assert {"ja": "稲妻", "fr": "Foudre", "de": "Blitzschlag", "zhs": "闪电击"}.items() <= dict(
        bolt.printed_names
    ).items()
    assert bolt.oracle_id == "4457ed35-7c10-48c8-9776-456485fdf070"
    assert cards["Badgermole Cub"].legalities["standard"] == "banned"
    assert cards["Sol Ring"].legalities == {
        "commander": "legal",
        "legacy": "banned",
        "vintage": "restricted",
        "oldschool": "restricted",
    }
    # The formats the composite derived, Commander among them; Arena's formats it does not give are left out.
    assert set(data.formats) == {f for f in BUNDLE_FORMATS if f not in {"explorer", "historic", "alchemy", "penny"}}


def test_records_supplement_fills_printed_names_and_oracle_ids_the_newer_data_lacks():
    def record(name, printed=(), oracle_id=""):
        return CardRecord(
            name=name,
            ascii_name=name,
            face_names=(name,),
            type_line="Instant",
            supertypes=(),
            types=("Instant",),
            mana_value=1,
            colors="R",
            legalities={},
            deck_limit=None,
            oracle_id=oracle_id,
            layout="normal",
            printed_names=printed,
        )

    newer = [record("Lightning Bolt", (("de", "Blitzschlag"),)), record("New Card", (), "n-1")]
    older = [record("Lightning Bolt", (("de", "Alt"), ("ja", "稲妻")), "o-1"), record("Gone Card")]
    records, gained = records_supplement(newer, older)
    assert gained == 1 and [r.name for r in records] == ["Lightning Bolt", "New Card"]
    assert records[0].printed_names == (("de", "Blitzschlag"), ("ja", "稲妻")) and records[0].oracle_id == "o-1"
    assert records[1] == newer[1]


def test_a_format_the_card_data_does_not_give_is_not_checked_and_says_so(_cards_committed):
    assert "explorer" not in card_formats_checked() and "standard" in card_formats_checked()
    result = check(STANDARD_2026.replace("4 Hired Claw", "4 Sheoldred, the Apocalypse"), "explorer")
    assert (result.parse_errors, result.problems) == ({"deck": []}, [])  # not "every card illegal"
    assert result.unchecked_formats == ("explorer",)
    assert "does not say which cards are legal in Explorer" in result.notice
    # Deck size and copies are still checked.
    assert [p.code for p in check("5 Shock\n55 Mountain", "explorer").problems] == ["too-many-copies"]


def test_data_that_gives_every_format_checks_every_format(_cards_committed):
    CardDataImport.objects.create(data_date=dt.date(2026, 9, 1), source="AllPrintings.json.xz", formats=None)
    assert card_formats_checked() is None
    problems = check("4 Sheoldred, the Apocalypse\n56 Swamp", "explorer").problems
    assert {(p.code, p.card) for p in problems} == {("not-legal", "Sheoldred, the Apocalypse"), ("not-legal", "Swamp")}
    # An event of August 2026 is still judged by the data of its date, which did not give Explorer.
    assert card_formats_checked(on_date=dt.date(2026, 8, 30)) is not None


@pytest.mark.parametrize(("language", "bolt", "mountain"), [("ja", "稲妻", "山"), ("fr", "Foudre", "montagne")])
def test_draft_cards_show_their_japanese_and_french_names_beside_the_english(
    _cards_committed, language, bolt, mountain
):
    class PackCard:
        def __init__(self, name):
            self.name, self.set_code, self.number = name, "", ""

    pack = [PackCard("Lightning Bolt"), PackCard("Mountain"), PackCard("Hired Claw")]
    faces = cards_faces(cards=pack, language=language)
    # Printed names are as the data writes them (French basic lands appear in either case); none for a card new
    # since 2022.
    assert [faces[(c.name, "", "")].local_name.casefold() for c in pack] == [bolt.casefold(), mountain, ""]
    with translation.override(language):
        html = Template(
            "{% load cards %}{% for card in pack|with_faces %}<li>{% card_name card %}</li>{% endfor %}"
        ).render(Context({"pack": pack}))
    assert f'<li>{bolt} <span class="card-english" lang="en">(Lightning Bolt)</span></li>' in html
    assert "<li>Hired Claw</li>" in html
