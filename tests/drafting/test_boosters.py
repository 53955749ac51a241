"""Booster generation from MTGJSON booster configurations, and the set data Hydra ships."""

import gzip
import json
from collections import Counter
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from drafting.boosters import BoosterDataError, booster_config, open_boosters
from drafting.data import UnknownSetError, available_sets, compact_set, load_set


def make_card(uuid, *, rarity="common", colors=("W",), supertypes=(), types=("Creature",)):
    return {
        "uuid": uuid,
        "name": f"Card {uuid}",
        "number": uuid,
        "rarity": rarity,
        "colors": list(colors),
        "types": list(types),
        "supertypes": list(supertypes),
        "manaValue": 2.0,
    }


def make_set(*, sheets, boosters, cards, code="TST"):
    return {
        "code": code,
        "name": "Test Set",
        "type": "expansion",
        "releaseDate": "2020-01-01",
        "booster": {"default": {"boosters": boosters, "sheets": sheets}},
        "cards": cards,
    }


def sheet_of(uuids, **flags):
    return {"cards": {uuid: 1 for uuid in uuids}, "totalWeight": len(uuids), **flags}


def test_open_boosters_same_seed_same_packs():
    dom = load_set("DOM")
    assert open_boosters(dom, count=6, seed=42) == open_boosters(dom, count=6, seed=42)


def test_open_boosters_different_seeds_differ():
    dom = load_set("DOM")
    first = [[card.uuid for card in pack] for pack in open_boosters(dom, count=6, seed=1)]
    second = [[card.uuid for card in pack] for pack in open_boosters(dom, count=6, seed=2)]
    assert first != second


def test_open_boosters_dom_pack_size_follows_template_and_has_one_rare():
    dom = load_set("DOM")
    config = booster_config(dom)
    expected_sizes = {sum(template["contents"].values()) for template in dom["booster"]["default"]["boosters"]}
    assert config.pack_sizes == tuple(sorted(expected_sizes))
    for pack in open_boosters(dom, count=200, seed="dom"):
        assert len(pack) in expected_sizes
        # The foil slot may also hold a rare; the rare-or-mythic slot is the one non-foil rare.
        assert sum(1 for card in pack if card.rarity in ("rare", "mythic") and not card.foil) == 1
        assert sum(1 for card in pack if card.is_basic_land and card.sheet == "basic") == 1


def test_open_boosters_pack_is_laid_out_commons_first_basic_last():
    pack = open_boosters(load_set("DOM"), count=1, seed=7)[0]
    assert pack[0].rarity == "common"
    assert pack[-1].sheet == "basic"
    rank = {"common": 0, "uncommon": 1, "rare": 2, "mythic": 2}
    non_foil = [rank[card.rarity] for card in pack if not card.foil and card.sheet != "basic"]
    assert non_foil == sorted(non_foil)


def test_open_boosters_no_card_twice_from_one_sheet():
    for info in available_sets():
        set_data = load_set(info.code)
        sheets = booster_config(set_data).sheets
        for pack in open_boosters(set_data, count=30, seed=info.code):
            per_sheet = Counter((card.sheet, card.uuid) for card in pack)
            repeated = [key for key, n in per_sheet.items() if n > 1 and not sheets[key[0]].allow_duplicates]
            assert repeated == []


def test_open_boosters_allow_duplicates_sheet_can_repeat():
    cards = [make_card("a"), make_card("b")]
    set_data = make_set(
        sheets={"common": sheet_of(["a", "b"], allowDuplicates=True)},
        boosters=[{"contents": {"common": 10}, "weight": 1}],
        cards=cards,
    )
    pack = open_boosters(set_data, count=1, seed=3)[0]
    assert len(pack) == 10
    assert len({card.uuid for card in pack}) == 2


def test_open_boosters_template_chosen_by_weight():
    cards = [make_card("a"), make_card("r", rarity="rare")]
    set_data = make_set(
        sheets={"common": sheet_of(["a"]), "rare": sheet_of(["r"])},
        boosters=[
            {"contents": {"common": 1}, "weight": 3},
            {"contents": {"common": 1, "rare": 1}, "weight": 1},
            {"contents": {"rare": 1}, "weight": 0},
        ],
        cards=cards,
    )
    sizes = Counter(len(pack) for pack in open_boosters(set_data, count=4000, seed=11))
    assert set(sizes) == {1, 2}
    assert 0.7 < sizes[1] / 4000 < 0.8  # weight 3 of 4


def test_open_boosters_balance_colors_gives_every_colour():
    cards = [make_card(f"{color}{n}", colors=(color,)) for color in "WUBRG" for n in range(6)]
    cards += [make_card(f"X{n}", colors=()) for n in range(40)]  # colourless cards dominate the weights
    set_data = make_set(
        sheets={"common": sheet_of([card["uuid"] for card in cards], balanceColors=True)},
        boosters=[{"contents": {"common": 10}, "weight": 1}],
        cards=cards,
    )
    for pack in open_boosters(set_data, count=50, seed=5):
        assert {color for card in pack for color in card.colors} == set("WUBRG")


def test_open_boosters_set_without_booster_data_raises_clear_error():
    set_data = {"code": "LEA", "name": "Limited Edition Alpha", "cards": []}
    with pytest.raises(BoosterDataError, match="Set LEA has no 'default' booster configuration"):
        open_boosters(set_data, count=1, seed=1)


def test_open_boosters_sheet_with_unknown_card_raises():
    set_data = make_set(
        sheets={"common": sheet_of(["a", "ghost"])},
        boosters=[{"contents": {"common": 1}, "weight": 1}],
        cards=[make_card("a")],
    )
    with pytest.raises(BoosterDataError, match="not in the set's card list"):
        open_boosters(set_data, count=1, seed=1)


def test_open_boosters_every_shipped_set_opens():
    infos = available_sets()
    assert len(infos) == 25
    for info in infos:
        set_data = load_set(info.code)
        config = booster_config(set_data)
        assert config.pack_sizes == info.pack_sizes
        for pack in open_boosters(set_data, count=3, seed=info.code):
            assert len(pack) in config.pack_sizes
            assert all(card.name and card.rarity for card in pack)


def test_available_sets_pack_sizes_are_fifteen_or_fourteen():
    sizes = {info.code: info.pack_sizes for info in available_sets()}
    # Every shipped product is a 15-card pack but STX, whose Mystical Archive slot (cards of
    # the STA set) is not in the source data and is left out.
    assert {code for code, size in sizes.items() if size != (15,)} == {"STX"}
    assert sizes["STX"] == (14,)


def test_available_sets_newest_first_with_names():
    infos = available_sets()
    assert [info.release_date for info in infos] == sorted((info.release_date for info in infos), reverse=True)
    assert {info.code: info.name for info in infos}["DOM"] == "Dominaria"


def test_load_set_is_case_insensitive_and_rejects_unknown_codes():
    assert load_set("dom")["code"] == "DOM"
    with pytest.raises(UnknownSetError, match="Available sets: .*DOM"):
        load_set("XXX")
    with pytest.raises(UnknownSetError):
        load_set("../DOM")


def test_compact_set_drops_unknown_cards_and_empty_sheets():
    set_data = make_set(
        sheets={"common": sheet_of(["a", "b", "ghost"]), "archive": sheet_of(["ghost2"])},
        boosters=[
            {"contents": {"common": 2, "archive": 1}, "weight": 2},
            {"contents": {"common": 2}, "weight": 1},
        ],
        cards=[make_card("a"), make_card("b"), make_card("unused")],
    )
    data, dropped = compact_set(set_data)
    assert dropped == {"common": 1, "archive": 1}
    product = data["booster"]["default"]
    # The two templates became the same pack once the archive slot went, so they merge.
    assert product["boosters"] == [{"contents": {"common": 2}, "weight": 3}]
    assert product["sheets"] == {"common": {"cards": {"a": 1, "b": 1}, "totalWeight": 2}}
    assert [card["uuid"] for card in data["cards"]] == ["a", "b"]
    assert booster_config(data).pack_sizes == (2,)


def test_compact_set_resolves_cards_from_other_sets():
    set_data = make_set(
        sheets={"common": sheet_of(["a"]), "archive": sheet_of(["sta1"])},
        boosters=[{"contents": {"common": 1, "archive": 1}, "weight": 1}],
        cards=[make_card("a")],
    )
    other = {"sta1": {**make_card("sta1", rarity="rare"), "setCode": "STA"}}
    data, dropped = compact_set(set_data, other_cards=other)
    assert dropped == {}
    pack = open_boosters(data, count=1, seed=1)[0]
    assert [(card.uuid, card.set_code) for card in pack] == [("a", "TST"), ("sta1", "STA")]


def test_build_set_bundle_command_writes_bundle(tmp_path):
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    tst = make_set(
        sheets={"common": sheet_of(["a", "b"])},
        boosters=[{"contents": {"common": 2}, "weight": 1}],
        cards=[make_card("a"), make_card("b")],
    )
    with gzip.open(src / "TST.json.gz", "wt", encoding="utf-8") as handle:
        json.dump({"meta": {"version": "test"}, "data": tst}, handle)
    no_boosters = {"code": "NOB", "name": "No Boosters", "cards": []}
    with gzip.open(src / "NOB.json.gz", "wt", encoding="utf-8") as handle:
        json.dump({"meta": {}, "data": no_boosters}, handle)
    (src / "SetList.json").write_text(json.dumps({"data": [{"code": "TST", "name": "Official Test Name"}]}))

    call_command("build_set_bundle", str(src), str(out), stdout=StringIO(), stderr=StringIO())

    assert sorted(path.name for path in out.iterdir()) == ["TST.json.gz", "index.json"]
    infos = available_sets(sets_dir=out)
    assert [(info.code, info.name, info.pack_sizes) for info in infos] == [("TST", "Official Test Name", (2,))]
    packs = open_boosters(load_set("TST", sets_dir=out), count=2, seed=9)
    assert packs == open_boosters(tst, count=2, seed=9)


def test_build_set_bundle_command_rejects_missing_folder(tmp_path):
    with pytest.raises(CommandError, match="is not a folder"):
        call_command("build_set_bundle", str(tmp_path / "nowhere"), str(tmp_path / "out"))
