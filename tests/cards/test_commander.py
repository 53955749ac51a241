"""Commander deck construction (cards/commander.py, cards.deckrules.commander_deck_problems) over the real bundled
card data: legal decks of each kind of commander, and each refusal with the message a player reads."""

import pytest
from django.utils import translation

from cards import commander
from cards.deckrules import CardRules
from cards.selectors import card_rules_for_names, team_decklists_check


def _check(text: str, *, label: str = "Alice", banned=()):
    return team_decklists_check(decklists=[(label, text)], rule="four-copies", formats="commander", extra_banned=banned)


def _codes(check) -> list[str]:
    assert check.parse_errors == {"Alice": []} or all(not e for e in check.parse_errors.values())
    return [p.code for p in check.problems]


def _deck(commanders: list[str], cards: list[str], *, fill: str, size: int = 100) -> str:
    """An Arena-style export: a Commander section, then the deck topped up with a basic land to `size` cards."""
    counted = sum(int(line.split(" ", 1)[0]) for line in cards)
    missing = size - len(commanders) - counted
    lines = ["Commander", *(f"1 {c}" for c in commanders), "", "Deck", *cards]
    if missing > 0:
        lines.append(f"{missing} {fill}")
    return "\n".join(lines)


RED_SPELLS = ["1 Lightning Bolt", "1 Shock", "7 Seven Dwarves", "1 Sol Ring"]


def test_commander_mono_colour_deck_is_legal(names):
    check = _check(_deck(["Krenko, Mob Boss"], RED_SPELLS, fill="Mountain"))
    assert _codes(check) == []
    assert check.legal


def test_commander_partners_are_legal(names):
    check = _check(
        _deck(
            ["Thrasios, Triton Hero", "Tymna the Weaver"],
            ["1 Sol Ring", "20 Forest", "20 Island", "20 Plains"],
            fill="Swamp",
        )
    )
    assert _codes(check) == []


@pytest.mark.parametrize(
    "pair",
    [
        ("Pir, Imaginative Rascal", "Toothy, Imaginary Friend"),  # Partner with, each naming the other
        ("Bjorna, Nightfall Alchemist", "Cecily, Haunted Mage"),  # Partner—Friends forever
        ("Wilson, Refined Grizzly", "Raised by Giants"),  # Choose a Background and a Background
        ("The Thirteenth Doctor", "Yasmin Khan"),  # a Time Lord Doctor and a Doctor's companion
    ],
)
def test_commander_pairs_that_may_be_commanders_together_are_legal(names, pair):
    cards = card_rules_for_names(names=pair)
    assert commander.pair_allowed(cards[pair[0]], cards[pair[1]])
    assert commander.pair_allowed(cards[pair[1]], cards[pair[0]])
    identity = commander.color_identity(cards.values())
    fill = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}[identity[0]]
    check = _check(_deck(list(pair), ["1 Sol Ring"], fill=fill))
    assert _codes(check) == []


def test_commander_background_deck_is_legal(names):
    check = _check(_deck(["Wilson, Refined Grizzly", "Raised by Giants"], ["1 Llanowar Elves"], fill="Forest"))
    assert _codes(check) == []


def test_commander_colourless_commander_with_wastes_is_legal(names):
    check = _check(_deck(["Kozilek, the Great Distortion"], ["1 Sol Ring"], fill="Wastes"))
    assert _codes(check) == []


def test_commander_any_number_and_up_to_nine_are_allowed(names):
    check = _check(_deck(["Sheoldred, the Apocalypse"], ["30 Relentless Rats", "9 Nazgûl"], fill="Swamp"))
    assert _codes(check) == []
    too_many = _check(_deck(["Sheoldred, the Apocalypse"], ["10 Nazgûl"], fill="Swamp"))
    assert [(p.code, p.card, p.limit) for p in too_many.problems] == [("too-many-copies", "Nazgûl", 9)]


@pytest.mark.parametrize("size", [99, 101])
def test_commander_deck_of_99_or_101_cards_is_refused(names, size):
    check = _check(_deck(["Krenko, Mob Boss"], RED_SPELLS, fill="Mountain", size=size))
    assert _codes(check) == ["commander-deck-size"]
    assert check.problems[0].message == (
        f"Alice: a Commander deck has exactly 100 cards, its commander included; this one has {size}."
    )


def test_commander_second_copy_is_refused(names):
    check = _check(_deck(["Krenko, Mob Boss"], ["2 Lightning Bolt"], fill="Mountain"))
    assert [(p.code, p.card, p.counts) for p in check.problems] == [("too-many-copies", "Lightning Bolt", (2,))]
    assert check.problems[0].message == (
        "Alice: 2 copies of Lightning Bolt; a Commander deck holds one copy of each card, basic lands aside."
    )


def test_commander_second_copy_of_the_commander_is_refused(names):
    check = _check(_deck(["Krenko, Mob Boss"], ["1 Krenko, Mob Boss"], fill="Mountain"))
    assert [(p.code, p.card) for p in check.problems] == [("too-many-copies", "Krenko, Mob Boss")]


@pytest.mark.parametrize(
    "card, its",
    [
        ("Boros Reckoner", "white, red"),  # hybrid {R/W}: both halves count
        ("Dryad Arbor", "green"),  # no mana cost: its colour indicator
        ("Valki, God of Lies // Tibalt, Cosmic Impostor", "black, red"),  # a back face counts
        ("Westvale Abbey // Ormendahl, Profane Prince", "black"),  # a colourless land whose back face is black
        ("Bayou", "black, green"),  # basic land types
    ],
)
def test_commander_card_outside_colour_identity_is_refused(names, card, its):
    check = _check(_deck(["Krenko, Mob Boss"], [f"1 {card}"], fill="Mountain"))
    assert [(p.code, p.card) for p in check.problems] == [("outside-color-identity", card)]
    assert check.problems[0].message == (
        f"Alice: {card} (colour identity {its}) is outside your commander's colour identity (red); remove it."
    )


def test_commander_identity_of_two_commanders_is_their_union(names):
    check = _check(_deck(["Thrasios, Triton Hero", "Tymna the Weaver"], ["1 Lightning Bolt"], fill="Island"))
    assert [p.message for p in check.problems] == [
        "Alice: Lightning Bolt (colour identity red) is outside your commanders' colour identity (white, blue, "
        "black, green); remove it."
    ]


def test_commander_banned_card_is_refused(names):
    check = _check(_deck(["Kozilek, the Great Distortion"], ["1 Mana Crypt"], fill="Wastes"))
    assert [(p.code, p.card) for p in check.problems] == [("banned", "Mana Crypt")]
    assert check.problems[0].message == "Alice: Mana Crypt is banned in Commander; remove its 1 copy."


def test_commander_banned_commander_is_refused(names):
    check = _check(_deck(["Golos, Tireless Pilgrim"], [], fill="Wastes"))
    assert [p.message for p in check.problems] == [
        "Alice: Golos, Tireless Pilgrim is banned in Commander; choose another commander."
    ]


def test_commander_event_banned_list_applies(names):
    check = _check(_deck(["Krenko, Mob Boss"], RED_SPELLS, fill="Mountain"), banned=["Sol Ring"])
    assert [(p.code, p.card) for p in check.problems] == [("banned-by-event", "Sol Ring")]


def test_commander_non_legendary_commander_is_refused(names):
    check = _check(_deck(["Grizzly Bears"], [], fill="Forest"))
    assert [(p.code, p.card) for p in check.problems] == [("not-a-commander", "Grizzly Bears")]
    assert "a commander is a legendary creature" in check.problems[0].message


def test_commander_background_alone_is_refused(names):
    check = _check(_deck(["Raised by Giants"], [], fill="Forest"))
    assert [p.message for p in check.problems] == [
        "Alice: Raised by Giants is a Background: it can be a commander only beside a commander that says "
        '"Choose a Background".'
    ]


def test_commander_two_commanders_without_partner_are_refused(names):
    check = _check(_deck(["Krenko, Mob Boss", "Sheoldred, the Apocalypse"], [], fill="Mountain"))
    assert _codes(check) == ["commanders-not-partners"]
    assert check.problems[0].message.startswith(
        "Alice: Krenko, Mob Boss and Sheoldred, the Apocalypse can't be commanders together"
    )


def test_commander_partner_with_someone_else_is_refused(names):
    check = _check(_deck(["Pir, Imaginative Rascal", "Thrasios, Triton Hero"], [], fill="Forest"))
    assert _codes(check) == ["commanders-not-partners"]


def test_commander_three_commanders_are_refused(names):
    check = _check(_deck(["Thrasios, Triton Hero", "Tymna the Weaver", "Krenko, Mob Boss"], [], fill="Forest"))
    assert "too-many-commanders" in _codes(check)


def test_commander_missing_commander_is_refused(names):
    check = _check("100 Mountain")
    assert [p.code for p in check.problems] == ["commander-missing"]


def test_commander_sideboard_is_refused_but_a_companion(names):
    text = (
        _deck(["Krenko, Mob Boss"], [], fill="Mountain")
        + "\n\nSideboard\n1 Shock\n1 Lightning Bolt\n1 Lurrus of the Dream-Den"
    )
    check = _check(text)
    assert [p.code for p in check.problems if p.code == "sideboard-not-allowed"] == ["sideboard-not-allowed"]
    with_companion = _check(
        _deck(["Krenko, Mob Boss"], [], fill="Mountain")
        + "\n\nCompanion\n1 Lurrus of the Dream-Den\n\nSideboard\n1 Lurrus of the Dream-Den"
    )
    # Lurrus is allowed beside the deck as a companion, but it is white and black: outside a red identity.
    assert [(p.code, p.card) for p in with_companion.problems] == [
        ("outside-color-identity", "Lurrus of the Dream-Den")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "1 Krenko, Mob Boss *CMDR*\n1 Lightning Bolt\n98 Mountain",  # Moxfield
        "Commander: Krenko, Mob Boss\n1 Lightning Bolt\n98 Mountain",  # a line of its own
        "1 Lightning Bolt\n98 Mountain\n\n1 Krenko, Mob Boss",  # MTGO: the commander in the sideboard
        "Commander\n1 Krenko, Mob Boss (DDT) 52\n\nDeck\n1 Lightning Bolt (M10) 146\n98 Mountain",  # Arena
    ],
)
def test_commander_named_the_ways_exports_name_it(names, text):
    check = _check(text)
    assert check.parse_errors["Alice"] == []
    assert check.problems == []


def test_commander_vehicle_and_spacecraft_with_power_can_be_commanders(names):
    cards = card_rules_for_names(names=["Hearthhull, the Worldseed", "The Eternity Elevator", "Sol Ring"])
    assert commander.can_be_commander(cards["Hearthhull, the Worldseed"])
    assert not commander.can_be_commander(cards["The Eternity Elevator"])  # a Spacecraft without power
    assert not commander.can_be_commander(cards["Sol Ring"])


def test_commander_card_saying_it_can_be_your_commander():
    card = CardRules(
        name="Teferi, Temporal Archmage",
        type_line="Legendary Planeswalker — Teferi",
        text="Teferi, Temporal Archmage can be your commander.",
        color_identity="U",
    )
    assert commander.can_be_commander(card)


def test_commander_messages_in_german(names):
    with translation.override("de"):
        check = _check(_deck(["Krenko, Mob Boss"], ["2 Lightning Bolt", "1 Boros Reckoner"], fill="Mountain"))
    messages = [p.message for p in check.problems]
    assert len(messages) == 2
    assert all("Alice" in m for m in messages)
    assert all(
        m != m_en
        for m, m_en in zip(
            messages,
            [
                p.message
                for p in _check(
                    _deck(["Krenko, Mob Boss"], ["2 Lightning Bolt", "1 Boros Reckoner"], fill="Mountain")
                ).problems
            ],
        )
    )
    assert "Farbidentität" in messages[0]


def test_commander_team_event_is_checked_deck_by_deck(names):
    deck = _deck(["Krenko, Mob Boss"], RED_SPELLS, fill="Mountain")
    check = team_decklists_check(decklists=[("A", deck), ("B", deck)], rule="four-copies", formats="commander")
    assert check.problems == []  # no unified construction across Commander decks
