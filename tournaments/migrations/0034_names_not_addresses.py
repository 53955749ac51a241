"""A person's name, never their address (issue 52): every player and team named by an e-mail address (an organizer
typed one for a player, and an individual event's entry kept it after its person accepted the seat invitation) is
named again: a team of one person by that person's player's name, a player by their account's full name, else by
the address's first part (docs/permissions.md, "Accounts belong to their people")."""
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import migrations


def _is_address(text: str) -> bool:
    try:
        validate_email((text or "").strip())
    except ValidationError:
        return False
    return True


def _first_part(text: str) -> str:
    return text.strip().split("@", 1)[0]


def mend_names(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    Team = apps.get_model("tournaments", "Team")
    Seat = apps.get_model("tournaments", "Seat")
    players = [p for p in Player.objects.filter(name__contains="@").select_related("user") if _is_address(p.name)]
    for player in players:
        user = player.user
        full = " ".join(f"{user.first_name} {user.last_name}".split()) if user is not None else ""
        player.name = full if full and not _is_address(full) else _first_part(player.name)
    Player.objects.bulk_update(players, ["name"], batch_size=500)
    teams = [t for t in Team.objects.filter(name__contains="@") if _is_address(t.name)]
    seated: dict[int, set[str]] = {}  # team -> the names of the players on its seats, in every event
    sizes: dict[int, set[int]] = {}
    for team_id, name, size in Seat.objects.filter(registration__team__in=teams).values_list(
            "registration__team_id", "player__name", "event__team_size"):
        seated.setdefault(team_id, set()).add(name)
        sizes.setdefault(team_id, set()).add(size)
    for team in teams:
        names = seated.get(team.pk, set())
        one = next(iter(names)) if len(names) == 1 and sizes.get(team.pk) == {1} else ""
        team.name = one if one and not _is_address(one) else _first_part(team.name)
    Team.objects.bulk_update(teams, ["name"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0029_phases"),
    ]

    operations = [
        migrations.RunPython(mend_names, migrations.RunPython.noop),
    ]
