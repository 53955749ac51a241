"""Issue 56's paper booster draft night, through the pages: an organizer makes an 8-player booster draft with the
New event form, the players join by the event's code, and the desk's one next step leads through every step of a
draft with real boosters on the table (seat the draft, start the call, the call running, deck building, the
decklists, round 1 paired by draft seat, the rounds, the close), each with its words; the typed 40-card decks are
checked as limited decks without a pool, in players' words; a drop and a draw; the final placings; and a seated
drafter's /draft/ page."""

import datetime as dt
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cards.services import cards_ensure_loaded
from desk.selectors import desk_next_step
from drafting.models import EventTimer, PodTeam, TimerKind
from signup.services import join_code_for
from tests.desk.test_console import _new as new_event
from tests.factories import TYPED_SEALED_DECK, UserFactory
from tournaments.enums import EnforcementLevel, EventStatus, FormatKind
from tournaments.models import Event, EventLogEntry, Registration
from tournaments.selectors.placements import placements_for_event
from tournaments.services.events import event_update
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db

SHORT_DECK = "1 Serra Angel\n2 Shock\n20 Plains\n16 Mountain\nSideboard\n1 Lightning Bolt"  # 39 cards


def _step(event):
    return desk_next_step(event=Event.objects.get(pk=event.pk))


def _desk(client, event) -> str:
    return unescape(client.get(reverse("desk:desk", args=[event.pk])).text)


def _press(client, event) -> str:
    """Press the desk's next-step button as the page offers it; the page it lands on."""
    step = _step(event)
    page = client.post(reverse("desk:step", args=[event.pk]), {"key": step.key, "anyway": "1"}, follow=True)
    return unescape(page.text)


def _step_on_page(html: str) -> tuple[str, str]:
    """The next step's label and where its link or form leads, as the desk shows it."""
    section = html[html.index('aria-labelledby="step-heading"') :]
    section = section[: section.index("</section>")]
    label = re.search(r'id="next-step"[^>]*>([^<]+)<', section).group(1).strip()
    link = re.search(r'<a class="button step-button" id="next-step" href="([^"]+)"', section)
    return label, link.group(1) if link else reverse("desk:step", args=[0]).replace("/0/", "/")


@pytest.fixture
def night(_bundled_cards):
    """The event made on the New event page (booster draft, Competitive REL, 8 expected) and 8 players who joined
    with its code; returns (organizer's client, event, [(player's client, registration)])."""
    cards_ensure_loaded()
    organizer = UserFactory(username="olivia")
    organizer_role_grant(user=organizer)
    client = Client()
    client.force_login(organizer)
    response = new_event(
        client,
        name="Friday Paper Draft",
        preset="individual_draft",
        expected_teams="8",
        enforcement_level="competitive",
        date=timezone.localdate().isoformat(),
    )
    assert response.status_code == 302, re.findall(r"errorlist[^>]*>(.*?)</ul", unescape(response.text), re.S)
    event = Event.objects.get(name="Friday Paper Draft")
    assert (event.format_kind, event.team_size, event.enforcement_level, event.swiss_rounds, event.top_cut) == (
        FormatKind.BOOSTER_DRAFT,
        1,
        EnforcementLevel.COMPETITIVE,
        3,
        0,
    )
    assert event.deck_building_minutes == 40  # docs/desk.md: deck building for limited events, 40 minutes
    event = event_update(
        event=event, user=organizer, signup_open=True, signup_deadline=timezone.now() + dt.timedelta(days=1)
    )
    players = []
    url = reverse("portal:join", args=[join_code_for(event=event)])
    for n in range(8):
        phone = Client()
        joined = phone.post(url, {"name": f"Drafter {n + 1}", "email": f"d{n + 1}@example.org", "password": "pw-" * 5})
        assert joined.status_code == 302
        players.append(phone)
    registrations = {r.seats.get().player.name: r for r in Registration.objects.filter(event=event)}
    assert len(registrations) == 8
    return client, event, [(phone, registrations[f"Drafter {n + 1}"]) for n, phone in enumerate(players)]


def test_paper_booster_draft_night_from_seating_to_the_close(night):
    client, event, players = night
    steps: list[str] = []

    # 1. Seat the draft. Real product isn't ticked yet: the step seats for packs in Hydra and says where real
    # boosters are seated instead; the organizer follows the desk's paper draft page, as the organizer did.
    html = _desk(client, event)
    assert 'id="desk-drafts"' in html and 'class="button" href="/events/' in html  # the draft: a button, not a link
    step = _step(event)
    assert (step.kind, step.label) == ("seat", "Seat the draft")
    assert "paper draft's page" in step.explains and "at random" not in step.explains
    steps.append(step.label)
    paper = reverse("drafting:paper_event", args=[event.pk])
    page = unescape(client.post(paper, {"action": "seat"}, follow=True).text)
    assert "1 pod seated." in page
    event.refresh_from_db()
    assert event.real_product  # real packs on the table: Hydra keeps no pools
    seats = list(PodTeam.objects.filter(pod__event=event).order_by("seat"))
    assert len(seats) == 8

    # 2. Start the call: a link to the paper draft's page, which the desk now shows as a button too.
    html = _desk(client, event)
    assert _step_on_page(html) == ("Start the call", paper)
    assert 'id="desk-paper-draft"' in html
    steps.append(_step(event).label)
    client.post(paper, {"action": "draft", "pack_size": "15"})
    assert EventTimer.objects.filter(event=event, kind=TimerKind.CALLED_DRAFT).exists()

    # 3. The call runs: the desk says deck building waits for it; deck building refuses to start under it.
    step = _step(event)
    assert (step.kind, step.label) == ("calling", "The draft is being called")
    assert "Deck building starts once the call is over" in step.explains
    assert _step_on_page(_desk(client, event)) == ("The draft is being called", paper)
    steps.append(step.label)
    refused = unescape(client.post(paper, {"action": "build", "minutes": "40"}, follow=True).text)
    assert "The draft is still being called, so deck building hasn't started." in refused
    assert not EventTimer.objects.filter(event=event, kind=TimerKind.DECK_BUILDING).exists()

    # A seated drafter's /draft/ page finds their seat at the paper booster draft.
    phone, registration = players[0]
    seat = PodTeam.objects.get(registration=registration).seat + 1
    mine = unescape(phone.get(reverse("drafting:index")).text)
    assert "You aren't seated" not in mine and "Two-Headed Giant" not in mine
    assert "Booster draft pods" in mine
    assert f"Friday Paper Draft · Pod 1, seat {seat}" in mine and "(The draft is being called)" in mine
    assert reverse("drafting:call", args=[event.pk]) in mine

    # Every pod has drafted before the call ended: the organizer ends it.
    page = unescape(client.post(paper, {"action": "end:draft"}, follow=True).text)
    assert "The call has ended: the draft is over." in page
    assert "(The draft is over)" in unescape(phone.get(reverse("drafting:index")).text)

    # 4. Deck building: the event's 40 minutes, started from the desk's step.
    step = _step(event)
    assert (step.kind, step.label) == ("build", "Start deck building")
    assert "40-minute deck building timer" in step.explains
    steps.append(step.label)
    assert "Deck building has started: 40 minutes." in _press(client, event)
    assert EventTimer.objects.get(event=event, kind=TimerKind.DECK_BUILDING).schedule[0]["seconds"] == 40 * 60

    # 5. Collect the decklists: typed on the players' phones, checked as limited decks without a pool.
    step = _step(event)
    assert (step.kind, step.label) == ("decklists", "Collect the decklists")
    assert step.explains.startswith("0 of 8 players have registered their deck.")
    assert _step_on_page(_desk(client, event)) == ("Collect the decklists", reverse("desk:decklists", args=[event.pk]))
    steps.append(step.label)
    decklist = reverse("portal:decklist", args=[event.pk])
    short = unescape(players[1][0].post(decklist, {"text": SHORT_DECK}, follow=True).text)
    assert "the main deck has 39 cards; a limited deck has at least 40" in short
    for phone, _registration in players:
        saved = unescape(phone.post(decklist, {"text": TYPED_SEALED_DECK}, follow=True).text)
        assert "Decklist saved. It is legal." in saved, saved[:3000]
        assert "pool" not in saved.lower().split("decklist saved")[1][:400]
    for registration in Registration.objects.filter(event=event):
        assert registration.deck_problems == [], registration.deck_problems
    desk_lists = unescape(client.get(reverse("desk:decklists", args=[event.pk])).text)
    words = re.sub(r"<[^>]+>", " ", desk_lists.split("<main")[1])
    assert "with problems" not in words and not re.search(r"\bteams?\b", words, re.I), words

    # 6. Pair round 1: by draft seat, and the desk says so.
    step = _step(event)
    assert (step.kind, step.label) == ("pair", "Pair round 1")
    assert step.explains.startswith("Pairs round 1 by draft seat")
    assert step.warnings == []
    steps.append(step.label)
    assert "Round 1 is paired." in _press(client, event)
    round_1 = event.rounds.get(number=1)
    by_seat = [s.registration_id for s in seats]
    assert {frozenset((m.team_a_id, m.team_b_id)) for m in round_1.matches.all()} == {
        frozenset((by_seat[n], by_seat[n + 4])) for n in range(4)
    }

    # 7. The rounds: results typed at the desk (one a draw), a drop after round 1, a bye in round 2.
    def play(round_, *, draw_table=None):
        for match in round_.matches.filter(team_b__isnull=False).order_by("table"):
            result = "1-1-1" if match.table == draw_table else "2-0"
            client.post(
                reverse("desk:result", args=[event.pk]),
                {"round": round_.number, "table": match.table, "result": result},
            )
        assert not round_.matches.exclude(result_state__in=["final", "bye"]).exists(), list(
            round_.matches.values_list("table", "result_state")
        )

    # Competitive REL: the pairings are a draft the organizer publishes (issue 53).
    step = _step(event)
    assert (step.kind, step.label) == ("publish", "Publish round 1")
    steps.append(step.label)
    assert "Round 1 is published." in _press(client, event)
    step = _step(event)
    assert step.label == "Start the clock"
    steps.append(step.label)
    play(round_1, draw_table=2)
    dropper = players[7][1]
    client.post(reverse("desk:team", args=[event.pk]), {"registration": dropper.pk, "action": "drop"})
    dropper.refresh_from_db()
    assert dropper.dropped_round is not None
    for number in (2, 3):
        step = _step(event)
        assert (step.kind, step.label) == ("pair", f"Pair round {number}")
        assert "by match points" in step.explains
        steps.append(step.label)
        _press(client, event)
        step = _step(event)
        assert (step.kind, step.label) == ("publish", f"Publish round {number}")
        steps.append(step.label)
        _press(client, event)
        round_ = event.rounds.get(number=number)
        assert dropper.pk not in {m.team_a_id for m in round_.matches.all()} | {
            m.team_b_id for m in round_.matches.all()
        }
        assert round_.matches.filter(team_b__isnull=True).count() == 1  # 7 players: a bye
        play(round_)

    # 8. No top cut: close the event; the final placings are the standings'.
    step = _step(event)
    assert (step.kind, step.label) == ("finish", "Close the event")
    steps.append(step.label)
    html = _press(client, event)
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    placings = placements_for_event(event=event)
    assert [p.place for p in placings] == list(range(1, 9))
    names = {r.pk: r.seats.get().player.name for r in Registration.objects.filter(event=event)}
    shown = re.findall(r'<tr><td>(\d+)</td><th scope="row">([^<]+)</th>', html[html.index('id="final-placings"') :])
    assert [(int(place), name) for place, name in shown] == [(p.place, names[p.team]) for p in placings]
    assert _step(event).kind == "none"

    assert steps == [
        "Seat the draft",
        "Start the call",
        "The draft is being called",
        "Start deck building",
        "Collect the decklists",
        "Pair round 1",
        "Publish round 1",
        "Start the clock",
        "Pair round 2",
        "Publish round 2",
        "Pair round 3",
        "Publish round 3",
        "Close the event",
    ]
    logged = set(EventLogEntry.objects.filter(event=event, user__username="olivia").values_list("action", flat=True))
    assert {"paper_pods_seated", "timer_draft_start", "timer_draft_end", "timer_build_start"} <= logged


def test_the_desk_seats_a_real_product_booster_draft_with_its_button(night):
    """With real product ticked first, "Seat the draft" is the desk's own button: real boosters, pods of up to
    eight, and round 1 will pair by seat."""
    client, event, _players = night
    event = event_update(event=event, user=event.organizer, real_product=True)
    step = _step(event)
    assert step.label == "Seat the draft" and "real boosters on the table" in step.explains
    assert "1 draft pod is seated." in _press(client, event)
    assert PodTeam.objects.filter(pod__event=event, pod__pack_source="paper").count() == 8
    assert _step(event).label == "Start the call"


def test_a_digital_booster_draft_leads_to_the_drafts_page_then_pairs_by_seat(night):
    """Packs in Hydra: seat, then the drafts page until every pod has drafted; round 1 pairs by seat."""
    from drafting.models import DraftStatus, Pod

    client, event, _players = night
    assert "1 draft pod is seated." in _press(client, event)
    event.refresh_from_db()
    assert not event.real_product
    step = _step(event)
    assert (step.kind, step.label) == ("drafts", "Open the packs and start the drafts")
    assert _step_on_page(_desk(client, event))[1] == reverse("desk:drafts", args=[event.pk])
    Pod.objects.filter(event=event).update(status=DraftStatus.RUNNING)
    assert _step(event).label == "Run the drafts"
    Pod.objects.filter(event=event).update(
        status=DraftStatus.FINISHED, finished_at=timezone.now() - dt.timedelta(hours=2)
    )
    step = _step(event)
    assert step.label == "Pair round 1" and step.explains.startswith("Pairs round 1 by draft seat")


def test_a_scorekeeper_may_not_seat_the_draft_from_the_desk(night):
    """Seating stays the organizers' at the desk's step as on the paper draft's page; nothing is seated."""
    from tests.desk.conftest import scorekeeper_of

    _client, event, _players = night
    keeper = Client()
    keeper.force_login(scorekeeper_of(event))
    page = unescape(
        keeper.post(reverse("desk:step", args=[event.pk]), {"key": _step(event).key, "anyway": "1"}, follow=True).text
    )
    assert "Only the event's organizers seat the pods" in page
    assert not PodTeam.objects.filter(pod__event=event).exists()
