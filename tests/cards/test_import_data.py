"""Whole card data files: AllPrintings, compressed files, sets, printings, legalities by date, --download."""

import datetime as dt
import gzip
import http.server
import json
import lzma
import threading
import uuid as uuids
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cards.generate import allprintings_generate
from cards.importer import CardDataError, read_card_data
from cards.models import Card, CardDataImport, CardLegalities, CardSet, Printing
from cards.selectors import card_data_date, card_rules_for_names, team_decklists_check
from cards.services import cards_import_file


def scryfall_id_of(uuid: str) -> str:
    """The (made-up, UUID-shaped) Scryfall id the test data gives the printing with MTGJSON id `uuid`."""
    return str(uuids.uuid5(uuids.NAMESPACE_URL, f"scryfall/{uuid}"))


def _card(name, uuid, number, *, legal="Legal", **extra):
    return {
        "name": name,
        "uuid": uuid,
        "number": number,
        "rarity": "common",
        "type": "Instant",
        "types": ["Instant"],
        "supertypes": [],
        "colors": ["R"],
        "manaCost": "{R}",
        "manaValue": 1.0,
        "layout": "normal",
        "text": f"{name} deals 3 damage to any target.",
        "legalities": {"modern": legal, "legacy": "Legal"},
        "identifiers": {"scryfallId": scryfall_id_of(uuid), "scryfallOracleId": f"or-{name}"},
        "language": "English",
        **extra,
    }


def allprintings(*, date="2023-01-01", legal="Legal", extra_set=True):
    """A small AllPrintings document: two sets, a double-faced card, printed names, a set with play boosters."""
    sets = {
        "TS1": {
            "code": "TS1",
            "name": "Test Set One",
            "type": "expansion",
            "releaseDate": "2022-09-09",
            "booster": {
                "play": {
                    "boosters": [{"contents": {"common": 1}, "weight": 1}],
                    "boostersTotalWeight": 1,
                    "sheets": {"common": {"cards": {"u-zap": 1}, "totalWeight": 1}},
                }
            },
            "cards": [
                _card(
                    "Hydra Zap", "u-zap", "1", legal=legal, foreignData=[{"language": "German", "name": "Hydra-Blitz"}]
                ),
                _card("Night Hydra // Day Hydra", "u-night", "2a", faceName="Night Hydra", side="a"),
                _card("Night Hydra // Day Hydra", "u-day", "2b", faceName="Day Hydra", side="b"),
            ],
        },
    }
    if extra_set:
        sets["TS2"] = {
            "code": "TS2",
            "name": "Test Set Two",
            "type": "core",
            "releaseDate": "2023-01-01",
            "cards": [_card("Hydra Zap", "u-zap-2", "7"), _card("Leaving Hydra", "u-leave", "8")],
        }
    return {"meta": {"date": date, "version": "5.2.1+test"}, "data": sets}


def write(path: Path, document) -> Path:
    payload = json.dumps(document).encode()
    if path.name.endswith(".gz"):
        path.write_bytes(gzip.compress(payload))
    elif path.name.endswith(".xz"):
        path.write_bytes(lzma.compress(payload))
    elif path.name.endswith(".zip"):
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("AllPrintings.json", payload)
    else:
        path.write_bytes(payload)
    return path


@pytest.mark.parametrize(
    "name", ["AllPrintings.json", "AllPrintings.json.gz", "AllPrintings.json.xz", "AllPrintings.json.zip"]
)
def test_read_card_data_allprintings_in_every_compression(tmp_path, name):
    data = read_card_data(write(tmp_path / name, allprintings()))
    assert (data.kind, data.data_date, data.version) == ("allprintings", "2023-01-01", "5.2.1+test")
    cards = {c.name: c for c in data.cards}
    assert sorted(cards) == ["Hydra Zap", "Leaving Hydra", "Night Hydra // Day Hydra"]
    assert cards["Night Hydra // Day Hydra"].face_names == ("Night Hydra", "Day Hydra")
    assert cards["Hydra Zap"].printed_names == (("de", "Hydra-Blitz"),)
    assert cards["Hydra Zap"].mana_cost == "{R}"
    # One printing per card object of side a (the back face is the same printing).
    assert sorted((p.set_code, p.number) for p in data.printings) == [
        ("TS1", "1"),
        ("TS1", "2a"),
        ("TS2", "7"),
        ("TS2", "8"),
    ]
    assert [s.code for s in data.sets] == ["TS1", "TS2"]
    assert json.loads(data.sets[0].booster)["play"]["boosters"][0]["contents"] == {"common": 1}


def test_read_card_data_refuses_what_is_not_card_data(tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(CardDataError, match="not card data"):
        read_card_data(tmp_path / "notes.txt")
    write(tmp_path / "other.json", {"meta": {}, "data": {"X": {"no": "cards"}}})
    with pytest.raises(CardDataError, match="Unrecognised MTGJSON"):
        read_card_data(tmp_path / "other.json")
    (tmp_path / "broken.json.gz").write_bytes(gzip.compress(b'{"meta": {}, "data": {"TS1": {"cards": ['))
    with pytest.raises(CardDataError):
        read_card_data(tmp_path / "broken.json.gz")


@pytest.mark.django_db
def test_import_allprintings_writes_sets_printings_and_legalities_of_the_data_date(tmp_path):
    result = cards_import_file(path=write(tmp_path / "AllPrintings.json.xz", allprintings()))
    assert (result.created, result.printings, result.data_date) == (3, 4, "2023-01-01")
    assert set(result.new_sets) >= {"TS1", "TS2"}
    ts1 = CardSet.objects.get(code="TS1")
    assert (ts1.name, ts1.set_type, ts1.release_date, ts1.booster_kinds) == (
        "Test Set One",
        "expansion",
        dt.date(2022, 9, 9),
        ["play"],
    )
    zap = Printing.objects.get(uuid="u-zap")
    assert (zap.card.name, zap.card_set.code, zap.number, zap.language, zap.scryfall_id, zap.foreign_names) == (
        "Hydra Zap",
        "TS1",
        "1",
        "en",
        scryfall_id_of("u-zap"),
        {"de": "Hydra-Blitz"},
    )
    assert Card.objects.get(name="Hydra Zap").text == "Hydra Zap deals 3 damage to any target."
    assert CardLegalities.objects.filter(card__name="Hydra Zap").count() == 1
    assert CardDataImport.objects.get(source="AllPrintings.json.xz").printings == 4


@pytest.mark.django_db
def test_import_stores_the_cards_scryfall_id_and_data_without_one_keeps_it(tmp_path):
    cards_import_file(path=write(tmp_path / "AllPrintings.json", allprintings(extra_set=False)))
    assert Card.objects.get(name="Hydra Zap").scryfall_id == scryfall_id_of("u-zap")
    assert Card.objects.get(name="Night Hydra // Day Hydra").scryfall_id == scryfall_id_of("u-night")  # the front
    # AtomicCards (and the bundle) carry no printing's id: a later import of them keeps the one stored ...
    atomic = {
        "meta": {"date": "2023-02-01"},
        "data": {
            "Hydra Zap": [{"name": "Hydra Zap", "type": "Instant", "types": ["Instant"], "layout": "normal"}],
            "Atomic Hydra": [{"name": "Atomic Hydra", "type": "Instant", "types": ["Instant"], "layout": "normal"}],
        },
    }
    cards_import_file(path=write(tmp_path / "AtomicCards.json", atomic))
    assert Card.objects.get(name="Hydra Zap").scryfall_id == scryfall_id_of("u-zap")
    assert Card.objects.get(name="Atomic Hydra").scryfall_id == ""  # ... and a card new in them has none
    # ... while data with another id replaces it.
    newer = allprintings(extra_set=False)
    newer["data"]["TS1"]["cards"][0]["identifiers"]["scryfallId"] = scryfall_id_of("u-zap-rescanned")
    cards_import_file(path=write(tmp_path / "AllPrintings.json", newer))
    assert Card.objects.get(name="Hydra Zap").scryfall_id == scryfall_id_of("u-zap-rescanned")


@pytest.mark.django_db
def test_reimport_is_an_upsert_keeping_cards_that_left_and_older_legalities(tmp_path):
    cards_import_file(path=write(tmp_path / "old.json", allprintings()))
    ids = dict(Card.objects.values_list("name", "id"))
    newer = allprintings(date="2024-06-01", legal="Banned", extra_set=False)
    result = cards_import_file(path=write(tmp_path / "new.json", newer))
    assert (result.created, result.updated, result.new_sets) == (0, 2, ())
    assert result.changed_legalities == ("Hydra Zap",)
    # The card that left the data stays (old decklists name it), ids are stable.
    assert dict(Card.objects.values_list("name", "id")) == ids
    assert Printing.objects.filter(uuid="u-leave").exists()
    assert Card.objects.get(name="Hydra Zap").legalities["modern"] == "banned"
    history = list(
        CardLegalities.objects.filter(card__name="Hydra Zap")
        .order_by("valid_from")
        .values_list("valid_from", "legalities")
    )
    assert [(d.isoformat(), legal["modern"]) for d, legal in history] == [
        ("2023-01-01", "legal"),
        ("2024-06-01", "banned"),
    ]
    # Unchanged legalities are not written again.
    assert CardLegalities.objects.filter(card__name="Night Hydra // Day Hydra").count() == 1


@pytest.mark.django_db
def test_legalities_at_the_event_date_and_the_data_date_used(tmp_path):
    CardDataImport.objects.all().delete()  # the bundle's import, if a fixture committed one: only these dates count
    cards_import_file(path=write(tmp_path / "old.json", allprintings()))
    cards_import_file(path=write(tmp_path / "new.json", allprintings(date="2024-06-01", legal="Banned")))
    assert card_data_date(on_date=dt.date(2023, 5, 5)) == dt.date(2023, 1, 1)
    assert card_data_date(on_date=dt.date(2025, 1, 1)) == dt.date(2024, 6, 1)
    assert card_data_date(on_date=dt.date(2020, 1, 1)) == dt.date(2023, 1, 1)  # older than all data: the oldest
    assert (
        card_rules_for_names(names=["Hydra Zap"], on_date=dt.date(2023, 5, 5))["Hydra Zap"].legalities["modern"]
        == "legal"
    )
    assert (
        card_rules_for_names(names=["Hydra Zap"], on_date=dt.date(2024, 7, 1))["Hydra Zap"].legalities["modern"]
        == "banned"
    )
    assert card_rules_for_names(names=["Hydra Zap"])["Hydra Zap"].legalities["modern"] == "banned"
    deck = "\n".join(["4 Hydra Zap", "56 Leaving Hydra"])
    before = team_decklists_check(
        decklists=[("A", deck)], rule="four-copies", formats="modern", on_date=dt.date(2023, 5, 5)
    )
    after = team_decklists_check(
        decklists=[("A", deck)], rule="four-copies", formats="modern", on_date=dt.date(2024, 7, 1)
    )
    assert before.data_date == dt.date(2023, 1, 1)
    assert [p.code for p in before.problems if p.card == "Hydra Zap"] == []
    assert after.data_date == dt.date(2024, 6, 1)
    assert [p.code for p in after.problems if p.card == "Hydra Zap"] == ["banned"]


@pytest.mark.django_db
def test_import_cards_command_prints_the_summary(tmp_path, capsys):
    call_command("import_cards", str(write(tmp_path / "old.json.gz", allprintings())), "--no-progress")
    out = capsys.readouterr().out
    assert "Imported 3 cards (3 new, 0 updated)" in out and "4 printings" in out and "(data of 2023-01-01)" in out
    assert "New sets: " in out and "TS1" in out
    newer = allprintings(date="2024-06-01", legal="Banned")
    newer["data"]["TS2"]["cards"].append(_card("Brand New Hydra", "u-new", "9"))
    call_command("import_cards", str(write(tmp_path / "new.json", newer)), "--no-progress")
    out = capsys.readouterr().out
    assert "Imported 4 cards (1 new, 3 updated)" in out
    assert "New cards: Brand New Hydra." in out
    assert "Changed legalities: 1 cards: Hydra Zap." in out
    assert "New sets" not in out


@pytest.mark.django_db
def test_import_cards_if_empty_does_nothing_when_cards_are_there(tmp_path, capsys):
    call_command("import_cards", str(write(tmp_path / "a.json", allprintings())), "--no-progress")
    capsys.readouterr()
    before = (Card.objects.count(), CardDataImport.objects.count())
    call_command("import_cards", "--if-empty")
    assert "nothing to do" in capsys.readouterr().out
    assert (Card.objects.count(), CardDataImport.objects.count()) == before  # no import ran


class _Server:
    """A local HTTP server for the --download tests: serves files from a directory (no test touches the internet)."""

    def __init__(self, directory: Path):
        handler = lambda *a, **k: http.server.SimpleHTTPRequestHandler(*a, directory=str(directory), **k)  # noqa: E731
        http.server.SimpleHTTPRequestHandler.log_message = lambda *a: None
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(tmp_path):
    served = tmp_path / "served"
    served.mkdir()
    srv = _Server(served)
    srv.directory = served
    yield srv
    srv.close()


@pytest.mark.django_db
def test_import_cards_download_mtgjson_from_a_local_server(server, capsys):
    write(server.directory / "AllPrintings.json.xz", allprintings())
    call_command("import_cards", "--download", "--url", f"{server.url}/AllPrintings.json.xz", "--no-progress")
    assert "Imported 3 cards (3 new, 0 updated)" in capsys.readouterr().out
    assert Printing.objects.count() == 4


@pytest.mark.django_db
def test_import_cards_download_scryfall_follows_the_bulk_index(server, scryfall_sample, capsys):
    (server.directory / "oracle-cards-20261101.json").write_bytes(scryfall_sample.read_bytes())
    index = {
        "object": "list",
        "data": [
            {"type": "default_cards", "download_uri": f"{server.url}/missing.json"},
            {"type": "oracle_cards", "download_uri": f"{server.url}/oracle-cards-20261101.json"},
        ],
    }
    (server.directory / "bulk-data").write_text(json.dumps(index))
    call_command("import_cards", "--download", "scryfall-oracle", "--url", f"{server.url}/bulk-data", "--no-progress")
    out = capsys.readouterr().out
    assert "Imported 8 cards" in out and "from oracle-cards-20261101.json" in out
    assert Card.objects.filter(name="Lightning Bolt").exists()


@pytest.mark.django_db
def test_import_cards_download_offline_says_what_to_do(server):
    server.close()
    with pytest.raises(CommandError, match="Is this machine online.*import_cards FILE"):
        call_command("import_cards", "--download", "--url", f"{server.url}/AllPrintings.json.xz", "--no-progress")
    with pytest.raises(CommandError, match="--url goes with --download"):
        call_command("import_cards", "--url", "http://127.0.0.1:9/x")


def test_generated_allprintings_has_the_size_asked_for(tmp_path):
    written, size = allprintings_generate(out=tmp_path / "AllPrintings.json.gz", printings=700)
    data = read_card_data(tmp_path / "AllPrintings.json.gz")
    assert written == 700 == len(data.printings)
    assert data.kind == "allprintings" and size > 0
    assert any(s.booster for s in data.sets)
    assert len({p.uuid for p in data.printings}) == 700


@pytest.mark.django_db
def test_reimport_rewrites_only_the_names_that_changed(tmp_path):
    from cards.models import CardName

    cards_import_file(path=write(tmp_path / "a.json", allprintings()))
    before = dict(CardName.objects.filter(card__name__contains="Hydra").values_list("name", "id"))
    cards_import_file(path=write(tmp_path / "a.json", allprintings()))
    assert dict(CardName.objects.filter(card__name__contains="Hydra").values_list("name", "id")) == before
    renamed = allprintings()
    renamed["data"]["TS1"]["cards"][0]["foreignData"] = [{"language": "German", "name": "Hydrablitz"}]
    cards_import_file(path=write(tmp_path / "b.json", renamed))
    after = dict(CardName.objects.filter(card__name__contains="Hydra").values_list("name", "id"))
    # AllPrintings gathers printed names from every printing: the new spelling joins, the old one stays only if
    # another printing still has it (none here).
    assert "Hydrablitz" in after and "Hydra-Blitz" not in after
    assert after["Night Hydra // Day Hydra"] == before["Night Hydra // Day Hydra"]  # untouched card, same row
