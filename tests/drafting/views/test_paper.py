"""The paper draft's pages (drafting/views/paper.py): the organizer's controls, bad input answered with a message
(never a 500), "Pod 2, seat 5" on a player's phone, the portal and the projector, the timers as JSON, and nothing
of a private event for a stranger."""

import pytest
from django.urls import reverse

from drafting.models import EventTimer, PodTeam, TimerKind
from drafting.services.paper import called_draft_start, paper_pods_seat
from tests.drafting.boosterpods import player
from tests.factories import BoosterDraftEventFactory, SoloRegistrationFactory, UserFactory
from tournaments.models import EventLogEntry

pytestmark = pytest.mark.django_db


def seated(players=9, **fields):
    event = BoosterDraftEventFactory(**fields)
    for _ in range(players):
        SoloRegistrationFactory(event=event)
    paper_pods_seat(event=event, by=None, seed=4)
    return event


def test_paper_page_seats_the_pods_and_starts_pauses_and_resumes_the_timers(client):
    event = BoosterDraftEventFactory()
    for _ in range(9):
        SoloRegistrationFactory(event=event)
    client.force_login(event.organizer)
    url = reverse("drafting:paper_event", args=[event.pk])
    page = client.post(url, {"action": "seat", "pods_every_round": "on"}, follow=True).content.decode()
    assert "2 pods seated." in page and "Pod 2, seat 4" in page
    assert event.draft_settings.__class__.objects.get(event=event).pods_every_round
    client.post(url, {"action": "draft", "pack_size": "14"})
    assert EventTimer.objects.get(event=event, kind=TimerKind.CALLED_DRAFT).schedule[0]["cards"] == 14
    client.post(url, {"action": "pause:draft"})
    assert EventTimer.objects.get(event=event, kind=TimerKind.CALLED_DRAFT).paused_at is not None
    page = client.post(url, {"action": "resume:draft"}, follow=True).content.decode()
    assert "Resumed." in page and "Pause the draft" in page
    assert "The draft is still being called: deck building starts once the call is over." in page
    page = client.post(url, {"action": "build", "minutes": "25"}, follow=True).content.decode()
    assert "The draft is still being called, so deck building hasn" in page  # issue 56: never without a word
    assert not EventTimer.objects.filter(event=event, kind=TimerKind.DECK_BUILDING).exists()
    page = client.post(url, {"action": "end:draft"}, follow=True).content.decode()
    assert "The call has ended: the draft is over." in page and 'id="end-call"' not in page
    client.post(url, {"action": "build", "minutes": "25"})
    assert EventTimer.objects.get(event=event, kind=TimerKind.DECK_BUILDING).schedule[0]["seconds"] == 1500
    actions = set(EventLogEntry.objects.filter(event=event, user=event.organizer).values_list("action", flat=True))
    assert {
        "paper_pods_seated",
        "timer_draft_start",
        "timer_draft_pause",
        "timer_draft_resume",
        "timer_draft_end",
        "timer_build_start",
    } <= actions


@pytest.mark.parametrize(
    "data,message",
    [
        ({"action": "draft", "pack_size": "x"}, "Choose the number of cards in a pack."),
        ({"action": "draft", "pack_size": "99"}, "A pack holds 2 to 20 cards"),
        ({"action": "build", "minutes": "-3"}, "Give the deck building time in whole minutes."),
        ({"action": "build", "minutes": "999"}, "Deck building takes 1 to 180 minutes."),
        ({"action": "pause:build"}, "That timer hasn&#x27;t started."),
        ({"action": "explode"}, "Choose what to do."),
        ({"action": "seat"}, "This event already has its pods."),
    ],
)
def test_paper_page_answers_bad_input_with_a_message(client, data, message):
    event = seated()
    client.force_login(event.organizer)
    response = client.post(reverse("drafting:paper_event", args=[event.pk]), data, follow=True)
    assert response.status_code == 200 and message in response.content.decode()
    assert not EventTimer.objects.filter(event=event).exists()


def test_call_page_tells_a_player_their_pod_and_seat_and_the_portal_too(client):
    event = seated()
    row = PodTeam.objects.filter(pod__event=event, pod__number=2, seat=2).get()
    client.force_login(player(row))
    page = client.get(reverse("drafting:call", args=[event.pk])).content.decode()
    assert "Pod 2, seat 3" in page and "No timer is running yet." in page
    assert "Pod 2, seat 3" in client.get(reverse("portal:event", args=[event.pk])).content.decode()


def test_projector_and_call_state_show_the_timer_and_every_seat(client):
    event = seated(players=9)
    called_draft_start(event=event, by=None, pack_size=15)
    client.force_login(event.organizer)
    screen = client.get(reverse("desk:screen", args=[event.pk])).content.decode()
    assert "Pod 1, seat 5" in screen and "Pod 2, seat 4" in screen and "event-timers" in screen
    projector = client.get(reverse("drafting:call", args=[event.pk]) + "?projector=1").content.decode()
    assert "called-page--projector" in projector and "Pod 2, seat 4" in projector
    state = client.get(reverse("drafting:call_state", args=[event.pk])).json()
    assert state["build"] is None and state["draft"]["index"] == 0 and state["draft"]["schedule"][0]["seconds"] == 40
    assert abs(state["server_now"] - state["draft"]["started"]) < 5


def test_paper_pages_hide_a_private_event_from_a_stranger(client):
    event = seated(is_public=False, name="Zyxwv private draft")
    client.force_login(UserFactory())
    for name in ("drafting:call", "drafting:call_state", "drafting:paper_event"):
        response = client.get(reverse(name, args=[event.pk]))
        assert response.status_code == 404 and b"Zyxwv" not in response.content


def test_a_sealed_event_runs_its_deck_building_timer_from_the_same_page(client):
    from tests.factories import SealedEventFactory

    event = SealedEventFactory()
    client.force_login(event.organizer)
    url = reverse("drafting:paper_event", args=[event.pk])
    page = client.get(url).content.decode()
    assert "Start deck building" in page and "Seat the players in pods" not in page
    assert "Deck building timer" in client.get(reverse("desk:desk", args=[event.pk])).content.decode()
    client.post(url, {"action": "build", "minutes": "40"})
    state = client.get(reverse("drafting:call_state", args=[event.pk])).json()
    assert state["draft"] is None and state["build"]["schedule"][0]["seconds"] == 2400


def test_a_timer_started_wrongly_is_stopped_and_started_again(client):
    event = seated()
    client.force_login(event.organizer)
    url = reverse("drafting:paper_event", args=[event.pk])
    client.post(url, {"action": "draft", "pack_size": "15"})
    refused = client.post(url, {"action": "draft", "pack_size": "14"}, follow=True).content.decode()
    assert "That timer is still running; let it end first." in refused
    assert "Stopped." in client.post(url, {"action": "stop:draft"}, follow=True).content.decode()
    assert not EventTimer.objects.filter(event=event).exists()
    client.post(url, {"action": "draft", "pack_size": "14"})
    assert EventTimer.objects.get(event=event).schedule[0]["cards"] == 14
    assert EventLogEntry.objects.filter(event=event, action="timer_draft_stop", user=event.organizer).count() == 1
    missing = client.post(url, {"action": "stop:build"}, follow=True).content.decode()
    assert "That timer hasn&#x27;t started." in missing


# --- Two-Headed Giant and team Rochester with real packs ---------------------------------------------------------


def test_2hg_paper_page_seats_teams_and_calls_six_packs_and_both_teammates_read_their_seat(client):
    from tests.factories import RegistrationFactory, ThgDraftEventFactory

    event = ThgDraftEventFactory()
    for _ in range(8):
        RegistrationFactory(event=event)
    client.force_login(event.organizer)
    url = reverse("drafting:paper_event", args=[event.pk])
    page = client.get(url).content.decode()
    assert "Seat the teams in pods" in page and "pods of three or four teams" in page
    page = client.post(url, {"action": "seat"}, follow=True).content.decode()
    assert "2 pods seated." in page and "Pod 2, seat 4" in page
    client.post(url, {"action": "draft", "pack_size": "15"})
    timer = EventTimer.objects.get(event=event, kind=TimerKind.CALLED_DRAFT)
    assert timer.schedule[0]["take"] == 2 and max(s["pack"] for s in timer.schedule) == 6
    row = PodTeam.objects.filter(pod__event=event, pod__number=1, seat=0).get()
    for seat in row.registration.seats.all():
        client.force_login(seat.player.user)
        assert "Pod 1, seat 1" in client.get(reverse("drafting:call", args=[event.pk])).content.decode()
        assert "Pod 1, seat 1" in client.get(reverse("portal:event", args=[event.pk])).content.decode()


def _rochester_round(teams=4):
    from tests.factories import RegistrationFactory, RochesterEventFactory
    from tournaments.services.pairing import round_pair_next

    event = RochesterEventFactory(real_product=True)
    for _ in range(teams):
        RegistrationFactory(event=event)
    return event, round_pair_next(event=event, seed=1)


def test_rochester_paper_page_calls_each_table_pauses_one_and_the_projector_shows_both(client):
    from drafting.models import DraftTable

    event, round_ = _rochester_round()
    first, second = DraftTable.objects.filter(round=round_).order_by("number")
    client.force_login(event.organizer)
    url = reverse("drafting:paper_event", args=[event.pk])
    page = client.get(url).content.decode()
    assert "Round 1, table 1" in page and "Round 1, table 2" in page and page.count("Start calling this table") == 2
    assert url in client.get(reverse("desk:drafts", args=[event.pk])).content.decode()  # the desk's way in
    page = client.post(
        url,
        {"action": "rochester", "table": str(first.pk), "pack_size": "15", "first_team": "2", "build_minutes": "40"},
        follow=True,
    ).content.decode()
    assert "The table&#x27;s called draft has started." in page and page.count("Start calling this table") == 1
    client.post(
        url, {"action": "rochester", "table": str(second.pk), "pack_size": "14", "first_team": "1", "build_minutes": ""}
    )
    one = EventTimer.objects.get(table=first)
    page = client.post(url, {"action": f"pause:timer-{one.pk}"}, follow=True).content.decode()
    assert "Paused." in page and "Resume this table" in page
    assert EventLogEntry.objects.filter(event=event, action="timer_draft_pause", user=event.organizer).count() == 1
    projector = client.get(reverse("drafting:call", args=[event.pk]) + "?projector=1").content.decode()
    assert projector.count('data-call="') == 2 and f"Round 1, table 2: {second.team1}" in projector
    screen = client.get(reverse("desk:screen", args=[event.pk])).content.decode()
    assert screen.count('data-call="') == 2 and "called.js" in screen
    state = client.get(reverse("drafting:call_state", args=[event.pk])).json()
    assert [(c["table"], c["paused_at"] is not None) for c in state["calls"]] == [(1, True), (2, False)]
    assert state["calls"][0]["schedule"][0]["seat"] == "2B"


def test_rochester_player_phone_shows_round_table_seat_and_only_their_tables_call(client):
    from drafting.models import DraftTable
    from drafting.services.paper import rochester_call_start

    event, round_ = _rochester_round()
    first, second = DraftTable.objects.filter(round=round_).order_by("number")
    for table in (first, second):
        rochester_call_start(event=event, by=None, table_id=table.pk, pack_size=15, first_team=1)
    seat = second.team2.seats.get(letter="B")
    client.force_login(seat.player.user)
    page = client.get(reverse("drafting:call", args=[event.pk])).content.decode()
    assert "Round 1, table 2, seat 2B" in page and page.count('data-call="') == 1
    assert f"?table={second.pk}" in page
    portal = client.get(reverse("portal:event", args=[event.pk])).content.decode()
    assert "Round 1, table 2, seat 2B" in portal


@pytest.mark.parametrize(
    "data,message",
    [
        ({"action": "rochester", "pack_size": "15", "first_team": "1"}, "Choose a table."),
        (
            {"action": "rochester", "table": "TABLE", "pack_size": "x", "first_team": "1"},
            "Choose the number of cards in a pack.",
        ),
        ({"action": "rochester", "table": "TABLE", "pack_size": "15"}, "won the draw and decides"),
        (
            {"action": "rochester", "table": "TABLE", "pack_size": "15", "first_team": "1", "build_minutes": "-3"},
            "Give the deck building time in whole minutes.",
        ),
        ({"action": "pause:timer-abc"}, "Choose what to do."),
        ({"action": "pause:timer-99999999"}, "That timer hasn&#x27;t started."),
    ],
)
def test_rochester_paper_page_answers_bad_input_with_a_message(client, data, message):
    from drafting.models import DraftTable

    event, round_ = _rochester_round(teams=2)
    table = DraftTable.objects.get(round=round_)
    client.force_login(event.organizer)
    posted = {k: (str(table.pk) if v == "TABLE" else v) for k, v in data.items()}
    response = client.post(reverse("drafting:paper_event", args=[event.pk]), posted, follow=True)
    assert response.status_code == 200 and message in response.content.decode()
    assert not EventTimer.objects.filter(event=event).exists()


# --- Each pod on its own, the scorekeeper's timers, deck building ended early, paper tables (issue 40) -----------


def test_paper_page_calls_each_pod_on_its_own_and_each_phone_shows_its_own_pods_call(client):
    from drafting.models import Pod

    event = seated(players=12)
    pod1, pod2 = Pod.objects.filter(event=event).order_by("number")
    client.force_login(event.organizer)
    url = reverse("drafting:paper_event", args=[event.pk])
    assert client.get(url).content.decode().count("Call this pod") == 2
    page = client.post(url, {"action": "draft", "pod": str(pod2.pk), "pack_size": "14"}, follow=True).content.decode()
    assert "The pod&#x27;s called draft has started." in page and page.count("Call this pod") == 1
    client.post(url, {"action": "draft", "pod": str(pod1.pk), "pack_size": "15"})
    one = EventTimer.objects.get(pod=pod1)
    page = client.post(url, {"action": f"pause:timer-{one.pk}"}, follow=True).content.decode()
    assert "Paused." in page and "Resume this pod" in page and "Pause this pod" in page
    assert EventTimer.objects.get(pod=pod2).paused_at is None
    projector = client.get(reverse("drafting:call", args=[event.pk]) + "?projector=1").content.decode()
    assert projector.count('data-call="') == 2 and "Pod 1" in projector and "Pod 2" in projector
    row = PodTeam.objects.filter(pod=pod2, seat=0).get()
    client.force_login(player(row))
    phone = client.get(reverse("drafting:call", args=[event.pk])).content.decode()
    two = EventTimer.objects.get(pod=pod2)
    assert "Pod 2, seat 1" in phone and phone.count('data-call="') == 1 and f'data-call="{two.pk}"' in phone
    assert f"?pod={pod2.pk}" in phone  # its check for pauses asks for its pod's call only
    state = client.get(reverse("drafting:call_state", args=[event.pk]) + f"?pod={pod2.pk}").json()
    assert [c["id"] for c in state["calls"]] == [two.pk]


@pytest.mark.parametrize(
    "data,message",
    [
        ({"action": "draft", "pod": "x", "pack_size": "15"}, "Choose a pod."),
        ({"action": "draft", "pod": "99999999", "pack_size": "15"}, "This event has no such paper pod."),
        ({"action": "end:build"}, "That timer hasn&#x27;t started."),
    ],
)
def test_paper_page_answers_bad_pod_or_end_input_with_a_message(client, data, message):
    event = seated()
    client.force_login(event.organizer)
    response = client.post(reverse("drafting:paper_event", args=[event.pk]), data, follow=True)
    assert response.status_code == 200 and message in response.content.decode()
    assert not EventTimer.objects.filter(event=event).exists()


def test_a_scorekeeper_runs_every_timer_but_seats_no_pods(client):
    from tests.factories import EventStaffFactory

    event = BoosterDraftEventFactory()
    for _ in range(9):
        SoloRegistrationFactory(event=event)
    keeper = EventStaffFactory(event=event, role="scorekeeper").user
    client.force_login(keeper)
    url = reverse("drafting:paper_event", args=[event.pk])
    page = client.get(url).content.decode()
    assert "Seat the players in pods" not in page and "The event's organizers seat the pods" in page
    refused = client.post(url, {"action": "seat"}, follow=True).content.decode()
    assert "Only the event&#x27;s organizers seat the pods" in refused and not event.pods.exists()
    paper_pods_seat(event=event, by=event.organizer, seed=1)
    client.post(url, {"action": "draft", "pack_size": "15"})
    client.post(url, {"action": "pause:draft"})
    client.post(url, {"action": "stop:draft"})
    client.post(url, {"action": "build", "minutes": "25"})
    client.post(url, {"action": "pause:build"})
    client.post(url, {"action": "resume:build"})
    page = client.post(url, {"action": "end:build"}, follow=True).content.decode()
    assert "Deck building has ended: every deck is in." in page
    actions = list(
        EventLogEntry.objects.filter(event=event, user=keeper).order_by("pk").values_list("action", flat=True)
    )
    assert actions == [
        "timer_draft_start",
        "timer_draft_pause",
        "timer_draft_stop",
        "timer_build_start",
        "timer_build_pause",
        "timer_build_resume",
        "timer_build_end",
    ]


def test_a_sealed_events_deck_building_ends_early_from_the_page_and_the_desk_moves_on(client):
    from desk.selectors import desk_next_step
    from tests.factories import SealedEventFactory

    event = SealedEventFactory()
    client.force_login(event.organizer)
    url = reverse("drafting:paper_event", args=[event.pk])
    client.post(url, {"action": "build", "minutes": "40"})
    page = client.get(url).content.decode()
    assert 'id="end-build"' in page
    page = client.post(url, {"action": "end:build"}, follow=True).content.decode()
    assert "Deck building has ended: every deck is in." in page and 'id="end-build"' not in page
    assert client.get(reverse("drafting:call_state", args=[event.pk])).json()["build"]["index"] is None
    assert desk_next_step(event=event).kind not in ("build", "decklists")
    assert EventLogEntry.objects.filter(event=event, action="timer_build_end", user=event.organizer).count() == 1


def test_paper_rochester_tables_show_their_call_and_never_the_digital_draft(client):
    from drafting.models import DraftTable

    event, round_ = _rochester_round()
    first = DraftTable.objects.filter(round=round_).order_by("number").first()
    call_url = reverse("drafting:call", args=[event.pk]) + f"?table={first.pk}"
    client.force_login(event.organizer)
    drafts = client.get(reverse("desk:drafts", args=[event.pk])).content.decode()
    assert "Drafted with real packs: called" in drafts and "Being set up" not in drafts
    assert reverse("drafting:table", args=[first.pk]) not in drafts
    assert call_url in drafts and "Call it on the paper draft's page" in drafts
    assert 'value="choose"' not in drafts and 'value="timing"' not in drafts
    seat = first.team1.seats.get(letter="A")
    client.force_login(seat.player.user)
    assert client.get(reverse("drafting:table", args=[first.pk])).url == call_url
    index = client.get(reverse("drafting:index")).content.decode()
    assert "Drafted with real packs: called" in index and "Being set up" not in index and call_url in index
    match = first.round.matches.filter(team_a=first.team1).first() or first.round.matches.get(team_b=first.team1)
    page = client.get(reverse("portal:match", args=[match.pk])).content.decode()
    assert "Drafted with real packs: called" in page and call_url in page
    assert reverse("drafting:table", args=[first.pk]) not in page
