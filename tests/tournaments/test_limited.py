"""The limited deck rule, pure (tournaments/limited.py): every card from the pool, each card of the pool once."""

from cards.deckrules import Deck
from tournaments.limited import pool_problems


def _deck(label, main, side=None):
    return Deck(label=label, main=main, sideboard=side or {})


def _filler(n=23):
    return {"Plains": n}


def test_pool_problems_legal_decks_from_the_pool():
    pool = {"Serra Angel": 1, "Shock": 2}
    decks = [_deck("A", {"Serra Angel": 1, **_filler(39)}), _deck("B", {"Shock": 1, **_filler(39)}, {"Shock": 1})]
    assert pool_problems(decks, pool=pool, basics={"Plains"}) == []


def test_pool_problems_card_used_twice_names_both_decks():
    decks = [
        _deck("Seat A (Ann)", {"Serra Angel": 1, **_filler(39)}),
        _deck("Seat B (Bo)", {**_filler(40)}, {"Serra Angel": 1}),
    ]
    [problem] = pool_problems(decks, pool={"Serra Angel": 1}, basics={"Plains"})
    assert problem.code == "pool-card-used-twice" and problem.card == "Serra Angel"
    assert problem.decks == ("Seat A (Ann)", "Seat B (Bo)")
    assert "Seat A (Ann) 1, Seat B (Bo) 1" in problem.message and "1 copy" in problem.message


def test_pool_problems_sideboard_card_not_in_the_pool_is_named():
    decks = [_deck("A", _filler(40), {"Lightning Bolt": 1})]
    [problem] = pool_problems(decks, pool={"Shock": 1}, basics={"Plains"})
    assert problem.code == "not-in-pool" and problem.card == "Lightning Bolt" and problem.decks == ("A",)


def test_pool_problems_basics_are_free_and_small_decks_are_named():
    decks = [_deck("A", {"Plains": 30})]
    [problem] = pool_problems(decks, pool={}, basics={"Plains"})
    assert problem.code == "limited-deck-too-small" and problem.counts == (30,)


def test_pool_problems_shared_sideboard_counts_main_decks_only():
    decks = [_deck("A", {"Shock": 1, **_filler(39)}, {"Shock": 1}), _deck("B", _filler(40), {"Shock": 1})]
    assert pool_problems(decks, pool={"Shock": 1}, basics={"Plains"}, shared_sideboard=True) == []
    assert pool_problems(decks, pool={"Shock": 1}, basics={"Plains"})[0].code == "pool-card-used-twice"
