"""RULES.md 5 against the real card data (the bundled catalogue)."""

import pytest

from cards.deckrules import (
    CardRules,
    Deck,
    deck_problems,
    team_problems,
)
from cards.selectors import card_rules_for_names


def _check(decks, *, rule="four-copies", formats="modern", extra_banned=(), two_headed_giant=False, **options):
    cards = card_rules_for_names(names={name for deck in decks for name in deck.names()})
    return team_problems(
        decks,
        rule=rule,
        formats=formats,
        cards=cards,
        extra_banned=extra_banned,
        two_headed_giant=two_headed_giant,
        **options,
    )


def _codes(problems):
    return [p.code for p in problems]


def test_team_four_bolts_across_two_decks_legal_under_four_copies(make_deck):
    decks = [make_deck("Seat A", "2 Lightning Bolt"), make_deck("Seat B", "2 Lightning Bolt"), make_deck("Seat C")]
    assert _check(decks, rule="four-copies") == []


def test_team_four_bolts_across_two_decks_illegal_under_no_shared(make_deck):
    decks = [make_deck("Seat A", "2 Lightning Bolt"), make_deck("Seat B", "2 Lightning Bolt"), make_deck("Seat C")]
    problems = _check(decks, rule="no-shared")
    assert _codes(problems) == ["shared-card"]
    assert problems[0].card == "Lightning Bolt"
    assert problems[0].decks == ("Seat A", "Seat B")
    assert problems[0].counts == (2, 2)
    assert "Seat A 2, Seat B 2" in problems[0].message


def test_team_five_bolts_across_team_illegal(make_deck):
    decks = [
        make_deck("Seat A", "3 Lightning Bolt"),
        make_deck("Seat B", "1 Lightning Bolt"),
        make_deck("Seat C", sideboard=("1 Lightning Bolt",)),
    ]
    problems = _check(decks)
    assert _codes(problems) == ["team-too-many-copies"]
    assert problems[0].decks == ("Seat A", "Seat B", "Seat C")
    assert problems[0].counts == (3, 1, 1)
    assert problems[0].limit == 4


def test_team_sideboard_counts_toward_four_copies(make_deck):
    decks = [make_deck("Seat A", "4 Lightning Bolt"), make_deck("Seat B", sideboard=("1 Lightning Bolt",))]
    assert _codes(_check(decks)) == ["team-too-many-copies"]


def test_deck_five_copies_in_one_deck_illegal(make_deck):
    problems = _check([make_deck("Seat A", "4 Lightning Bolt", sideboard=("1 Lightning Bolt",))])
    assert _codes(problems) == ["too-many-copies"]
    assert problems[0].message == "Seat A: 5 copies of Lightning Bolt (main 4, sideboard 1); a deck may hold at most 4."


def test_team_basic_lands_unlimited_under_both_rules(make_deck):
    decks = [make_deck(f"Seat {s}", "30 Island", "20 Snow-Covered Island", fill="Island") for s in "ABC"]
    assert _check(decks, rule="four-copies") == []
    assert _check(decks, rule="no-shared") == []


def test_team_relentless_rats_unlimited_in_a_deck(make_deck):
    decks = [make_deck("Seat A", "30 Relentless Rats", fill="Swamp"), make_deck("Seat B", "12 Relentless Rats")]
    assert _check(decks, rule="four-copies") == []


def test_team_relentless_rats_in_two_decks_illegal_under_no_shared(make_deck):
    decks = [make_deck("Seat A", "30 Relentless Rats", fill="Swamp"), make_deck("Seat B", "12 Relentless Rats")]
    problems = _check(decks, rule="no-shared")
    assert _codes(problems) == ["shared-card"]
    assert problems[0].counts == (30, 12)


def test_deck_seven_dwarves_seven_legal_eight_illegal(make_deck):
    assert _check([make_deck("Seat A", "7 Seven Dwarves")]) == []
    problems = _check([make_deck("Seat A", "7 Seven Dwarves", sideboard=("1 Seven Dwarves",))])
    assert _codes(problems) == ["too-many-copies"]
    assert problems[0].limit == 7


def test_team_seven_dwarves_in_two_decks_legal_under_four_copies(make_deck):
    decks = [make_deck("Seat A", "7 Seven Dwarves"), make_deck("Seat B", "7 Seven Dwarves")]
    assert _check(decks) == []


def test_team_vintage_restricted_card_twice_across_decks_illegal(make_deck):
    assert card_rules_for_names(names=["Ancestral Recall"])["Ancestral Recall"].legalities["vintage"] == "restricted"
    decks = [make_deck("Seat A", "1 Ancestral Recall"), make_deck("Seat B", "1 Ancestral Recall"), make_deck("Seat C")]
    problems = _check(decks, formats="vintage")
    assert _codes(problems) == ["team-restricted"]
    assert problems[0].decks == ("Seat A", "Seat B")
    assert problems[0].limit == 1


def test_deck_vintage_restricted_card_twice_in_one_deck_illegal(make_deck):
    problems = _check([make_deck("Seat A", "2 Ancestral Recall")], formats="vintage")
    assert _codes(problems) == ["restricted"]


def test_deck_banned_and_not_legal_cards_reported_together(make_deck):
    problems = _check([make_deck("Seat A", "1 Oko, Thief of Crowns", "1 Ancestral Recall")], formats="modern")
    assert [(p.code, p.card) for p in problems] == [
        ("not-legal", "Ancestral Recall"),
        ("banned", "Oko, Thief of Crowns"),
    ]


def test_team_banned_card_not_reported_again_as_team_problem(make_deck):
    decks = [make_deck("Seat A", "1 Oko, Thief of Crowns"), make_deck("Seat B", "1 Oko, Thief of Crowns")]
    assert _codes(_check(decks, formats="modern", rule="no-shared")) == ["banned", "banned"]


def test_deck_event_banned_list(make_deck):
    problems = _check([make_deck("Seat A", "4 Lightning Bolt")], extra_banned={"Lightning Bolt"})
    assert _codes(problems) == ["banned-by-event"]


def test_deck_sizes_main_too_small_and_sideboard_too_large(make_deck):
    deck = make_deck("Seat A", size=59, sideboard=("16 Island",))
    assert _codes(_check([deck])) == ["main-deck-too-small", "sideboard-too-large"]


def test_team_german_and_chinese_names_count_as_english(make_deck):
    decks = [make_deck("Seat A", "4 Blitzschlag"), make_deck("Seat B", "1 闪电击")]
    problems = _check(decks)
    assert _codes(problems) == ["team-too-many-copies"]
    assert problems[0].card == "Lightning Bolt"
    assert problems[0].counts == (4, 1)


def test_team_mixed_formats_checked_each_on_its_own(make_deck):
    decks = [make_deck("Seat A", "4 Lightning Bolt"), make_deck("Seat B", "4 Lightning Bolt"), make_deck("Seat C")]
    assert _check(decks, formats=["modern", "legacy", "vintage"], rule="no-shared") == []


def test_team_mixed_formats_must_all_differ(make_deck):
    decks = [make_deck("Seat A"), make_deck("Seat B"), make_deck("Seat C")]
    problems = _check(decks, formats=["modern", "modern", "legacy"])
    assert _codes(problems) == ["formats-not-distinct"]
    assert problems[0].decks == ("Seat A", "Seat B")


def test_team_mixed_formats_may_repeat_when_the_event_assigns_formats_freely(make_deck):
    # DCI 8.3's "members' formats must all differ" is an event option (RULES.md 5): off, each deck is checked on its own.
    decks = [make_deck("Seat A", "4 Lightning Bolt"), make_deck("Seat B", "4 Lightning Bolt"), make_deck("Seat C")]
    assert _check(decks, formats=["modern", "modern", "legacy"], formats_must_differ=False) == []


def test_team_two_headed_giant_no_sideboard_and_erayo_banned(make_deck):
    decks = [
        make_deck("Seat A", "1 Erayo, Soratami Ascendant", sideboard=("1 Island",)),
        make_deck("Seat B"),
    ]
    problems = _check(decks, formats="legacy", two_headed_giant=True)
    assert [(p.code, p.card) for p in problems] == [
        ("sideboard-not-allowed", None),
        ("banned-in-two-headed-giant", "Erayo, Soratami Ascendant // Erayo's Essence"),
    ]
    assert problems[1].rule == "MTR 9.5"
    assert problems[1].message == (
        "Seat A: Erayo, Soratami Ascendant // Erayo's Essence is banned in Two-Headed Giant; remove its 1 copy."
    )
    assert problems[0].message == "Seat A: Two-Headed Giant decks have no sideboard; remove its 1 card."


def test_team_mixed_formats_all_the_same_is_not_a_unified_team(make_deck):
    decks = [make_deck("Seat A", "3 Lightning Bolt"), make_deck("Seat B", "3 Lightning Bolt")]
    problems = _check(decks, formats=["modern", "modern"])
    assert _codes(problems) == ["formats-not-distinct"]
    assert problems[0].message == (
        "Seat A and Seat B both play Modern; in a mixed-format team every member plays a different format."
    )
    assert _codes(_check(decks, formats="modern")) == ["team-too-many-copies"]


def test_copy_counts_read_as_english(make_deck):
    deck = make_deck("Seat A", "4 Lightning Bolt", sideboard=("2 Lightning Bolt", "2 Ancestral Recall"))
    messages = [p.message for p in _check([deck], extra_banned=["Lightning Bolt"])]
    assert "Seat A: Lightning Bolt is banned in this event; remove its 6 copies (main 4, sideboard 2)." in messages
    assert "Seat A: Ancestral Recall is not legal in Modern; remove its 2 copies in the sideboard." in messages
    deck = make_deck("Seat A", "5 Lightning Bolt", sideboard=("1 Lightning Bolt",))
    assert "Seat A: 6 copies of Lightning Bolt (main 5, sideboard 1); a deck may hold at most 4." in [
        p.message for p in _check([deck])
    ]


def test_team_two_headed_giant_is_unified(make_deck):
    decks = [make_deck("Seat A", "3 Lightning Bolt"), make_deck("Seat B", "2 Lightning Bolt")]
    assert _codes(_check(decks, formats="legacy", two_headed_giant=True)) == ["team-too-many-copies"]


def test_team_unknown_format_and_rule(make_deck):
    decks = [make_deck("Seat A")]
    assert _codes(_check(decks, formats="brawl")) == ["unknown-format"]
    assert _codes(_check(decks, rule="five-copies")) == ["unknown-rule"]


def test_deck_problems_pure_without_database():
    cards = {
        "Rats": CardRules(name="Rats", deck_limit=1_000_000, legalities={"modern": "legal"}),
        "Forest": CardRules(name="Forest", is_basic=True, legalities={"modern": "legal"}),
        "Bolt": CardRules(name="Bolt", legalities={"modern": "legal"}),
    }
    deck = Deck(label="A", main={"Rats": 40, "Forest": 16, "Bolt": 4, "Mystery": 1})
    problems = deck_problems(deck, format="modern", cards=cards)
    assert [(p.code, p.card) for p in problems] == [("unknown-card", "Mystery")]


def test_deck_companion_must_be_in_sideboard(names):
    from cards.decklist import decklist_parse

    text = "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n60 Plains\n"
    deck = decklist_parse(text, resolver=names).to_deck("Seat A")
    cards = card_rules_for_names(names=deck.names() | set(deck.companion))
    assert _codes(deck_problems(deck, format="vintage", cards=cards)) == ["companion-not-in-sideboard"]


def test_card_counts_of_one_read_in_the_singular():
    cards = {"Forest": CardRules(name="Forest", is_basic=True, legalities={"modern": "legal"})}
    one = deck_problems(Deck(label="Seat A", main={"Forest": 1}), format="modern", cards=cards)
    assert [p.message for p in one] == ["Seat A: the main deck has 1 card; it needs at least 60."]
    two = deck_problems(Deck(label="Seat A", main={"Forest": 2}), format="modern", cards=cards)
    assert [p.message for p in two] == ["Seat A: the main deck has 2 cards; it needs at least 60."]
    mismatch = team_problems(
        [Deck(label="Seat A", main={"Forest": 60})], rule="four-copies", formats=["modern", "legacy"], cards=cards
    )
    assert [p.message for p in mismatch] == ["Give one format per deck: 1 deck but 2 formats."]


def test_deck_problems_say_the_rule_itself_never_a_document_reference():
    """Players don't have RULES.md: a problem's rule is the rule in words."""
    import inspect

    from cards import deckrules

    source = inspect.getsource(deckrules)
    assert 'rule="RULES.md' not in source and 'DCI 8.5"' not in source
    assert all("RULES.md" not in text and "DCI" not in text for text in deckrules._RULE_NAMES.values())


@pytest.mark.parametrize(
    ("language", "name"), [("en", "Modern"), ("de", "Modern"), ("zh-hans", "摩登"), ("fr", "Modern"), ("ja", "モダン")]
)
def test_deck_problems_name_the_format_properly_in_every_language(make_deck, language, name):
    """Issue 32: the format read "modern", the key MTGJSON uses, in every language."""
    from django.utils import translation

    deck = make_deck("Seat A", "4 Lightning Bolt", sideboard=("2 Ancestral Recall",))
    with translation.override(language):
        messages = " ".join(p.message for p in _check([deck]))
    assert name in messages and "modern" not in messages
