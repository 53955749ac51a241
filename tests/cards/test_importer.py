"""Reading card data files (pure) and writing them to the database (services)."""

import gzip
import lzma
import json
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

from cards.deckrules import DECK_LIMIT_ANY
from cards.importer import (
    CardDataError,
    bundle_document,
    color_identity_from_card,
    deck_limit_from_text,
    records_from_bundle,
    records_from_data,
    records_from_file,
)
from cards.models import Card, CardName
from cards.services import BUNDLE_PATH, cards_import, cards_import_file

MTGJSON_SAMPLE = {
    "meta": {"date": "2022-04-25", "version": "5.2.0+20220425"},
    "data": {
        "Lightning Bolt": [
            {
                "name": "Lightning Bolt",
                "type": "Instant",
                "types": ["Instant"],
                "supertypes": [],
                "colors": ["R"],
                "manaValue": 1.0,
                "layout": "normal",
                "text": "Lightning Bolt deals 3 damage to any target.",
                "legalities": {"modern": "Legal", "commander": "Legal"},
                "foreignData": [{"language": "German", "name": "Blitzschlag"}, {"language": "Hebrew", "name": "x"}],
                "identifiers": {"scryfallOracleId": "4457ed35-7c10-48c8-9776-456485fdf070"},
            }
        ],
        "Propaganda": [{"name": "Propaganda", "type": "Enchantment", "types": ["Enchantment"], "layout": "normal"}],
        "Propaganda // Propaganda": [
            {"name": "Propaganda // Propaganda", "faceName": "Propaganda", "side": "a", "layout": "reversible_card"},
            {"name": "Propaganda // Propaganda", "faceName": "Propaganda", "side": "b", "layout": "reversible_card"},
        ],
    },
}


def test_deck_limit_from_text_reads_the_number():
    assert deck_limit_from_text("A deck can have up to seven cards named Seven Dwarves.") == 7
    assert deck_limit_from_text("A deck can have any number of cards named Relentless Rats.") == DECK_LIMIT_ANY
    assert deck_limit_from_text("Lightning Bolt deals 3 damage to any target.") is None
    with pytest.raises(CardDataError):
        deck_limit_from_text("A deck can have up to umpteen cards named Foo.")


def test_records_from_scryfall_sample(scryfall_sample):
    records = {r.name: r for r in records_from_file(scryfall_sample)}
    assert "Goblin" not in records  # a token
    assert records["Fire // Ice"].face_names == ("Fire", "Ice")
    assert records["Fire // Ice"].colors == "UR"
    assert records["Delver of Secrets // Insectile Aberration"].colors == "U"
    assert records["Lightning Bolt"].legalities == {
        "modern": "legal",
        "legacy": "legal",
        "pauper": "legal",
        "vintage": "legal",
        "commander": "legal",
    }
    assert records["Ancestral Recall"].legalities == {"legacy": "banned", "vintage": "restricted"}
    assert records["Island"].is_basic is True
    assert records["Island"].types == ("Land",)
    assert records["Relentless Rats"].deck_limit == DECK_LIMIT_ANY
    assert records["Seven Dwarves"].deck_limit == 7
    assert records["Erayo, Soratami Ascendant // Erayo's Essence"].supertypes == ("Legendary",)


def test_records_from_scryfall_keep_the_id_of_the_english_printing_as_the_cards_scryfall_id():
    card = {"object": "card", "name": "Lightning Bolt", "type_line": "Instant", "layout": "normal", "set": "m10"}
    german = {**card, "id": "1c5b5d3f-0000-4000-8000-00000000000d", "lang": "de", "printed_name": "Blitzschlag"}
    english = {**card, "id": "e3285e6b-3e79-4d7c-bf96-d920f973b80b", "lang": "en"}
    (record,) = records_from_data([german, english])
    assert record.scryfall_id == "e3285e6b-3e79-4d7c-bf96-d920f973b80b"
    (record,) = records_from_data([german])  # no English printing: no picture of the English card
    assert record.scryfall_id == ""


def test_records_from_mtgjson_skips_reversible_duplicates_and_unused_languages():
    records = {r.name: r for r in records_from_data(MTGJSON_SAMPLE)}
    assert sorted(records) == ["Lightning Bolt", "Propaganda"]
    assert records["Lightning Bolt"].printed_names == (("de", "Blitzschlag"),)
    assert records["Lightning Bolt"].legalities == {"modern": "legal", "commander": "legal"}


def test_records_bundle_round_trip_keeps_chosen_formats_and_languages():
    records = records_from_data(MTGJSON_SAMPLE)
    document = json.loads(json.dumps(bundle_document(records, formats=["modern"], languages=["de"])))
    bolt = {r.name: r for r in records_from_bundle(document)}["Lightning Bolt"]
    assert bolt.legalities == {"modern": "legal"}
    assert bolt.printed_names == (("de", "Blitzschlag"),)
    assert bolt.oracle_id == "4457ed35-7c10-48c8-9776-456485fdf070"


def test_records_keep_the_datas_colour_identity_and_power(scryfall_sample):
    records = {r.name: r for r in records_from_file(scryfall_sample)}
    assert records["Fire // Ice"].color_identity == "UR"
    assert records["Island"].color_identity == "U"
    mtgjson = {
        r.name: r
        for r in records_from_data(
            {
                **MTGJSON_SAMPLE,
                "data": {
                    "Krenko, Mob Boss": [
                        {
                            "name": "Krenko, Mob Boss",
                            "type": "Legendary Creature — Goblin Warrior",
                            "types": ["Creature"],
                            "supertypes": ["Legendary"],
                            "colors": ["R"],
                            "colorIdentity": ["R"],
                            "power": "3",
                            "toughness": "3",
                            "manaCost": "{2}{R}{R}",
                            "layout": "normal",
                            "legalities": {"commander": "Legal"},
                        }
                    ]
                },
            }
        )
    }
    krenko = mtgjson["Krenko, Mob Boss"]
    assert (krenko.color_identity, krenko.power, krenko.toughness) == ("R", "3", "3")
    document = json.loads(json.dumps(bundle_document(mtgjson.values(), formats=["commander"], languages=[])))
    assert next(records_from_bundle(document)) == krenko


def test_colour_identity_worked_out_when_the_data_has_none():
    """Comprehensive Rules 903.4: colours (indicators too), mana symbols of the cost and rules text (hybrid halves,
    reminder text aside), basic land types."""
    assert color_identity_from_card(colors="", mana_cost="{R/W}{R/W}", text="") == "WR"
    assert color_identity_from_card(colors="G", mana_cost="", text="") == "G"  # Dryad Arbor's colour indicator
    assert (
        color_identity_from_card(
            colors="", mana_cost="", text="({T}: Add {B} or {G}.)", type_line="Land — Swamp Forest"
        )
        == "BG"
    )  # Bayou
    assert color_identity_from_card(colors="", mana_cost="{2}", text="Kicker {G/P}") == "G"
    assert color_identity_from_card(colors="", mana_cost="{8}{C}{C}", text="") == ""


def test_a_version_2_bundle_is_read_with_worked_out_identity():
    records = records_from_data(MTGJSON_SAMPLE)
    document = json.loads(json.dumps(bundle_document(records, formats=["modern"], languages=["de"])))
    document["version"] = 2
    document["cards"] = [row[:-3] for row in document["cards"]]
    bolt = {r.name: r for r in records_from_bundle(document)}["Lightning Bolt"]
    assert bolt.color_identity == "R"


def test_records_from_file_rejects_what_is_not_card_data(tmp_path):
    (tmp_path / "a.json").write_text('{"hello": "world"}')
    (tmp_path / "b.json").write_bytes(b"\x00\x01 not json")
    for name in ("a.json", "b.json", "missing.json"):
        with pytest.raises(CardDataError):
            records_from_file(tmp_path / name)


def test_bundle_is_small_and_complete():
    assert BUNDLE_PATH.stat().st_size < 4_000_000
    document = json.loads(lzma.decompress(BUNDLE_PATH.read_bytes()))
    assert len(document["cards"]) > 23_000
    assert {"de", "fr", "it", "es", "pt", "ja", "zhs", "zht"} <= set(document["languages"])


def test_cards_import_updates_in_place(names, scryfall_sample, tmp_path):
    before = Card.objects.get(name="Lightning Bolt")
    count = Card.objects.count()
    # Pretend Scryfall banned Bolt in modern since the bundle was made.
    data = json.loads(scryfall_sample.read_text())
    data[0]["legalities"]["modern"] = "banned"
    gz = tmp_path / "oracle-cards.json.xz"
    gz.write_bytes(gzip.compress(json.dumps(data).encode()))
    result = cards_import_file(path=gz)
    after = Card.objects.get(name="Lightning Bolt")
    assert (result.created, result.updated) == (0, 8)
    assert Card.objects.count() == count
    assert after.id == before.id
    assert after.legalities["modern"] == "banned"
    # The Scryfall file has no printed names: the card keeps its English ones only.
    assert sorted(after.names.values_list("language", "name")) == [("en", "Lightning Bolt")]


def test_cards_import_creates_names_for_faces_ascii_and_languages(names):
    delver = Card.objects.get(name="Delver of Secrets // Insectile Aberration")
    assert delver.face_names == ["Delver of Secrets", "Insectile Aberration"]
    kinds = set(delver.names.values_list("kind", "language", "name"))
    assert ("face", "en", "Delver of Secrets") in kinds
    assert ("printed", "de", "Geheimnisstöberer") in kinds
    vault = Card.objects.get(name="Lim-Dûl's Vault")
    assert ("name", "en", "Lim-Dul's Vault") in set(vault.names.values_list("kind", "language", "name"))
    assert Card.objects.get(name="Seven Dwarves").deck_limit == 7
    assert Card.objects.get(name="Island").is_basic is True
    assert Card.objects.get(name="Fire // Ice").colors == "UR"


@pytest.mark.django_db
def test_cards_import_query_count_does_not_grow_per_card(django_assert_max_num_queries, scryfall_sample):
    records = records_from_file(scryfall_sample)
    with django_assert_max_num_queries(10):
        cards_import(records=records)
    assert CardName.objects.filter(card__name="Fire // Ice", kind="face").count() == 2


def test_import_cards_command_plain_json(names, scryfall_sample, tmp_path, capsys):
    plain = tmp_path / "oracle.json"
    shutil.copy(scryfall_sample, plain)
    call_command("import_cards", str(plain))
    assert "Imported 8 cards (0 new, 8 updated)" in capsys.readouterr().out


def test_build_card_bundle_command(tmp_path, capsys):
    source = tmp_path / "AtomicCards.json"
    source.write_text(json.dumps(MTGJSON_SAMPLE))
    out = tmp_path / "cards.json.xz"
    call_command("build_card_bundle", str(source), str(out))
    assert "Wrote 2 cards" in capsys.readouterr().out
    assert {r.name for r in records_from_file(out)} == {"Lightning Bolt", "Propaganda"}
    first = out.read_bytes()
    call_command("build_card_bundle", str(source), str(out))
    assert out.read_bytes() == first
    assert Path(out).stat().st_size < 1000


def test_records_from_scryfall_all_cards_collects_printed_names(scryfall_sample):
    bolt = json.loads(scryfall_sample.read_text())[0]
    german = {**bolt, "lang": "de", "printed_name": "Blitzschlag"}
    chinese = {**bolt, "lang": "zhs", "printed_name": "闪电击"}
    records = list(records_from_data([german, bolt, chinese]))
    assert len(records) == 1
    assert records[0].printed_names == (("de", "Blitzschlag"), ("zhs", "闪电击"))
