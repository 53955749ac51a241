"""Every door against one table (issue 25): every URL of the project (the portal, the desk, judging, drafting,
sealed, shared games, sign-up, ratings, the API) and every admin URL (changelists, add, change, delete and history
pages, every action, every custom admin view) is asked by each of ten callers, and what each gets must be what the
table says: allowed, or refused (401, 403, 404, or the login page). A route or an admin without an entry fails the
test, so a new door can't be added without saying who may pass it.

The event under test is private and its name carries a secret word: no answer to a caller who may not see the event
may contain it, whatever the route (lists, profiles and pages that merely mention events included).

Each request runs inside a savepoint that is rolled back, so a write one caller makes doesn't change what the next
sees; a POST carries no data, so an allowed caller is told what is missing (400, a form again, a message).
"""

from dataclasses import dataclass

import datetime as dt

import pytest
from django.contrib import admin
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from drafting.models import Pod
from drafting.services.pods import thg_pods_seat
from multiplayer.selectors import round_multiplayer_tables
from multiplayer.services import tables_pair_next
from ratings.models import RatingCategory
from sealed.models import SealedPool
from organizations.services import location_add, organization_create
from series.models import Series, SeriesEvent, SeriesInvitation, SeriesResult
from signup.models import Invitation, SignupSeat, TeamSignup
from signup.services import join_code_for
from tests.factories import (
    ApiTokenFactory,
    DraftTableFactory,
    EventFactory,
    EventStaffFactory,
    OrganizerTokenFactory,
    PlaceholderFactory,
    PlayerFactory,
    PodEventFactory,
    RegistrationFactory,
    RochesterEventFactory,
    SealedEventFactory,
    SharedGameEventFactory,
    ThgDraftEventFactory,
    UserFactory,
)
from tournaments.models import Decklist, EventLogEntry, Phase, Round, SeatInvitation, TeamMatch
from tournaments.selectors.placeholders import claim_path
from webhooks.models import Webhook, WebhookDelivery
from tournaments.services.pairing import round_pair_next
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db

SECRET = "Zyxwv"  # in every private event's name

OWNER, CO, SCOREKEEPER, JUDGE, OTHER, PLAYER, ANON = (
    "owner",
    "co_organizer",
    "scorekeeper",
    "judge",
    "other_organizer",
    "player",
    "anonymous",
)
EVENT_TOKEN, OTHER_EVENT_TOKEN, OTHER_ORG_TOKEN = "event_token", "other_event_token", "other_organizer_token"
CALLERS = [OWNER, CO, SCOREKEEPER, JUDGE, OTHER, PLAYER, ANON, EVENT_TOKEN, OTHER_EVENT_TOKEN, OTHER_ORG_TOKEN]
TOKENS = {EVENT_TOKEN, OTHER_EVENT_TOKEN, OTHER_ORG_TOKEN}

# Who passes each kind of door.
RUN = {OWNER, CO}
SCORE = RUN | {SCOREKEEPER}
JUDGE_ = RUN | {JUDGE}
SEE = RUN | {SCOREKEEPER, JUDGE, PLAYER}
SEE_API = SEE | {EVENT_TOKEN}
PLAYS = {PLAYER}
RUN_OR_PLAYS = RUN | {PLAYER}
PEOPLE = {OWNER, CO, SCOREKEEPER, JUDGE, OTHER, PLAYER}
ANYONE = set(CALLERS)
ORGANIZERS = {OWNER, CO, OTHER, OTHER_ORG_TOKEN}  # may create events (the API's import)
NOBODY = set()


@dataclass
class World:
    event: object
    other: object
    rochester: object
    pod_event: object
    sealed: object
    shared: object
    users: dict
    tokens: dict
    registration: object
    match: object
    round: object
    table: object
    pod: object
    mp_event: object
    mp_table: object
    pool: object
    shared_match: object
    signup: object
    decklist: object
    webhook: object
    delivery: object
    invitation: object
    claim: str
    series: object
    organization: object
    store: object
    series_invitation: object


def _private_event(factory, owner, people, player, **fields):
    event = factory(organizer=owner, is_public=False, name=f"{SECRET} {factory.__name__}", **fields)
    for role in ("co_organizer", "scorekeeper", "judge"):
        EventStaffFactory(event=event, user=people[role], role=role)
    mine = RegistrationFactory(event=event, seats=[player] + [PlayerFactory() for _ in range(event.team_size - 1)])
    others = [RegistrationFactory(event=event) for _ in range(3)]
    return event, mine, others


@pytest.fixture
def world(_bundled_cards):
    users = {name: UserFactory(username=name) for name in (OWNER, CO, SCOREKEEPER, JUDGE, OTHER, PLAYER)}
    for name in (OWNER, CO, OTHER):
        organizer_role_grant(user=users[name])
    player_user = PlayerFactory(user=users[PLAYER])  # one player record, on a team in each private event
    event, mine, _others = _private_event(EventFactory, users[OWNER], users, player_user, top_cut=4)
    round_ = round_pair_next(event=event, seed=1)
    match = (
        TeamMatch.objects.get(round=round_, team_a=mine)
        if TeamMatch.objects.filter(round=round_, team_a=mine).exists()
        else TeamMatch.objects.get(round=round_, team_b=mine)
    )
    other = EventFactory(organizer=users[OTHER], is_public=False, name="Their own event")
    RegistrationFactory(event=other)
    rochester, r_mine, r_others = _private_event(RochesterEventFactory, users[OWNER], users, player_user)
    table = DraftTableFactory(event=rochester, team1=r_mine, team2=r_others[0])
    pod_event, _p_mine, _p_others = _private_event(ThgDraftEventFactory, users[OWNER], users, player_user)
    pod = thg_pods_seat(event=pod_event, by=None, seed=1)[0]
    pod = Pod.objects.get(pk=pod.pk)
    mp_event, _mp_mine, _mp_others = _private_event(PodEventFactory, users[OWNER], users, player_user)
    mp_table = round_multiplayer_tables(round_=tables_pair_next(event=mp_event, by=users[OWNER], seed=1))[0]
    sealed, s_mine, _s_others = _private_event(SealedEventFactory, users[OWNER], users, player_user)
    pool = SealedPool.objects.create(event=sealed, registration=s_mine, set_code="DOM", booster_count=6, seed=1)
    Phase.objects.create(event=sealed, number=1, format_kind=sealed.format_kind, rounds=sealed.swiss_rounds)
    shared, g_mine, g_others = _private_event(SharedGameEventFactory, users[OWNER], users, player_user)
    shared_round = Round.objects.create(event=shared, number=1)
    shared_match = TeamMatch.objects.create(round=shared_round, table=1, team_a=g_mine, team_b=g_others[0])
    signup = TeamSignup.objects.create(event=event, name="Signed up", captain=player_user)
    SignupSeat.objects.create(signup=signup, event=event, letter="A", player=player_user)
    Invitation.objects.create(
        signup=signup, letter="B", token="matrix-invitation", expires_at=timezone.now() + dt.timedelta(days=1)
    )
    decklist = Decklist.objects.create(seat=mine.seats.get(letter="A"), text="4 Island")
    EventLogEntry.objects.create(event=event, action="note", message=f"{SECRET} note")
    RatingCategory.objects.create(slug="constructed-3", kind="constructed", team_size=3)
    webhook = Webhook.objects.create(
        owner=users[OWNER], event=event, url="http://127.0.0.1:9/hook", topics=["round_paired"]
    )
    delivery = WebhookDelivery.objects.create(webhook=webhook, event=event, topic="round_paired", payload={})
    # The owner's placeholder: the player is invited to take its seat, and its claim link was handed out.
    placeholder = PlaceholderFactory(made_by=users[OWNER], made_for_event=event, name="Placeholder Pat")
    invitation = SeatInvitation.objects.create(
        event=event, placeholder=placeholder, user=users[PLAYER], invited_by=users[OWNER]
    )
    tokens = {
        EVENT_TOKEN: ApiTokenFactory(event=event, user=users[OWNER], name="Desk"),
        OTHER_EVENT_TOKEN: ApiTokenFactory(event=other, user=users[OTHER], name="Their desk"),
        OTHER_ORG_TOKEN: OrganizerTokenFactory(user=users[OTHER], name="Their script"),
    }
    # The owner's private series holds the private event; their public one holds the private Rochester event, whose
    # name its players' page and the player's profile must not show to those who may not see it.
    series = Series.objects.create(name=f"{SECRET} season", owner=users[OWNER], is_public=False)
    SeriesEvent.objects.create(series=series, event=event)
    league = Series.objects.create(name="Open league", owner=users[OWNER])
    link = SeriesEvent.objects.create(series=league, event=rochester)
    SeriesResult.objects.create(series_event=link, player=player_user, place=1, match_points=3)
    # The owner's organization with one store (no event of the world is held there), and the other organizer invited
    # to the owner's open league (an invitation names its series to the invited: not the private one's secret).
    organization = organization_create(name="Matrix stores", by=users[OWNER])
    store = location_add(organization=organization, name="Matrix store", time_zone="Europe/Berlin", by=users[OWNER])
    series_invitation = SeriesInvitation.objects.create(series=league, user=users[OTHER], invited_by=users[OWNER])
    return World(
        event=event,
        other=other,
        rochester=rochester,
        pod_event=pod_event,
        sealed=sealed,
        shared=shared,
        users=users,
        tokens=tokens,
        registration=mine,
        match=match,
        round=round_,
        table=table,
        pod=pod,
        mp_event=mp_event,
        mp_table=mp_table,
        pool=pool,
        shared_match=shared_match,
        signup=signup,
        decklist=decklist,
        webhook=webhook,
        delivery=delivery,
        invitation=invitation,
        claim=claim_path(user=placeholder.user),
        series=series,
        organization=organization,
        store=store,
        series_invitation=series_invitation,
    )


def _client(world: World, caller: str) -> Client:
    client = Client()
    if caller in world.users:
        client.force_login(world.users[caller])
    elif caller in TOKENS:
        client.defaults["HTTP_AUTHORIZATION"] = f"Token {world.tokens[caller].raw}"
    return client


# --- The table of routes ----------------------------------------------------------------------------------------------
# name: ({method: who passes}, kwargs from the world[, the POST's data from the world]). Routes not about an event say so (ANYONE, PEOPLE).

E = lambda w: {"pk": w.event.pk}  # noqa: E731
EV = lambda w: {"event_id": w.event.pk}  # noqa: E731

ROUTES = {
    "health": ({"GET": ANYONE}, lambda w: {}),
    "health-live": ({"GET": ANYONE}, lambda w: {}),
    "api:schema": ({"GET": ANYONE}, lambda w: {}),
    "api:docs": ({"GET": ANYONE}, lambda w: {}),
    "api:preset-list": ({"GET": ANYONE}, lambda w: {}),  # the formats a new event starts from: no event data
    "api:event-list": ({"GET": ANYONE, "POST": ORGANIZERS}, lambda w: {}),
    "api:event-import": ({"POST": ORGANIZERS}, lambda w: {}),
    "api:notification-list": ({"GET": PEOPLE | TOKENS}, lambda w: {}),  # the caller's own (a token's person's)
    "api:notification-read": ({"POST": PEOPLE | TOKENS}, lambda w: {}),
    "api:series-list": ({"GET": ANYONE, "POST": ORGANIZERS}, lambda w: {}),
    # Organizations (issue 53): the caller's own list; one organization for its members, changed by its owners.
    "api:organization-list": ({"GET": PEOPLE | TOKENS, "POST": ORGANIZERS}, lambda w: {}),
    "api:organization-detail": ({"GET": {OWNER}}, lambda w: {"organization_id": w.organization.pk}),
    "api:organization-stores": ({"POST": {OWNER}}, lambda w: {"organization_id": w.organization.pk}),
    "api:organization-members": ({"POST": {OWNER}}, lambda w: {"organization_id": w.organization.pk}),
    "api:organization-member": (
        {"DELETE": {OWNER}},  # the last owner stays: 409, a refusal of the state, not of the caller
        lambda w: {"organization_id": w.organization.pk, "user_id": w.users[OWNER].pk},
    ),
    "api:event-store": ({"GET": RUN, "PUT": RUN}, EV),
    "api:series-detail": ({"GET": {OWNER}}, lambda w: {"series_id": w.series.pk}),
    "api:series-standings": ({"GET": {OWNER}}, lambda w: {"series_id": w.series.pk}),
    "api:series-payouts": ({"GET": {OWNER}}, lambda w: {"series_id": w.series.pk}),
    "api:event-detail": ({"GET": SEE_API, "PATCH": RUN}, EV),
    "api:event-close": ({"POST": RUN}, EV),
    "api:day2-cut": ({"GET": RUN, "POST": RUN, "DELETE": RUN}, EV),  # the Day 2 cut: the organizers' call
    "api:event-copy": ({"POST": RUN & ORGANIZERS}, EV),  # "Run again": runs the event and may create events
    "api:event-export": ({"GET": RUN}, EV),
    "api:event-replace": ({"POST": RUN}, EV),
    "api:webhook-list": ({"GET": RUN, "POST": RUN}, EV),
    "api:webhook-detail": ({"DELETE": RUN}, lambda w: {"event_id": w.event.pk, "hook_id": w.webhook.pk}),
    "api:webhook-deliveries": ({"GET": RUN}, EV),
    "api:webhook-resend": ({"POST": RUN}, lambda w: {"event_id": w.event.pk, "delivery_id": w.delivery.pk}),
    "api:staff-list": ({"GET": RUN, "POST": RUN}, EV),
    "api:fees": ({"GET": SEE_API, "PATCH": RUN}, EV),  # a player reads only their own status (tests/fees)
    "api:fee-payment": (
        {"PATCH": SCORE | {EVENT_TOKEN}},
        lambda w: {"event_id": w.event.pk, "registration_id": w.registration.pk},
    ),
    "api:prizes": ({"GET": SEE_API, "PUT": RUN}, EV),
    "api:prize-payouts": ({"GET": SEE_API}, EV),
    "api:staff-detail": ({"DELETE": RUN}, lambda w: {"event_id": w.event.pk, "user_id": w.users[SCOREKEEPER].pk}),
    "api:team-list": ({"GET": SEE_API, "POST": RUN}, EV),
    "api:team-import": ({"POST": RUN}, EV),
    "api:team-import-eventlink": ({"POST": RUN}, EV),
    "api:team-detail": (
        {"GET": SEE_API, "PATCH": RUN},
        lambda w: {"event_id": w.event.pk, "team_id": w.registration.pk},
    ),
    "api:team-decklists": ({"GET": JUDGE_ | PLAYS}, lambda w: {"event_id": w.event.pk, "team_id": w.registration.pk}),
    "api:my-decklist": ({"GET": PLAYS, "PUT": PLAYS}, EV),
    "api:avoided-pairing-list": ({"GET": RUN, "POST": RUN, "DELETE": RUN}, EV),
    "api:team-drop": (
        {"POST": SCORE | {EVENT_TOKEN}},
        lambda w: {"event_id": w.event.pk, "team_id": w.registration.pk},
    ),
    "api:team-reinstate": (
        {"POST": SCORE | {EVENT_TOKEN}},
        lambda w: {"event_id": w.event.pk, "team_id": w.registration.pk},
    ),
    "api:team-disqualify": ({"POST": RUN}, lambda w: {"event_id": w.event.pk, "team_id": w.registration.pk}),
    "api:phase-list": ({"GET": SEE_API, "POST": RUN}, EV),
    "api:phase-start": ({"POST": SCORE | {EVENT_TOKEN}}, EV),
    "api:phase-detail": (
        {"GET": SEE_API - {EVENT_TOKEN}, "PATCH": RUN, "DELETE": RUN},
        lambda w: {"event_id": w.sealed.pk, "number": 1},
    ),
    "api:phase-pod-list": ({"GET": SEE_API - {EVENT_TOKEN}}, lambda w: {"event_id": w.sealed.pk, "number": 1}),
    "api:phase-deck-list": ({"GET": JUDGE_}, lambda w: {"event_id": w.sealed.pk, "number": 1}),
    "api:round-list": ({"GET": SEE_API, "POST": SCORE | {EVENT_TOKEN}}, EV),
    "api:round-detail": (
        {"GET": SEE_API, "DELETE": SCORE | {EVENT_TOKEN}},
        lambda w: {"event_id": w.event.pk, "number": 1},
    ),
    "api:round-clock": ({"POST": SCORE | {EVENT_TOKEN}}, lambda w: {"event_id": w.event.pk, "number": 1}),
    # Publishing a reviewed round (issue 53): whoever pairs it; round 1 is published already, so they get a 409.
    "api:round-publish": ({"POST": SCORE | {EVENT_TOKEN}}, lambda w: {"event_id": w.event.pk, "number": 1}),
    "api:placements": ({"GET": SEE_API}, EV),
    "api:standings": ({"GET": SEE_API}, EV),
    "api:bracket": ({"GET": SEE_API}, EV),
    "api:match-list": ({"GET": SEE_API}, EV),
    "api:match-detail": ({"GET": SEE_API}, lambda w: {"event_id": w.event.pk, "match_id": w.match.pk}),
    "api:match-life": (
        {"GET": SEE_API - {EVENT_TOKEN}},
        lambda w: {"event_id": w.shared.pk, "match_id": w.shared_match.pk},
    ),
    # Results through the API: the match's players (their session) and the event's scorekeeper token.
    "api:match-result": ({"POST": PLAYS | {EVENT_TOKEN}}, lambda w: {"event_id": w.event.pk, "match_id": w.match.pk}),
    "api:match-confirm": ({"POST": PLAYS}, lambda w: {"event_id": w.event.pk, "match_id": w.match.pk}),
    "api:match-dispute": ({"POST": PLAYS}, lambda w: {"event_id": w.event.pk, "match_id": w.match.pk}),
    "api:draft-table-list": ({"GET": SEE_API - {EVENT_TOKEN}}, lambda w: {"event_id": w.rochester.pk}),
    "api:draft-table-detail": (
        {"GET": SEE_API - {EVENT_TOKEN}},
        lambda w: {"event_id": w.rochester.pk, "number": w.table.number},
    ),
    "api:draft-picks": ({"GET": RUN}, lambda w: {"event_id": w.rochester.pk}),
    "api:my-draft-picks": ({"GET": SEE}, lambda w: {"event_id": w.rochester.pk}),
    "api:pod-list": ({"GET": SEE_API - {EVENT_TOKEN}}, lambda w: {"event_id": w.pod_event.pk}),
    # A paper draft (issue 40): its seats and calls as public as the event; seating for who runs it, the calls and
    # the deck building timer for who runs the timers (may_run_timers: as pairing, the scorekeepers too; the event
    # token here is another event's: tests/api/test_paper.py drives the calls with the event's own).
    "api:paper-pods": ({"GET": SEE_API - {EVENT_TOKEN}, "POST": RUN}, lambda w: {"event_id": w.rochester.pk}),
    "api:call-list": ({"GET": SEE_API - {EVENT_TOKEN}, "POST": SCORE}, lambda w: {"event_id": w.rochester.pk}),
    "api:call-detail": ({"POST": SCORE, "DELETE": SCORE}, lambda w: {"event_id": w.rochester.pk, "call_id": 1}),
    # Multiplayer tables (issue 43): the desk seats rounds; a table's players report and confirm, the desk enters
    # finals. The pod-* paths are the same views under their names before issue 55.
    "api:table-round-list": ({"GET": SEE, "POST": SCORE}, lambda w: {"event_id": w.mp_event.pk}),
    "api:table-result": ({"POST": SCORE | PLAYS}, lambda w: {"event_id": w.mp_event.pk, "table_id": w.mp_table.pk}),
    "api:table-confirm": ({"POST": PLAYS}, lambda w: {"event_id": w.mp_event.pk, "table_id": w.mp_table.pk}),
    "api:table-standings": ({"GET": SEE}, lambda w: {"event_id": w.mp_event.pk}),
    "api:pod-round-list": ({"GET": SEE, "POST": SCORE}, lambda w: {"event_id": w.mp_event.pk}),
    "api:pod-result": ({"POST": SCORE | PLAYS}, lambda w: {"event_id": w.mp_event.pk, "table_id": w.mp_table.pk}),
    "api:pod-confirm": ({"POST": PLAYS}, lambda w: {"event_id": w.mp_event.pk, "table_id": w.mp_table.pk}),
    "api:pod-standings": ({"GET": SEE}, lambda w: {"event_id": w.mp_event.pk}),
    "api:rating-list": ({"GET": ANYONE}, lambda w: {}),
    "api:player-detail": ({"GET": ANYONE}, lambda w: {"player_id": w.registration.seats.get(letter="A").player_id}),
    "drafting:index": ({"GET": PEOPLE}, lambda w: {}),
    "drafting:table": ({"GET": RUN_OR_PLAYS}, lambda w: {"pk": w.table.pk}),
    "drafting:state": ({"GET": RUN_OR_PLAYS}, lambda w: {"pk": w.table.pk}),
    "drafting:events": ({"GET": RUN_OR_PLAYS}, lambda w: {"pk": w.table.pk}),
    "drafting:pick": ({"POST": PLAYS}, lambda w: {"pk": w.table.pk}),
    # Before the draft nobody has a pool to see (PoolHidden), the table's players included.
    "drafting:pool": ({"GET": NOBODY}, lambda w: {"pk": w.table.pk}),
    "drafting:progress": ({"GET": RUN}, lambda w: {"pk": w.rochester.pk}),
    # A drafter's own picks as an MTGO log (the world's drafts are at Regular REL: at once); organizers take the CSV.
    "drafting:table_picks": ({"GET": PLAYS}, lambda w: {"pk": w.table.pk}),
    "drafting:pod_picks": ({"GET": PLAYS}, lambda w: {"pk": w.pod.pk}),
    "drafting:event_picks": ({"GET": RUN}, lambda w: {"pk": w.rochester.pk}),
    "drafting:booster_event": ({"GET": RUN}, lambda w: {"pk": w.rochester.pk}),
    # The paper draft: the timers' controls (who runs the timers; seating the pods refused inside to a scorekeeper);
    # the call (projector, phones) and its state as public as the event.
    "drafting:paper_event": ({"GET": SCORE, "POST": SCORE}, lambda w: {"pk": w.rochester.pk}),
    "drafting:call": ({"GET": SEE}, lambda w: {"pk": w.rochester.pk}),
    "drafting:call_state": ({"GET": SEE}, lambda w: {"pk": w.rochester.pk}),
    "drafting:pod": ({"GET": RUN_OR_PLAYS}, lambda w: {"pk": w.pod.pk}),
    "drafting:pod_state": ({"GET": RUN_OR_PLAYS}, lambda w: {"pk": w.pod.pk}),
    "drafting:pod_events": ({"GET": RUN_OR_PLAYS}, lambda w: {"pk": w.pod.pk}),
    "drafting:pod_choose": ({"POST": PLAYS}, lambda w: {"pk": w.pod.pk}),
    "drafting:pod_pick": ({"POST": PLAYS}, lambda w: {"pk": w.pod.pk}),
    "drafting:pod_pool": ({"GET": PLAYS}, lambda w: {"pk": w.pod.pk}),
    "drafting:pod_public": ({"GET": RUN}, lambda w: {"pk": w.pod.pk}),
    "sealed:index": ({"GET": PEOPLE}, lambda w: {}),
    "sealed:pool": ({"GET": RUN_OR_PLAYS, "POST": RUN_OR_PLAYS}, lambda w: {"pk": w.pool.pk}),
    "sharedgame:index": ({"GET": PEOPLE}, lambda w: {}),
    "sharedgame:match": ({"GET": RUN_OR_PLAYS}, lambda w: {"pk": w.shared_match.pk}),
    "sharedgame:state": ({"GET": RUN_OR_PLAYS}, lambda w: {"pk": w.shared_match.pk}),
    "sharedgame:change": ({"POST": RUN_OR_PLAYS}, lambda w: {"pk": w.shared_match.pk}),
    "sharedgame:undo": ({"POST": RUN_OR_PLAYS}, lambda w: {"pk": w.shared_match.pk}),
    "sharedgame:next": ({"POST": RUN_OR_PLAYS}, lambda w: {"pk": w.shared_match.pk}),
    "sharedgame:report": ({"POST": PLAYS}, lambda w: {"pk": w.shared_match.pk}),
    "ratings:index": ({"GET": ANYONE}, lambda w: {}),
    "ratings:player": ({"GET": ANYONE}, lambda w: {"pk": w.registration.seats.get(letter="A").player_id}),
    "ratings:leaderboard": ({"GET": ANYONE}, lambda w: {"slug": "constructed-3"}),
    "signup": ({"GET": ANYONE}, lambda w: {}),
    "signup_confirm": ({"GET": ANYONE}, lambda w: {"token": "not-a-signed-link"}),  # 400: the link is broken
    "login": ({"GET": ANYONE}, lambda w: {}),
    "logout": ({"GET": ANYONE, "POST": ANYONE}, lambda w: {}),
    "password_change": ({"GET": PEOPLE}, lambda w: {}),
    "password_change_done": ({"GET": PEOPLE}, lambda w: {}),
    "password_reset": ({"GET": ANYONE}, lambda w: {}),
    "password_reset_done": ({"GET": ANYONE}, lambda w: {}),
    "password_reset_confirm": ({"GET": ANYONE}, lambda w: {"uidb64": "MQ", "token": "set-password"}),
    "password_reset_complete": ({"GET": ANYONE}, lambda w: {}),
    "set_language": ({"POST": ANYONE}, lambda w: {}),
    "signup:event": ({"GET": SEE}, E),
    "signup:manage": ({"GET": RUN}, E),
    "signup:team": ({"GET": RUN_OR_PLAYS}, lambda w: {"pk": w.signup.pk}),
    "signup:invitation_email": ({"POST": RUN_OR_PLAYS}, lambda w: {"pk": w.signup.pk, "letter": "B"}),
    "signup:invitation_renew": ({"POST": RUN_OR_PLAYS}, lambda w: {"pk": w.signup.pk, "letter": "B"}),
    "signup:withdraw": ({"POST": RUN_OR_PLAYS}, lambda w: {"pk": w.signup.pk}),
    "signup:leave": ({"POST": PLAYS}, lambda w: {"pk": w.signup.pk}),
    "signup:join": ({"GET": NOBODY}, lambda w: {"token": "no-such-invitation"}),
    "signup:player": ({"GET": ANYONE}, lambda w: {"pk": w.registration.seats.get(letter="A").player_id}),
    "signup:wizards_account": ({"GET": PEOPLE, "POST": PEOPLE}, lambda w: {}),  # one's own details (issue 53)
    "desk:organize": ({"GET": PEOPLE - {PLAYER}}, lambda w: {}),  # organizers and every event's staff
    # Card data from the browser (issues 45, 52): the page and the request for an update for the organizer role in
    # person; uploads, downloads and their progress for the operator (a superuser) alone; the staleness notice's
    # dismissal for whoever sees it (organizers and every event's staff).
    "desk:card_data": ({"GET": {OWNER, CO, OTHER}}, lambda w: {}),
    "desk:card_data_request": ({"POST": {OWNER, CO, OTHER}}, lambda w: {}),
    "desk:card_data_upload": ({"POST": NOBODY}, lambda w: {}),
    "desk:card_data_download": ({"POST": NOBODY}, lambda w: {}),
    "desk:card_data_progress": ({"GET": NOBODY}, lambda w: {"job": "0123abcd"}),
    "desk:card_notice_dismiss": ({"POST": PEOPLE - {PLAYER}}, lambda w: {}),
    # Series (issue 44): organizers make them; only its organizer manages one (or sees a private one).
    "series:list": ({"GET": {OWNER, CO, OTHER}}, lambda w: {}),
    "series:new": ({"GET": {OWNER, CO, OTHER}, "POST": {OWNER, CO, OTHER}}, lambda w: {}),
    "series:series": ({"GET": {OWNER}}, lambda w: {"pk": w.series.pk}),
    "series:manage": ({"GET": {OWNER}, "POST": {OWNER}}, lambda w: {"pk": w.series.pk}),
    "series:attach": ({"POST": {OWNER}}, lambda w: {"pk": w.series.pk}),
    "series:detach": ({"POST": {OWNER}}, lambda w: {"pk": w.series.pk, "event_pk": w.event.pk}),
    "series:weekly": ({"POST": {OWNER}}, lambda w: {"pk": w.series.pk}),
    "series:prizes": ({"POST": {OWNER}}, lambda w: {"pk": w.series.pk}),
    "series:payouts": ({"GET": {OWNER}}, lambda w: {"pk": w.series.pk}),
    "series:invite": ({"POST": {OWNER}}, lambda w: {"pk": w.series.pk}),
    "series:calendar": ({"GET": {OWNER}}, lambda w: {"pk": w.series.pk}),  # a private series' feed: its owner's
    "series:invitation_accept": ({"POST": {OTHER}}, lambda w: {"pk": w.series_invitation.pk}),  # the invited only
    "series:invitation_decline": ({"POST": {OTHER}}, lambda w: {"pk": w.series_invitation.pk}),
    # Organizations (issue 53): organizers make them; one organization's page for its members, changed by owners;
    # a store's page and calendar are everyone's (its private events are not: none is listed).
    "organizations:list": ({"GET": {OWNER, CO, OTHER}}, lambda w: {}),
    "organizations:new": ({"GET": {OWNER, CO, OTHER}, "POST": {OWNER, CO, OTHER}}, lambda w: {}),
    "organizations:organization": ({"GET": {OWNER}}, lambda w: {"pk": w.organization.pk}),
    "organizations:location_add": ({"POST": {OWNER}}, lambda w: {"pk": w.organization.pk}),
    "organizations:member_add": ({"POST": {OWNER}}, lambda w: {"pk": w.organization.pk}),
    "organizations:member_remove": (
        {"POST": {OWNER}},
        lambda w: {"pk": w.organization.pk, "user_pk": w.users[OWNER].pk},
    ),
    "organizations:store": ({"GET": ANYONE}, lambda w: {"pk": w.store.pk}),
    "organizations:store_calendar": ({"GET": ANYONE}, lambda w: {"pk": w.store.pk}),
    "desk:event_new": ({"GET": {OWNER, CO, OTHER}, "POST": {OWNER, CO, OTHER}}, lambda w: {}),
    "desk:event_settings": ({"GET": RUN, "POST": RUN}, E),
    "desk:phase_add": ({"POST": RUN}, E),
    "desk:phase_change": ({"POST": RUN}, lambda w: {"pk": w.sealed.pk, "number": 1}),
    "desk:event_copy": ({"GET": RUN & ORGANIZERS, "POST": RUN & ORGANIZERS}, E),
    "desk:desk": ({"GET": SCORE}, E),
    "desk:step": ({"POST": SCORE}, E),
    "desk:result": ({"POST": SCORE}, E),
    "desk:clock": ({"POST": SCORE}, E),
    "desk:team": ({"POST": SCORE}, E, lambda w: {"registration": w.registration.pk, "action": "none"}),
    "desk:check_in_settings": ({"POST": SCORE}, E),
    "desk:no_shows": ({"POST": SCORE}, E),
    "desk:announce": ({"POST": SCORE}, E),
    "desk:reopen": ({"POST": RUN}, E),
    "desk:day2_cut": ({"POST": RUN}, E),
    "desk:exports": ({"GET": RUN}, E),
    "desk:fees": ({"GET": SCORE, "POST": SCORE}, E),
    "desk:payouts": ({"GET": SCORE}, E),
    "desk:check_in_all": ({"POST": SCORE}, E),
    "desk:import_teams": ({"GET": RUN, "POST": RUN}, E),
    "desk:import_eventlink": ({"GET": RUN, "POST": RUN}, E),
    "desk:claim_sheet": ({"GET": RUN, "POST": RUN}, E),
    "desk:drafts": ({"GET": RUN, "POST": RUN}, lambda w: {"pk": w.rochester.pk}),
    "desk:decklists": ({"GET": JUDGE_}, E),
    "desk:tables": ({"GET": SCORE, "POST": SCORE}, lambda w: {"pk": w.mp_event.pk}),
    "desk:table_slips": ({"GET": SCORE}, lambda w: {"pk": w.mp_event.pk, "number": 1}),
    # The addresses before issue 55: a GET is a redirect to the new one (which asks), a POST the page's own answer.
    "desk:pods": ({"GET": ANYONE, "POST": SCORE}, lambda w: {"pk": w.mp_event.pk}),
    "desk:pod_slips": ({"GET": ANYONE}, lambda w: {"pk": w.mp_event.pk, "number": 1}),
    "desk:team_edit": ({"GET": RUN, "POST": RUN}, E),
    "desk:staff": ({"GET": RUN, "POST": RUN}, E),
    # GET: a page saying what to do (the button for the event's player), for whoever sees the event.
    "desk:player_check_in": ({"GET": SEE, "POST": PLAYS}, E),
    "desk:screen": ({"GET": SEE}, E),
    "desk:slips": ({"GET": SCORE}, lambda w: {"pk": w.event.pk, "number": 1}),
    "desk:print_pairings": ({"GET": SCORE}, lambda w: {"pk": w.event.pk, "number": 1}),
    "desk:print_standings": ({"GET": SCORE}, E),
    "judging:event": ({"GET": JUDGE_}, E),
    "judging:team": ({"GET": JUDGE_}, lambda w: {"pk": w.event.pk, "team": w.registration.pk}),
    "judging:print_team": ({"GET": JUDGE_}, lambda w: {"pk": w.event.pk, "team": w.registration.pk}),
    "judging:print_all": ({"GET": JUDGE_}, E),
    "judging:decklist_change": ({"POST": JUDGE_}, lambda w: {"pk": w.event.pk, "seat": w.decklist.seat_id}),
    "judging:judges": ({"POST": RUN}, E),
    "judging:deck_check": ({"POST": JUDGE_}, E),
    "judging:penalty": ({"POST": JUDGE_}, E),
    "judging:log": ({"GET": JUDGE_}, E),
    "judging:log_csv": ({"GET": JUDGE_}, E),
    "judging:my_penalties": ({"GET": SEE}, E),
    # Published only after the event (judging tests): before that, 404 to everyone.
    "judging:public_decklists": ({"GET": NOBODY}, E),
    "webhooks:list": ({"GET": RUN, "POST": RUN}, E),
    "webhooks:remove": ({"POST": RUN}, lambda w: {"pk": w.event.pk, "hook_id": w.webhook.pk}),
    "webhooks:resend": ({"POST": RUN}, lambda w: {"pk": w.event.pk, "delivery_id": w.delivery.pk}),
    "overlays:standings": ({"GET": SEE}, E),
    "overlays:clock": ({"GET": SEE}, E),
    "overlays:match": ({"GET": SEE}, lambda w: {"pk": w.event.pk, "match_id": w.match.pk}),
    "overlays:draft": ({"GET": SEE}, lambda w: {"pk": w.rochester.pk, "table_id": w.table.pk}),
    "overlays:events": ({"GET": SEE}, E),
    # The kept e-mail of venue mode holds password-reset links: the view_printedmail permission only.
    "venue:mail": ({"GET": NOBODY}, lambda w: {}),
    "portal:home": ({"GET": ANYONE}, lambda w: {}),
    "portal:service_worker": ({"GET": ANYONE}, lambda w: {}),
    "portal:manifest": ({"GET": ANYONE}, lambda w: {}),
    "portal:offline": ({"GET": ANYONE}, lambda w: {}),
    # A person's own notifications: every signed-in person, never a token (the API's list takes tokens).
    "notifications:inbox": ({"GET": PEOPLE}, lambda w: {}),
    "notifications:mark_read": ({"POST": PEOPLE}, lambda w: {}),
    "notifications:banner": ({"GET": PEOPLE}, lambda w: {}),
    "notifications:events": ({"GET": PEOPLE}, lambda w: {}),
    "notifications:preferences": ({"GET": PEOPLE, "POST": PEOPLE}, lambda w: {}),
    "notifications:subscribe": ({"POST": PEOPLE}, lambda w: {}),
    "notifications:unsubscribe": ({"POST": PEOPLE}, lambda w: {}),
    "portal:favicon": ({"GET": ANYONE}, lambda w: {}),
    "portal:events": ({"GET": ANYONE}, lambda w: {}),
    # The join code is the way in: whoever holds it is shown its event's join page (the world's team event's code
    # opens its sign-up page, which answers as the table says below).
    "portal:join_code": ({"GET": ANYONE}, lambda w: {}),
    "portal:join": ({"GET": ANYONE, "POST": ANYONE}, lambda w: {"code": join_code_for(event=w.event)}),
    "portal:event": ({"GET": SEE}, E),
    "portal:pairings": ({"GET": SEE}, E),
    "portal:pairings_by_team": ({"GET": SEE}, E),
    "portal:standings": ({"GET": SEE}, E),
    "portal:bracket": ({"GET": SEE}, E),
    "portal:draft_tables": ({"GET": SEE}, lambda w: {"pk": w.rochester.pk}),
    "portal:decklist": ({"GET": PLAYS, "POST": PLAYS}, E),
    # The world's event is a team event: no member drops their team by themselves (an individual event's player
    # does: tests/portal/test_players_act.py).
    "portal:event_drop": ({"GET": NOBODY, "POST": NOBODY}, E),
    "portal:player_check_in": ({"GET": SEE, "POST": PLAYS}, E),  # desk:player_check_in is its old name
    "portal:tables": ({"GET": SEE}, lambda w: {"pk": w.mp_event.pk}),
    "portal:table": ({"GET": PLAYS}, lambda w: {"pk": w.mp_table.pk}),
    "portal:table_report": ({"POST": PLAYS}, lambda w: {"pk": w.mp_table.pk}),
    "portal:table_confirm": ({"POST": PLAYS}, lambda w: {"pk": w.mp_table.pk}),
    # The addresses before issue 55: a GET is a redirect to the new one (which asks), a POST the page's own answer.
    "portal:pods": ({"GET": ANYONE}, lambda w: {"pk": w.mp_event.pk}),
    "portal:pod": ({"GET": ANYONE}, lambda w: {"pk": w.mp_table.pk}),
    "portal:pod_report": ({"POST": PLAYS}, lambda w: {"pk": w.mp_table.pk}),
    "portal:pod_confirm": ({"POST": PLAYS}, lambda w: {"pk": w.mp_table.pk}),
    "portal:match": ({"GET": PLAYS}, lambda w: {"pk": w.match.pk}),
    "portal:match_report": ({"POST": PLAYS}, lambda w: {"pk": w.match.pk}),
    "portal:match_confirm": ({"POST": PLAYS}, lambda w: {"pk": w.match.pk}),
    "portal:match_dispute": ({"POST": PLAYS}, lambda w: {"pk": w.match.pk}),
    # A seat invitation: only the invited person (issue 37); anyone else 404, nobody learns it exists.
    "portal:invitation": ({"GET": PLAYS, "POST": PLAYS}, lambda w: {"pk": w.invitation.pk}),
    # A claim link is its own proof: whoever holds it sets the placeholder's password (signed out) or merges it into
    # their own account (signed in); the page names no event.
    "portal:claim": (
        {"GET": ANYONE, "POST": ANYONE},
        lambda w: dict(zip(("uidb64", "token"), w.claim.strip("/").split("/")[1:], strict=True)),
    ),
}
# Not doors: the API's catch-all answers 404 to every path it doesn't know.
NOT_DOORS = {"api:None"}
# The load balancer's check may answer 503 (no worker in the test): it is open to all and tells no event's data.
MAY_BE_UNAVAILABLE = {"health", "health-live"}

# --- The admin: each model's admin is scoped to the events a user may run, or is for superusers alone -----------------
# "event": every page asks may_run_event of the row's event; changelists list only the user's own rows.
# "superuser": site-wide data (accounts, card data, ratings, the lockout's records): no organizer has its permissions.
# "tokens": API tokens, the user's own and those of events they run.
ADMIN = {
    "auth.Group": "superuser",
    "auth.User": "superuser",
    "axes.AccessAttempt": "superuser",
    "axes.AccessLog": "superuser",
    "axes.AccessFailureLog": "superuser",
    "cards.Card": "superuser",
    "cards.CardSet": "superuser",
    "cards.CardDataImport": "superuser",
    "cards.CardDisplaySettings": "superuser",
    "cards.CardDataRequest": "superuser",
    "ratings.RatingCategory": "superuser",
    "ratings.PlayerRating": "superuser",
    "ratings.RatingHistory": "superuser",
    "tournaments.Event": "event",
    "tournaments.Registration": "event",
    "tournaments.Decklist": "event",
    "tournaments.Team": "event",
    "tournaments.Player": "event",
    "tournaments.Round": "event",
    "tournaments.TeamMatch": "event",
    "tournaments.EventLogEntry": "event",
    "drafting.DraftSettings": "event",
    "drafting.DraftTable": "event",
    "drafting.Pod": "event",
    "sealed.SealedSettings": "event",
    "sealed.SealedPool": "event",
    "sealed.PoolCard": "event",
    "sharedgame.GameState": "event",
    "signup.TeamSignup": "event",
    "signup.EventTeamList": "event",
    "judging.DeckCheck": "event",
    "judging.Penalty": "event",
    "api.ApiToken": "tokens",
    # Organizations (issue 53): read only, each limited to the organizations the user is a member of.
    "organizations.Organization": "organization",
    "organizations.OrganizationLogEntry": "organization",
    "organizations.EventLocation": "organization",
}


def _admin_object(world: World, model):
    """A row of this model in the private events (None: the model has none there)."""
    objects = {
        "tournaments.Event": world.event,
        "tournaments.Registration": world.registration,
        "tournaments.Decklist": world.decklist,
        "tournaments.Team": world.registration.team,
        "tournaments.Player": world.registration.seats.get(letter="A").player,
        "tournaments.Round": world.round,
        "tournaments.TeamMatch": world.match,
        "tournaments.EventLogEntry": world.event.log_entries.first(),
        "drafting.DraftTable": world.table,
        "drafting.Pod": world.pod,
        "sealed.SealedPool": world.pool,
        "signup.TeamSignup": world.signup,
        "signup.EventTeamList": world.event,
        "api.ApiToken": world.tokens[EVENT_TOKEN],
    }
    return objects.get(model._meta.label)


def _admin_expected(world: World, model, model_admin, caller: str, page: str) -> bool:
    kind = ADMIN[model._meta.label]
    user = world.users.get(caller)
    if kind == "superuser" or user is None or not user.is_staff:
        return False
    if page == "changelist":
        return model_admin.has_view_permission(_Request(user)) or model_admin.has_change_permission(_Request(user))
    if page == "add":
        return model_admin.has_add_permission(_Request(user)) if caller in RUN | {OTHER} else False
    return caller in RUN and _model_may(model_admin, user, page)


def _model_may(model_admin, user, page: str) -> bool:
    request = _Request(user)
    if page in ("change", "history"):
        return model_admin.has_view_permission(request) or model_admin.has_change_permission(request)
    if page == "delete":
        return model_admin.has_delete_permission(request)
    return True


class _Request:
    def __init__(self, user):
        self.user = user


# --- Asking -----------------------------------------------------------------------------------------------------------


def _refused(response) -> bool:
    if response.status_code in (401, 403, 404):
        return True
    location = response.get("Location", "") if response.status_code == 302 else ""
    return "/login/" in location


def _ask(client: Client, method: str, url: str, **extra):
    """One request in a savepoint rolled back after it; the client's cookies are put back too (logging out, a
    language chosen), so each request starts from the same state."""
    cookies = client.cookies
    client.cookies = type(cookies)(cookies)
    try:
        return _ask_once(client, method, url, **extra)
    finally:
        client.cookies = cookies


def _ask_once(client: Client, method: str, url: str, **extra):
    with transaction.atomic():
        if method == "GET":
            response = client.get(url, **extra)
        elif method == "POST":
            response = client.post(url, **extra)
        else:
            response = getattr(client, method.lower())(url, data="{}", content_type="application/json")
        transaction.set_rollback(True)
    return response


def _snapshot(obj) -> tuple:
    from django.forms.models import model_to_dict

    fresh = type(obj).objects.filter(pk=obj.pk).first()
    return (
        model_to_dict(fresh) if fresh else None,
        EventLogEntry.objects.count(),
        Round.objects.count(),
        TeamMatch.objects.count(),
    )


def _act(client: Client, url: str, action: str, obj):
    """Run an admin action on one row in a rolled-back savepoint: the followed answer and whether anything changed."""
    with transaction.atomic():
        before = _snapshot(obj)
        response = client.post(url, {"action": action, "_selected_action": [obj.pk]}, follow=True)
        changed = _snapshot(obj) != before
        transaction.set_rollback(True)
    return response, changed


def _body(response) -> str:
    if getattr(response, "streaming", False):
        return ""
    return response.content.decode("utf-8", "replace")


def _walk(resolver=None, namespace=""):
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            inner = namespace
            if pattern.namespace:
                inner = f"{namespace}:{pattern.namespace}" if namespace else pattern.namespace
            if inner == "admin":
                continue
            yield from _walk(pattern, inner)
        elif isinstance(pattern, URLPattern):
            yield f"{namespace}:{pattern.name}" if namespace else str(pattern.name)


def test_every_route_has_an_entry_in_the_table():
    names = set(_walk())
    missing = sorted(names - set(ROUTES) - NOT_DOORS)
    assert not missing, f"routes without an entry in the rights table: {missing}"
    assert not sorted(set(ROUTES) - names), "entries for routes that no longer exist"


def test_every_admin_has_an_entry_in_the_table():
    registered = {model._meta.label for model in admin.site._registry}
    assert sorted(registered - set(ADMIN)) == [], "admins without an entry in the rights table"
    assert sorted(set(ADMIN) - registered) == []


def _sees(caller: str) -> bool:
    return caller in SEE_API


@pytest.mark.parametrize("caller", CALLERS)
def test_every_route_answers_each_caller_as_the_table_says(world, caller):
    client = _client(world, caller)
    wrong = []
    for name, (methods, kwargs, *data) in ROUTES.items():
        url = reverse(name, kwargs=kwargs(world))
        posted = {"data": data[0](world)} if data else {}
        for method, allowed in methods.items():
            if method == "GET" and name.endswith("events") and name.startswith("drafting:"):
                extra = {"HTTP_ACCEPT": "application/json"}  # the live push's stream: only its first answer
            else:
                extra = {}
            response = _ask(client, method, url, **extra, **(posted if method == "POST" else {}))
            expected = caller in allowed
            broken = response.status_code >= 500 and not (name in MAY_BE_UNAVAILABLE and response.status_code == 503)
            if broken or _refused(response) == expected:
                wrong.append(
                    f"{method} {name} {url}: {response.status_code} (expected {'allowed' if expected else 'refused'})"
                )
            elif not _sees(caller) and SECRET in _body(response):
                wrong.append(f"{method} {name} {url}: shows the private event to {caller}")
    assert not wrong, "\n".join(wrong)


# The doors of a private event's drafts, sealed pools and shared games (issue 37): a signed-in caller who may not see
# the event gets 404, never 403 (docs/permissions.md), so the answer doesn't tell that the event exists.
HIDDEN_AS_404 = ("drafting:", "sealed:", "sharedgame:")


def test_private_draft_sealed_and_shared_game_doors_answer_an_outsider_404(world):
    client = _client(world, OTHER)
    wrong = []
    for name, (methods, kwargs, *_data) in ROUTES.items():
        if not name.startswith(HIDDEN_AS_404) or not kwargs(world):
            continue
        url = reverse(name, kwargs=kwargs(world))
        for method in methods:
            extra = {"HTTP_ACCEPT": "application/json"} if name.endswith("events") else {}
            response = _ask(client, method, url, **extra)
            if response.status_code != 404:
                wrong.append(f"{method} {name} {url}: {response.status_code} (expected 404)")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("caller", CALLERS)
def test_every_admin_page_action_and_custom_view_answers_each_caller_as_the_table_says(world, caller):
    client = _client(world, caller)
    wrong = []
    for model, model_admin in admin.site._registry.items():
        opts = model._meta
        base = f"admin:{opts.app_label}_{opts.model_name}"
        pages = [("changelist", reverse(f"{base}_changelist"))]
        if model_admin.has_add_permission(_Request(_superuser())):
            pages.append(("add", reverse(f"{base}_add")))
        obj = _admin_object(world, model)
        if obj is not None:
            for page in ("change", "history", "delete"):
                pages.append((page, reverse(f"{base}_{page}", args=[obj.pk])))
        for page, url in pages:
            response = _ask(client, "GET", url)
            expected = _admin_expected(world, model, model_admin, caller, page)
            if page == "delete" and expected:
                expected = model_admin.has_delete_permission(_Request(world.users[caller]), obj)
            if response.status_code >= 500 or _refused(response) == expected:
                wrong.append(
                    f"GET {url} ({page}): {response.status_code} (expected {'allowed' if expected else 'refused'})"
                )
            elif not _sees(caller) and SECRET in _body(response):
                wrong.append(f"GET {url} ({page}): shows the private event to {caller}")
        if obj is None:
            continue
        for action in model_admin.get_actions(_FakeAdminRequest(_superuser())):
            if action == "delete_selected":
                continue
            expected = _admin_expected(world, model, model_admin, caller, "change")
            response, changed = _act(client, reverse(f"{base}_changelist"), action, obj)
            body = _body(response)
            if response.status_code >= 500:
                wrong.append(f"action {base}.{action}: {response.status_code}")
            elif not expected and (changed or str(obj) in body):
                wrong.append(f"action {base}.{action}: ran on or showed another's row for {caller}")
            elif expected and str(obj) not in body:
                wrong.append(f"action {base}.{action}: {caller} may run it but the row isn't there")
    for name, args, allowed in _custom_admin_views(world):
        response = _ask(client, "GET", reverse(name, args=args))
        expected = caller in allowed
        if response.status_code >= 500 or _refused(response) == expected:
            wrong.append(f"GET {name}: {response.status_code} (expected {'allowed' if expected else 'refused'})")
    assert not wrong, "\n".join(wrong)


def _custom_admin_views(world: World):
    """Every view an admin adds to its URLs (get_urls), with who passes it."""
    staff_runners = {OWNER, CO}
    return [
        ("admin:tournaments_event_pairings", [world.event.pk], staff_runners),
        ("admin:tournaments_event_standings", [world.event.pk], staff_runners),
        ("admin:tournaments_event_standings_csv", [world.event.pk], staff_runners),
        ("admin:tournaments_event_decklists", [world.event.pk], staff_runners),
        ("admin:tournaments_round_swap", [world.round.pk], staff_runners),
        ("admin:drafting_drafttable_enter_packs", [world.table.pk], NOBODY),  # organizers hold no drafting permissions
        ("admin:sealed_sealedpool_enter", [], NOBODY),
        ("admin:signup_event_teams_import", [world.event.pk], staff_runners),
        ("admin:signup_event_export", [world.event.pk, "teams", "csv"], staff_runners),
        ("admin:auth_user_password_change", [world.users[OWNER].pk], NOBODY),  # accounts are the superuser's
    ]


def test_every_custom_admin_view_is_in_the_table():
    listed = {name.split(":")[1] for name, _args, _allowed in _custom_admin_views_names()}
    own = set()
    for model, model_admin in admin.site._registry.items():
        base = {p.name for p in admin.ModelAdmin(model, admin.site).get_urls()}
        own |= {p.name for p in model_admin.get_urls() if p.name and p.name not in base}
    assert sorted(own - listed) == []


def _custom_admin_views_names():
    class _W:
        event = round = table = None
        users = {OWNER: None}

    class _Obj:
        pk = 1

    fake = _W()
    fake.event, fake.round, fake.table = _Obj(), _Obj(), _Obj()
    fake.users = {OWNER: _Obj()}
    return _custom_admin_views(fake)


def _superuser():
    from django.contrib.auth import get_user_model

    return get_user_model()(is_superuser=True, is_staff=True, is_active=True)


class _FakeAdminRequest(_Request):
    GET: dict = {}
    POST: dict = {}
    method = "GET"
