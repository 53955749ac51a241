"""The check_team_decks command: its output and exit codes."""

import pytest
from django.core.management import CommandError, call_command

DECK_A = "Deck\n2 Lightning Bolt (M10) 146\n58 Mountain\n\nSideboard\n2 Duress\n"
DECK_B = "2 Blitzschlag\n58 Mountain\n"
DECK_C = "60 Island\n"


@pytest.fixture
def team(tmp_path):
    paths = []
    for name, text in (("a.txt", DECK_A), ("b.txt", DECK_B), ("c.txt", DECK_C)):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    return paths


def _run(*args):
    try:
        call_command("check_team_decks", *args)
    except SystemExit as exc:
        return exc.code
    return 0


def test_check_team_decks_legal_exits_0(names, team, capsys):
    assert _run("--format", "modern", "--rule", "four-copies", *team) == 0
    assert "Legal: 3 decks." in capsys.readouterr().out


def test_check_team_decks_no_shared_exits_1(names, team, capsys):
    assert _run("--format", "modern", "--rule", "no-shared", *team) == 1
    out = capsys.readouterr().out
    assert "[shared-card] Lightning Bolt is in 2 decks" in out
    assert "Illegal: 1 problem." in out


def test_check_team_decks_parse_errors_name_file_and_line(names, team, tmp_path, capsys):
    bad = tmp_path / "d.txt"
    bad.write_text("56 Mountain\n4 Lightnig Bolt\n", encoding="utf-8")
    assert _run("--formats", "modern,legacy", team[0], str(bad)) == 1
    out = capsys.readouterr().out
    assert f"{bad}: Line 2: 'Lightnig Bolt' is not a card name." in out
    assert "main deck has 56 cards" in out


def test_check_team_decks_event_banned_list(names, team, capsys):
    assert _run("--format", "modern", "--banned", "Duress; Blitzschlag", *team) == 1
    out = capsys.readouterr().out
    assert f"[banned-by-event] {team[0]}: Duress is banned in this event" in out
    assert out.count("[banned-by-event]") == 3


def test_check_team_decks_unknown_format_is_a_clear_error(names, team):
    with pytest.raises(CommandError, match="Unknown format 'modren'"):
        call_command("check_team_decks", "--format", "modren", *team)


def test_check_team_decks_formats_count_must_match_files(names, team):
    with pytest.raises(CommandError, match="2 formats for 3 files"):
        call_command("check_team_decks", "--formats", "modern,legacy", *team)


def test_check_team_decks_missing_file(names, tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("check_team_decks", "--format", "modern", str(tmp_path / "nope.txt"))


@pytest.mark.slow
@pytest.mark.django_db
def test_check_team_decks_loads_bundled_cards_when_table_empty(team, capsys):
    from cards.models import Card, CardName

    CardName.objects.all().delete()  # first, so deleting the cards has nothing to cascade to
    Card.objects.all().delete()
    assert _run("--format", "modern", *team) == 0
    assert "imported the bundled cards" in capsys.readouterr().err
    assert Card.objects.count() > 23_000


def test_check_team_decks_formats_naming_one_format_twice_is_illegal(names, team, capsys):
    assert _run("--formats", "modern,modern,legacy", *team) == 1
    out = capsys.readouterr().out
    assert "[formats-not-distinct]" in out and "both play Modern" in out


def test_check_team_decks_formats_all_the_same_is_not_a_unified_team(names, team, capsys):
    # Two legal modern decks sharing 4 Lightning Bolt: legal as a unified team (--format modern), but --formats
    # says mixed-format, where each member plays a different format.
    assert _run("--format", "modern", team[0], team[1]) == 0
    capsys.readouterr()
    assert _run("--formats", "modern, Modern", team[0], team[1]) == 1
    out = capsys.readouterr().out
    assert f"[formats-not-distinct] {team[0]} and {team[1]} both play Modern" in out
    assert "Illegal: 1 problem." in out
