"""Draft logs out: the MTGO text format, the CSV of an event's picks, the pages that download them and what must
not leak (another drafter's picks, picks during a Competitive draft)."""

import csv
import io

import pytest

from drafting.models import DraftStatus, PodTeam
from drafting.picklog import CSV_COLUMNS, LoggedPick, mtgo_text, picks_csv
from drafting.services.pods import thg_pick, thg_pod_end
from tests.drafting.boosterpods import front, make_booster_pods, player
from tests.drafting.conftest import make_table
from tests.drafting.pods import make_pods, pack_ids, players, reload
from tests.drafting.test_services_booster import _pick_everyone
from tests.factories import UserFactory
from tournaments.enums import EnforcementLevel

pytestmark = pytest.mark.django_db


def test_mtgo_text_marks_the_card_taken_and_indents_the_others():
    text = mtgo_text(
        event="Friday Draft",
        started=None,
        drafters=["Ann", "Bob"],
        me="Bob",
        picks=[
            LoggedPick(pack=1, pick=1, seen=("Shock", "Opt", "Duress"), taken=("Opt",)),
            LoggedPick(pack=1, pick=2, seen=("Bolt", "Opt"), taken=("Opt",)),
        ],
    )
    assert text == (
        "Event #: Friday Draft\nPlayers:\n    Ann\n--> Bob\n\n"
        "Pack 1 pick 1:\n    Shock\n--> Opt\n    Duress\n\n"
        "Pack 1 pick 2:\n    Bolt\n--> Opt\n\n"
    )


def test_mtgo_text_marks_both_cards_of_a_two_card_pick_and_one_of_two_copies():
    text = mtgo_text(
        event="E",
        started=None,
        drafters=["T"],
        me="T",
        picks=[
            LoggedPick(pack=2, pick=3, seen=("Opt", "Opt", "Shock", "Bolt"), taken=("Opt", "Bolt")),
        ],
    )
    assert "Pack 2 pick 3:\n--> Opt\n    Opt\n    Shock\n--> Bolt\n" in text


def test_picks_csv_has_its_header_and_quotes_commas():
    text = picks_csv([("Open, Day 1", "booster", "pod 1", 1, "Ann", 1, 1, "Fire // Ice", "player", "", "")])
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == list(CSV_COLUMNS)
    assert rows[1][0] == "Open, Day 1" and rows[1][7] == "Fire // Ice"


def test_booster_pick_log_download_after_the_draft_lists_every_pick_with_the_pack_seen(client):
    pod = make_booster_pods(players=2, pack_size=3)[0]
    seat = PodTeam.objects.get(pod=pod, seat=0)
    first = front(pod, seat)
    while reload(pod).status == DraftStatus.RUNNING:
        pod = _pick_everyone(pod)
    client.force_login(player(seat))
    response = client.get(f"/draft/pod/{pod.pk}/picks.txt")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    assert text.count("Pack 1 pick") == 3 and text.count("Pack 3 pick") == 3
    block = text.split("Pack 1 pick 1:\n")[1].split("\n\n")[0].splitlines()
    assert len(block) == 3 and block[0].startswith("--> ")  # the seat took the first card of its own pack
    assert text.count("--> ") == 9 + 1  # nine picks, and the player in the header
    assert len(first) == 3


def test_pick_log_is_refused_during_a_competitive_draft_and_given_at_once_at_regular_rel(client):
    pod = make_booster_pods(players=2)[0]
    seat = PodTeam.objects.get(pod=pod, seat=0)
    client.force_login(player(seat))
    response = client.get(f"/draft/pod/{pod.pk}/picks.txt")
    assert response.status_code == 403
    assert "once the draft is over" in response.content.decode()
    regular = make_booster_pods(players=2, enforcement=EnforcementLevel.REGULAR)[0]
    seat = PodTeam.objects.get(pod=regular, seat=0)
    thg_pick(pod_id=regular.pk, user=player(seat), card_ids=[front(regular, seat)[2]], pack_round=0, step=0)
    client.force_login(player(seat))
    response = client.get(f"/draft/pod/{regular.pk}/picks.txt")
    assert response.status_code == 200 and "Pack 1 pick 1:" in response.content.decode()


def test_pick_log_must_not_leak_another_drafters_picks(client):
    pod = make_pods(teams=3)[0]
    teams = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
    mine, theirs = pack_ids(pod, teams[0]), pack_ids(pod, teams[1])
    thg_pick(pod_id=pod.pk, user=players(teams[0])[0], card_ids=mine[:2], pack_round=0, step=0)
    thg_pick(pod_id=pod.pk, user=players(teams[1])[0], card_ids=theirs[-2:], pack_round=0, step=0)
    thg_pod_end(pod_id=pod.pk, by=None, reason="test")
    client.force_login(players(teams[0])[1])
    text = client.get(f"/draft/pod/{pod.pk}/picks.txt").content.decode()
    from drafting.models import PodCard

    their_names = list(PodCard.objects.filter(pk__in=theirs).values_list("name", flat=True))
    assert all(name not in text for name in their_names)
    client.force_login(UserFactory())
    assert client.get(f"/draft/pod/{pod.pk}/picks.txt").status_code == 404


def test_rochester_pick_log_after_the_table_ends(client):
    from drafting.models import DraftCard
    from drafting.selectors.tables import draft_seat_players, draft_seat_to_pick
    from drafting.services.picks import draft_pick
    from drafting.services.tables import draft_table_end
    from tests.drafting.conftest import reload as reload_table

    table = make_table(team_size=2, pack_size=4, review=0)
    takers = []
    for _ in range(6):
        table = reload_table(table)
        seat = draft_seat_to_pick(table=table)
        card = DraftCard.objects.filter(table=table, pack_index=table.pack_index, pick_number__isnull=True).last()
        draft_pick(
            table_id=table.pk, seat=seat, card_id=card.pk, pack_index=table.pack_index, pick_number=table.pick_number
        )
        takers.append((seat, card.name))
    draft_table_end(table_id=table.pk, by=None, reason="test")
    seat, first_card = takers[0]
    client.force_login(draft_seat_players(table=table)[seat].player.user)
    text = client.get(f"/draft/table/{table.pk}/picks.txt").content.decode()
    block = text.split("Pack 1 pick 1:\n")[1].split("\n\n")[0].splitlines()
    assert len(block) == 4 and block[-1] == f"--> {first_card}"
    others = {name for s, name in takers if s != seat}
    assert not any(f"--> {name}" in text for name in others)


def test_event_picks_csv_is_for_the_organizer_only(client):
    pod = make_booster_pods(players=2, pack_size=3)[0]
    while reload(pod).status == DraftStatus.RUNNING:
        pod = _pick_everyone(pod)
    client.force_login(player(PodTeam.objects.get(pod=pod, seat=0)))
    assert client.get(f"/draft/event/{pod.event_id}/picks.csv").status_code == 404
    client.force_login(pod.event.organizer)
    response = client.get(f"/draft/event/{pod.event_id}/picks.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 2 * 9
    assert {r["format"] for r in rows} == {"booster"} and {r["pack"] for r in rows} == {"1", "2", "3"}
