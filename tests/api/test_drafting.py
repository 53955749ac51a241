"""Draft tables in the API: the public state only; a player's earlier picks must not leak."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from drafting.models import DraftCard, DraftStatus
from drafting.selectors.tables import draft_table_plan
from tests.factories import DraftTableFactory, RochesterEventFactory

pytestmark = pytest.mark.django_db


def _running_table(event=None):
    """A table in pack 2 (index 1) at pick 3: pack 1 fully taken, two cards of pack 2 taken."""
    table = DraftTableFactory(
        **({"event": event} if event else {}),
        status=DraftStatus.RUNNING,
        pack_sizes=[15] * 18,
        pack_index=1,
        pick_number=3,
        deadline=timezone.now() + dt.timedelta(seconds=5),
    )
    plan = draft_table_plan(table=table)
    cards = []
    for pack_index, taken in ((0, 15), (1, 2)):
        for position in range(1, 16):
            picked = position <= taken
            cards.append(
                DraftCard(
                    table=table,
                    pack_index=pack_index,
                    position=position,
                    name=f"P{pack_index + 1} card {position}",
                    picked_by=str(plan[pack_index].picks[position - 1]) if picked else "",
                    pick_number=position if picked else None,
                )
            )
    DraftCard.objects.bulk_create(cards)
    return table, plan


def _url(table, tail=""):
    return f"/api/v1/events/{table.event_id}/draft-tables/{tail}"


def test_table_shows_the_pack_face_up_and_whose_turn(api):
    table, plan = _running_table()
    body = api.get(_url(table, f"{table.number}/")).json()
    assert [card["name"] for card in body["pack"]] == [f"P2 card {n}" for n in range(3, 16)]
    assert body["seat_to_pick"] == str(plan[1].picks[2])
    assert (body["pack_number"], body["pick_number"], body["status"]) == (2, 3, "running")
    assert body["deadline"] is not None


def test_earlier_picks_must_not_leak(api):
    table, plan = _running_table()
    body = api.get(_url(table, f"{table.number}/"))
    text = body.content.decode()
    assert "P1 card" not in text  # nothing of the first pack, which every player took from
    latest = {seat["seat"]: seat["latest_pick"] for seat in body.json()["seats"]}
    assert latest[str(plan[1].picks[0])] == "P2 card 1"
    assert latest[str(plan[1].picks[1])] == "P2 card 2"
    assert sum(1 for pick in latest.values() if pick) == 2
    assert "pool" not in body.json()


def test_table_etag_and_304(api):
    table, _ = _running_table()
    first = api.get(_url(table, f"{table.number}/"))
    again = api.get(_url(table, f"{table.number}/"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    table.version += 1
    table.save()
    assert api.get(_url(table, f"{table.number}/"), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_hidden_event_tables_are_404(api):
    table, _ = _running_table(RochesterEventFactory(is_public=False))
    assert api.get(_url(table)).status_code == 404
    assert api.get(_url(table, f"{table.number}/")).status_code == 404


def test_unknown_table_is_404_with_reason(api):
    table, _ = _running_table()
    response = api.get(_url(table, "99/"))
    assert response.status_code == 404
    assert response.json()["message"] == f"Event {table.event_id} has no draft table 99."


def test_table_list_queries_do_not_grow(api):
    small_event, large_event = RochesterEventFactory(), RochesterEventFactory()
    _running_table(small_event)
    for _ in range(4):
        _running_table(large_event)

    def count(event):
        with CaptureQueriesContext(connection) as captured:
            response = api.get(f"/api/v1/events/{event.pk}/draft-tables/")
        assert response.status_code == 200
        return len(captured), len(response.json()["results"])

    (small, one), (large, four) = count(small_event), count(large_event)
    assert (one, four) == (1, 4)
    assert small == large


def test_an_expired_deadline_is_applied_on_reading_even_with_no_worker(api):
    table, plan = _running_table()
    first = api.get(_url(table, f"{table.number}/"))
    # The deadline passes and no worker runs: the next read makes the timed-out pick and shows the next one.
    type(table).objects.filter(pk=table.pk).update(deadline=timezone.now() - dt.timedelta(seconds=2))
    response = api.get(_url(table, f"{table.number}/"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert response.status_code == 200
    assert response["ETag"] != first["ETag"]
    body = response.json()
    assert body["pick_number"] == 4
    assert "P2 card 3" not in [card["name"] for card in body["pack"]]
    assert dt.datetime.fromisoformat(body["deadline"].replace("Z", "+00:00")) > timezone.now()
    latest = {seat["seat"]: seat["latest_pick"] for seat in body["seats"]}
    assert latest[str(plan[1].picks[2])] == "P2 card 3"
    taken = DraftCard.objects.get(table=table, pack_index=1, position=3)
    assert (taken.picked_by, taken.pick_number, taken.via) == (str(plan[1].picks[2]), 3, "read")
    # The new state is current: asked again with its ETag, the answer is 304.
    assert api.get(_url(table, f"{table.number}/"), HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_the_table_list_applies_expired_deadlines(api):
    table, plan = _running_table()
    type(table).objects.filter(pk=table.pk).update(deadline=timezone.now() - dt.timedelta(seconds=2))
    row = api.get(_url(table)).json()["results"][0]
    assert row["picks_made"] == 15 + 3
    assert row["seat_to_pick"] == str(plan[1].picks[3])
    assert dt.datetime.fromisoformat(row["deadline"].replace("Z", "+00:00")) > timezone.now()


# --- Draft tables belong to a round (team Rochester drafts every round, RULES.md 6) ---------------------------------


def _two_rounds():
    from tests.factories import RegistrationFactory
    from tournaments.models import TeamMatch
    from tournaments.services.pairing import round_pair_next
    from tournaments.services.results import SeatGames, team_match_record_final

    event = RochesterEventFactory()
    for _ in range(4):
        RegistrationFactory(event=event)
    first = round_pair_next(event=event, seed=1)
    for match in TeamMatch.objects.filter(round=first):
        team_match_record_final(match=match, user=None, seats=[SeatGames(c, 2, 0) for c in "ABC"])
    second = round_pair_next(event=event, seed=2)
    return event, first, second


def test_table_list_takes_round_and_shows_each_table_s_round(api):
    event, first, second = _two_rounds()
    url = f"/api/v1/events/{event.pk}/draft-tables/"
    every = api.get(url).json()["results"]
    assert [(t["round"], t["number"]) for t in every] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert {t["round_name"] for t in every} == {"Round 1", "Round 2"}
    only = api.get(url, {"round": 2}).json()["results"]
    assert [(t["round"], t["number"]) for t in only] == [(2, 1), (2, 2)]
    assert {(t["team1"]["id"], t["team2"]["id"]) for t in only} == {
        (m.team_a_id, m.team_b_id) for m in second.matches.all()
    }


@pytest.mark.parametrize("bad", ["x", "0", "2.5"])
def test_table_list_bad_round_is_a_400(api, bad):
    event, _first, _second = _two_rounds()
    assert api.get(f"/api/v1/events/{event.pk}/draft-tables/", {"round": bad}).status_code == 400


def test_table_detail_takes_round_and_defaults_to_the_latest(api):
    event, first, second = _two_rounds()
    url = f"/api/v1/events/{event.pk}/draft-tables/1/"
    latest = api.get(url).json()
    assert (latest["round"], latest["round_name"], latest["number"]) == (2, "Round 2", 1)
    earlier = api.get(url, {"round": 1}).json()
    assert (earlier["round"], earlier["number"]) == (1, 1)
    assert api.get(url, {"round": 3}).status_code == 404
    assert api.get(url, {"round": "x"}).status_code == 400
