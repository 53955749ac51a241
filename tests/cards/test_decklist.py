"""The decklist parser against the real card names (the bundled catalogue)."""

import time

from cards.decklist import COMMANDER, MAX_BYTES, MAX_COUNT, MAX_LINES, decklist_parse, decklist_with_commanders

MTGO = """4 Lightning Bolt
4 Delver of Secrets
52 Island

2 Fire // Ice
1 Relentless Rats
"""

ARENA = """About
Name Izzet Tempo

Deck
4 Lightning Bolt (M10) 146
4 Delver of Secrets (ISD) 51
52 Island (ZNR) 381

Sideboard
2 Fire // Ice (MH2) 290
"""


def _entries(parsed):
    return [(e.line_number, e.section, e.count, e.english) for e in parsed.entries]


def _errors(parsed):
    return [(e.line_number, e.code) for e in parsed.errors]


def test_decklist_mtgo_blank_line_starts_sideboard(names):
    parsed = decklist_parse(MTGO, resolver=names)
    assert parsed.errors == []
    assert parsed.main == {"Lightning Bolt": 4, "Delver of Secrets // Insectile Aberration": 4, "Island": 52}
    assert parsed.sideboard == {"Fire // Ice": 2, "Relentless Rats": 1}


def test_decklist_arena_suffix_and_headings(names):
    parsed = decklist_parse(ARENA, resolver=names)
    assert parsed.errors == []
    assert parsed.name == "Izzet Tempo"
    assert parsed.main == {"Lightning Bolt": 4, "Delver of Secrets // Insectile Aberration": 4, "Island": 52}
    assert parsed.sideboard == {"Fire // Ice": 2}


def test_decklist_sb_prefix_lines_and_x_counts(names):
    text = "4x Lightning Bolt\n56 Mountain\n\nSB: 2 Duress\nSB:3X Fire // Ice\n"
    parsed = decklist_parse(text, resolver=names)
    assert parsed.errors == []
    assert parsed.main == {"Lightning Bolt": 4, "Mountain": 56}
    assert parsed.sideboard == {"Duress": 2, "Fire // Ice": 3}


def test_decklist_blank_lines_with_explicit_sideboard_stay_main(names):
    text = "Deck\n4 Lightning Bolt\n\n56 Mountain\n\nSideboard\n1 Duress\n"
    parsed = decklist_parse(text, resolver=names)
    assert parsed.main == {"Lightning Bolt": 4, "Mountain": 56}
    assert parsed.sideboard == {"Duress": 1}


def test_decklist_names_any_case_accents_and_separators(names):
    text = "1 LIGHTNING bolt\n1 Lim-Dul's Vault\n1 lim-dûl’s vault\n1 Aether Vial\n1 Fire/Ice\n1 fire//ice\n"
    parsed = decklist_parse(text, resolver=names)
    assert parsed.errors == []
    assert parsed.main == {"Lightning Bolt": 1, "Lim-Dûl's Vault": 2, "Aether Vial": 1, "Fire // Ice": 2}


def test_decklist_front_face_of_double_faced_card(names):
    parsed = decklist_parse("4 Delver of Secrets\n1 Insectile Aberration", resolver=names)
    assert parsed.main == {"Delver of Secrets // Insectile Aberration": 5}


def test_decklist_german_and_chinese_names_map_to_english(names):
    parsed = decklist_parse("2 Blitzschlag\n1 闪电击\n1 閃電擊\n1 Geheimnisstöberer\n", resolver=names)
    assert parsed.errors == []
    assert parsed.main == {"Lightning Bolt": 4, "Delver of Secrets // Insectile Aberration": 1}
    assert [e.typed for e in parsed.entries][:2] == ["Blitzschlag", "闪电击"]


def test_decklist_english_name_wins_over_foreign_name(names):
    # "Contemplation" is an English card and also Ponder's name in another language.
    assert decklist_parse("1 Contemplation", resolver=names).main == {"Contemplation": 1}


def test_decklist_unknown_name_error_with_line_and_suggestions(names):
    parsed = decklist_parse("4 Lightning Bolt\n// tempo\n3 Lightnig Bolt\n", resolver=names)
    assert _errors(parsed) == [(3, "unknown-card")]
    assert parsed.errors[0].suggestions[0] == "Lightning Bolt"
    assert parsed.errors[0].message.startswith(
        "Line 3: 'Lightnig Bolt' is not a card name. Did you mean Lightning Bolt"
    )
    assert parsed.main == {"Lightning Bolt": 4}


def test_decklist_unknown_foreign_name_suggests_printed_name(names):
    parsed = decklist_parse("4 Blitzschlg", resolver=names)
    assert parsed.errors[0].suggestions[0] == "Blitzschlag (Lightning Bolt)"


def test_decklist_ambiguous_face_name_is_an_error(names):
    parsed = decklist_parse("1 Fire", resolver=names)
    assert _errors(parsed) == [(1, "ambiguous-name")]
    assert parsed.errors[0].suggestions == ("Fire // Ice", "Start // Fire")


def test_decklist_comments_and_no_silent_drops(names):
    text = "# my deck\n// main\n4 Lightning Bolt\nCreatures (12)\nIsland\nlorem ipsum\n"
    parsed = decklist_parse(text, resolver=names)
    assert _errors(parsed) == [(4, "unreadable-line"), (5, "missing-count"), (6, "unreadable-line")]


def test_decklist_empty_input(names):
    for text in ("", "   \n\n\t\n", b"", "// only a comment\n"):
        assert _errors(decklist_parse(text, resolver=names)) == [(None, "empty")]


def test_decklist_huge_input_refused(names):
    assert _errors(decklist_parse("4 Lightning Bolt\n" * (MAX_BYTES // 10), resolver=names)) == [(None, "too-large")]
    assert _errors(decklist_parse(b"x" * (MAX_BYTES + 1), resolver=names)) == [(None, "too-large")]
    assert _errors(decklist_parse("\n" * (MAX_LINES + 1), resolver=names)) == [(None, "too-many-lines")]


def test_decklist_binary_input_refused(names):
    assert _errors(decklist_parse(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", resolver=names)) == [(None, "not-text")]
    assert _errors(decklist_parse("4 Lightning Bolt\x00", resolver=names)) == [(None, "not-text")]
    assert _errors(decklist_parse(b"4 Lightning Bolt\n\xff\xfe\xfa", resolver=names)) == [(None, "not-text")]
    assert _errors(decklist_parse("4 Light\x07ning Bolt", resolver=names)) == [(1, "control-characters")]


def test_decklist_bytes_utf8_and_utf16_accepted(names):
    assert decklist_parse("4 Blitzschlag\n".encode("utf-8-sig"), resolver=names).main == {"Lightning Bolt": 4}
    assert decklist_parse("4 闪电击\n".encode("utf-16"), resolver=names).main == {"Lightning Bolt": 4}


def test_decklist_bad_counts(names):
    text = f"1000000000 Island\n0 Island\n-3 Island\n{MAX_COUNT + 1} Island\n{'9' * 5000} Island\n250 Island\n"
    parsed = decklist_parse(text, resolver=names)
    assert _errors(parsed) == [
        (1, "bad-count"),
        (2, "bad-count"),
        (3, "bad-count"),
        (4, "bad-count"),
        (5, "line-too-long"),
    ]
    assert parsed.main == {"Island": 250}


def test_decklist_companion_and_commander_sections(names):
    text = "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n60 Plains\n\nSideboard\n1 Lurrus of the Dream-Den\n"
    deck = decklist_parse(text, resolver=names).to_deck("A")
    assert deck.companion == {"Lurrus of the Dream-Den": 1}
    assert deck.main == {"Plains": 60}
    assert deck.sideboard == {"Lurrus of the Dream-Den": 1}


def test_decklist_parse_is_fast(names):
    lines = [f"1 {name}" for name in ("Lightning Bolt", "Blitzschlag", "闪电击", "Delver of Secrets")] * 100
    names.suggest("warm up the suggestion index")
    started = time.perf_counter()
    parsed = decklist_parse("\n".join(lines[:399] + ["1 Lightnig Bolt"]), resolver=names)
    assert time.perf_counter() - started < 2  # about 20 ms on an idle machine
    assert len(parsed.entries) == 399


def test_decklist_hostile_lines_stay_fast(names):
    names.suggest("warm up the suggestion index")
    spaces = ("1 a" + " " * 290 + "b\n") * 200
    words = ("Sideboard" + " " * 280 + "x:\n") * 200
    garbage = "1 Lightnig Bolt\n" * 499
    started = time.perf_counter()
    results = [decklist_parse(text, resolver=names) for text in (spaces, words, garbage)]
    assert time.perf_counter() - started < 5  # well under a second on an idle machine; was minutes
    assert [len(r.errors) for r in results] == [200, 200, 499]
    assert sum(1 for e in results[2].errors if e.suggestions) == 15


def test_decklist_tabs_and_spaces_inside_lines(names):
    assert decklist_parse("4\tLightning   Bolt\n", resolver=names).main == {"Lightning Bolt": 4}


def test_decklist_commander_named_by_moxfield_marker_and_by_a_line(names):
    parsed = decklist_parse("1 Krenko, Mob Boss *CMDR*\nCommander: Sol Ring\n1 Shock *F*\n97 Mountain", resolver=names)
    assert parsed.errors == []
    assert parsed.section(COMMANDER) == {"Krenko, Mob Boss": 1, "Sol Ring": 1}
    assert parsed.main == {"Shock": 1, "Mountain": 97}
    text = decklist_with_commanders("Commander: Old One\n1 Shock", ["  Krenko,  Mob Boss "])
    assert text == "Commander: Krenko, Mob Boss\n1 Shock"
    assert decklist_with_commanders("1 Shock", []) == "1 Shock"
