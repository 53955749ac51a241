import pytest

from tournaments.entry import EntryError, SeatEntry, parse_seats, parse_shared


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("2-1 1-2 1-1-1", [(2, 1, 0), (1, 2, 0), (1, 1, 1)]),
        ("21 12 20", [(2, 1, 0), (1, 2, 0), (2, 0, 0)]),
        ("0-0-3 id 2-0", [(0, 0, 3), (0, 0, 3), (2, 0, 0)]),
        ("ID", [(0, 0, 3), (0, 0, 3), (0, 0, 3)]),
        ("  2-1,1-2 ;003 ", [(2, 1, 0), (1, 2, 0), (0, 0, 3)]),
    ],
)
def test_parse_seats_reads_every_short_form(typed, expected):
    assert parse_seats(typed, "ABC") == [SeatEntry(x, *games) for x, games in zip("ABC", expected, strict=True)]


def test_parse_seats_three_seats_in_under_ten_keystrokes():
    typed = "21 12 20"
    assert len(typed) + 1 < 10  # with Enter
    assert len(parse_seats(typed, "ABC")) == 3


@pytest.mark.parametrize(
    ("typed", "reason"),
    [("2-1 1-2", "3 expected, 2 typed"), ("2-1 x 2-0", "Seat B: 'X'"), ("", "0 typed"), ("2-1-1-1 2-0 2-0", "Seat A")],
)
def test_parse_seats_refuses_with_the_reason(typed, reason):
    with pytest.raises(EntryError) as info:
        parse_seats(typed, "ABC")
    assert reason in str(info.value)


@pytest.mark.parametrize(
    ("typed", "best_of", "games"),
    [("A", 1, (1, 0, 0)), ("b", 1, (0, 1, 0)), ("2", 3, (0, 2, 0)), ("2-1", 3, (2, 1, 0))],
)
def test_parse_shared_reads_the_winner_or_the_games(typed, best_of, games):
    assert parse_shared(typed, best_of=best_of) == games


def test_parse_shared_refuses_two_tokens():
    with pytest.raises(EntryError):
        parse_shared("A B", best_of=1)


@pytest.mark.parametrize(
    ("typed", "letters", "reason"),
    [
        ("00 00 00", "ABC", "Seat A: '00' records no game"),
        ("2-1 0-0 2-0", "ABC", "Seat B: '0-0' records no game"),
        ("0-0-0", "A", "'0-0-0' records no game"),
    ],
)
def test_parse_seats_refuses_a_result_of_no_game(typed, letters, reason):
    with pytest.raises(EntryError) as info:
        parse_seats(typed, letters)
    assert reason in str(info.value)


def test_parse_shared_refuses_a_result_of_no_game():
    with pytest.raises(EntryError) as info:
        parse_shared("0-0", best_of=3)
    assert "'0-0' records no game" in str(info.value)
