"""sealed.rules: every problem of a team's assignment at once, each with its card named (RULES.md 7)."""

from sealed import rules
from sealed.rules import MAIN, SIDE, Assignment, Card


def pool_of(n: int, *, start: int = 1) -> list[Card]:
    return [Card(id=i, name=f"Card {i:03d}", position=i) for i in range(start, start + n)]


def split(pool, seats="ABC", main=40) -> list[Assignment]:
    """Each seat gets `main` cards in its main deck, the rest go to the last seat's sideboard."""
    out = []
    for index, card in enumerate(pool):
        seat_index = index // main
        if seat_index < len(seats):
            out.append(Assignment(card.id, seats[seat_index], MAIN))
        else:
            out.append(Assignment(card.id, seats[-1], SIDE))
    return out


def codes(problems) -> list[str]:
    return [p.code for p in problems]


def test_default_booster_count_is_four_per_member():
    assert [rules.default_booster_count(team_size=n) for n in (2, 3, 4)] == [8, 12, 16]


def test_check_assignment_legal_pool_has_no_problem():
    pool = pool_of(180)
    assert rules.check_assignment(pool=pool, assignments=split(pool), seats="ABC", shared_sideboard=False) == []


def test_check_assignment_card_used_twice_is_named():
    pool = pool_of(180)
    assignments = split(pool) + [Assignment(7, "B", SIDE)]
    problems = rules.check_assignment(pool=pool, assignments=assignments, seats="ABC", shared_sideboard=False)
    assert codes(problems) == ["used_twice"]
    assert problems[0].card == "Card 007"
    assert "Card 007 is used 2 times" in problems[0].message


def test_check_assignment_missing_card_is_named():
    pool = pool_of(180)
    assignments = [a for a in split(pool) if a.card_id != 150]
    problems = rules.check_assignment(pool=pool, assignments=assignments, seats="ABC", shared_sideboard=False)
    assert codes(problems) == ["missing"]
    assert problems[0].card == "Card 150"


def test_check_assignment_card_of_another_team_is_refused_with_its_label():
    pool = pool_of(130)
    assignments = split(pool) + [Assignment(999, "A", MAIN)]
    problems = rules.check_assignment(
        pool=pool, assignments=assignments, seats="ABC", shared_sideboard=False, foreign={999: "Shivan Dragon"}
    )
    assert codes(problems) == ["other_team"]
    assert problems[0].card == "Shivan Dragon"


def test_check_assignment_reports_every_problem_at_once():
    pool = pool_of(120)
    assignments = [a for a in split(pool) if a.card_id != 3] + [Assignment(5, "C", SIDE), Assignment(77777, "A", MAIN)]
    problems = rules.check_assignment(pool=pool, assignments=assignments, seats="ABC", shared_sideboard=False)
    assert sorted(codes(problems)) == ["missing", "short_deck", "unknown", "used_twice"]
    assert {p.card for p in problems} >= {"Card 003", "Card 005"}


def test_check_assignment_short_main_deck_counts_basic_lands():
    pool = pool_of(90)
    assignments = [Assignment(c.id, "AB"[i // 45], MAIN if i % 45 < 23 else SIDE) for i, c in enumerate(pool)]
    problems = rules.check_assignment(pool=pool, assignments=assignments, seats="AB", shared_sideboard=False)
    assert codes(problems) == ["short_deck", "short_deck"]
    assert "Seat A's main deck has 23 cards" in problems[0].message
    basics = {"A": {"Forest": 17}, "B": {"Island": 9, "Plains": 8}}
    assert (
        rules.check_assignment(pool=pool, assignments=assignments, seats="AB", shared_sideboard=False, basics=basics)
        == []
    )


def test_check_assignment_refuses_bad_basic_lands():
    pool = pool_of(80)
    basics = {"A": {"Forest": -1, "Wastes": 2}, "D": {"Plains": 1}}
    problems = rules.check_assignment(
        pool=pool, assignments=split(pool, "AB"), seats="AB", shared_sideboard=False, basics=basics
    )
    assert sorted(codes(problems)) == ["basics", "basics", "seat"]


def test_check_assignment_sideboard_card_needs_a_member_in_team_sealed():
    pool = pool_of(121)
    assignments = split(pool[:120]) + [Assignment(121, "", SIDE)]
    problems = rules.check_assignment(pool=pool, assignments=assignments, seats="ABC", shared_sideboard=False)
    assert codes(problems) == ["seat"]
    assert problems[0].card == "Card 121"


def test_check_assignment_two_headed_giant_sideboard_is_shared():
    pool = pool_of(120)
    assignments = [Assignment(c.id, "AB"[i // 40], MAIN) for i, c in enumerate(pool[:80])]
    assignments += [Assignment(c.id, rules.SHARED, SIDE) for c in pool[80:]]
    assert rules.check_assignment(pool=pool, assignments=assignments, seats="AB", shared_sideboard=True) == []
    # A main-deck card still needs its member.
    wrong = [Assignment(1, rules.SHARED, MAIN)] + assignments[1:]
    assert codes(rules.check_assignment(pool=pool, assignments=wrong, seats="AB", shared_sideboard=True)) == [
        "seat",
        "short_deck",
    ]


def test_check_assignment_two_copies_are_told_apart_by_position():
    pool = [Card(1, "Shock", 1), Card(2, "Shock", 2)] + pool_of(78, start=3)
    assignments = [Assignment(c.id, "AB"[i // 40], MAIN) for i, c in enumerate(pool) if c.id != 2]
    problems = rules.check_assignment(
        pool=pool, assignments=assignments, seats="AB", shared_sideboard=False, min_main=39
    )
    assert [p.message for p in problems if p.code == "missing"] == [
        "Shock (#2) is not assigned; every card of the pool goes to a deck or sideboard."
    ]


def test_assignments_from_lists_matches_names_to_rows():
    pool = [Card(10, "Shock", 1), Card(11, "Shock", 2), Card(12, "Opt", 3)]
    assignments, problems = rules.assignments_from_lists(
        pool=pool, lists={("A", MAIN): {"shock": 1, "Opt": 1}, ("B", SIDE): {"Shock": 1}}
    )
    assert problems == []
    assert sorted(assignments, key=lambda a: a.card_id) == [
        Assignment(10, "A", MAIN),
        Assignment(11, "B", SIDE),
        Assignment(12, "A", MAIN),
    ]


def test_assignments_from_lists_names_a_card_used_twice_and_a_foreign_card():
    pool = [Card(10, "Shock", 1), Card(12, "Opt", 2)]
    _assignments, problems = rules.assignments_from_lists(
        pool=pool, lists={("A", MAIN): {"Shock": 1, "Lightning Bolt": 1}, ("B", MAIN): {"Shock": 1}}
    )
    assert [(p.code, p.card) for p in problems] == [("used_twice", "Shock"), ("not_in_pool", "Lightning Bolt")]
    assert problems[0].message == "Shock is used 2 times, but your pool has 1."


def test_parse_list_reads_counts_and_skips_comments():
    cards, problems = rules.parse_list("2 Shock\n\nOpt // cantrip\n3x Forest\n1 Shock\n")
    assert problems == []
    assert cards == {"Shock": 3, "Opt": 1, "Forest": 3}


def test_moved_cards_names_each_move():
    pool = [Card(1, "Shock", 1), Card(2, "Opt", 2)]
    before = {1: ("A", MAIN), 2: ("B", SIDE)}
    after = {1: ("B", MAIN), 2: ("B", SIDE)}
    assert rules.moved_cards(pool=pool, before=before, after=after) == ["Shock: A main -> B main"]


def test_parse_list_counts_that_are_not_plain_numbers_are_problems_not_crashes():
    from sealed.rules import parse_list

    cards, problems = parse_list("² Plains\n" + "9" * 5000 + " Island\n2 Swamp\n")
    assert cards == {"Swamp": 2}
    assert [p.message[:7] for p in problems] == ["Line 1:", "Line 2:"]
    assert all("needs a count from 1 to 250" in p.message for p in problems)


def test_a_main_deck_of_one_card_reads_in_the_singular():
    pool = [Card(1, "Shock", 1)]
    problems = rules.check_assignment(
        pool=pool, assignments=[Assignment(1, "A", MAIN)], seats="A", shared_sideboard=False
    )
    assert [p.message for p in problems] == [
        "Seat A's main deck has 1 card; it needs at least 40 (basic lands included)."
    ]
