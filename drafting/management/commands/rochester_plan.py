"""Print the order of play of a team Rochester draft as a judge's sheet (or as JSON)."""

import json

from django.core.management.base import BaseCommand, CommandError

from drafting.rochester import PackPlan, draft_plan, table

TEAM_SIZES = (2, 4)
PACK_SIZES = (1, 20)


class Command(BaseCommand):
    help = (
        "Print, for every pack of a team Rochester draft, the player who lays it out and the "
        "order in which the players take its cards (RULES.md section 6)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--team-size", type=int, default=3, help="players per team, 2 to 4 (default 3)")
        parser.add_argument("--pack-size", type=int, default=15, help="cards per pack, 1 to 20 (default 15)")
        parser.add_argument("--first-team", type=int, default=1, help="the team that picks first, 1 or 2 (default 1)")
        parser.add_argument("--json", action="store_true", help="print one JSON list of packs instead")

    def handle(self, *args, **options):
        team_size, pack_size, first_team = options["team_size"], options["pack_size"], options["first_team"]
        if not TEAM_SIZES[0] <= team_size <= TEAM_SIZES[1]:
            raise CommandError(f"--team-size must be {TEAM_SIZES[0]} to {TEAM_SIZES[1]} players, not {team_size}.")
        if not PACK_SIZES[0] <= pack_size <= PACK_SIZES[1]:
            raise CommandError(f"--pack-size must be {PACK_SIZES[0]} to {PACK_SIZES[1]} cards, not {pack_size}.")
        if first_team not in (1, 2):
            raise CommandError(f"--first-team must be 1 or 2, not {first_team}.")

        plan = draft_plan(team_size=team_size, pack_size=pack_size, first_team=first_team)
        if options["json"]:
            self.stdout.write(_as_json(plan))
        else:
            self.stdout.write(_as_sheet(plan, team_size=team_size, pack_size=pack_size, first_team=first_team))


def _as_json(plan: list[PackPlan]) -> str:
    return json.dumps(
        [
            {
                "round": pack.round,
                "pack": pack.pack,
                "opener": str(pack.opener),
                "picks": [str(seat) for seat in pack.picks],
            }
            for pack in plan
        ]
    )


def _as_sheet(plan: list[PackPlan], *, team_size: int, pack_size: int, first_team: int) -> str:
    seats = " ".join(str(seat) for seat in table(team_size=team_size))
    lines = [
        f"Team Rochester draft: two teams of {team_size}, {len(plan)} packs of {pack_size} cards; "
        f"team {first_team} picks first.",
        f"Seats clockwise: {seats}",
    ]
    # Fixed-width columns so a judge can read down a column to see who takes pick n of each pack.
    header = "Pack  Opener  " + " ".join(f"{n:>2}" for n in range(1, pack_size + 1))
    for pack in plan:
        if pack.pack == 1:
            lines += ["", f"Round {pack.round} ({pack.direction.value})", header]
        picks = " ".join(f"{seat!s:>2}" for seat in pack.picks)
        lines.append(f"{pack.index + 1:>4}  {pack.opener!s:>6}  {picks}")
    return "\n".join(lines)
