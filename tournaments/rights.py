"""Who may do what: the one rights module (issue 25; docs/permissions.md).

Every door asks these named rules and keeps none of its own: the services, the organizer's desk, the judging pages,
the portal, the API's permission classes, the templates (`{% load rights %}`), the Celery tasks and the Django admin.

The subject of a rule is whoever acts:
- a person (a User, anonymous included);
- an API token (api.ApiToken), or a person acting through one (the API's authentication marks the token's person
  with `acting_token`): a token never lends its person's own rights. An event token is a scorekeeper of its one
  event; an organizer token acts as its person on the events that person owns or co-organizes, and on nothing
  else (not even a superuser's organizer token).

Roles at an event (tournaments.models.EventStaff): the owner (Event.organizer) and co-organizers run everything;
scorekeepers check in, pair, run the clock and enter results (no settings, no staff changes); judges record deck
checks and penalties, change locked decklists and read the event log. A superuser has every right, and an account
given the model permission `tournaments.change_event` (or `view_event`) runs (or sees) every event.

Private events (is_public off) are seen by their staff, by the players registered in them and by the event's
tokens; everyone else gets 404, at every door.

The rules are django-rules predicates: call them (`may_run_event(user, event)`) or ask Django
(`user.has_perm("tournaments.run_event", event)`; the rules backend is in AUTHENTICATION_BACKENDS). The querysets
at the end answer the same questions for many events at once, in one query, and agree with the predicates
(tests/tournaments/test_rights.py).
"""

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
import rules

from tournaments.affiliations import affiliated_events_q, affiliated_roles, has_affiliations
from tournaments.models import Event, EventStaff, Seat, StaffRole, WizardsAccount
from tournaments.selectors.placeholders import placeholder_awaits_answer, player_is_placeholder
from tournaments.selectors.published import published_registration_ids
from tournaments.selectors.roles import ORGANIZERS_GROUP, user_is_organizer

OWNER = "owner"
SUPERUSER = "superuser"
EVERY_EVENT_RUNNER = "every_event_runner"
EVERY_EVENT_VIEWER = "every_event_viewer"
CO_ORGANIZER, SCOREKEEPER, JUDGE = StaffRole.CO_ORGANIZER.value, StaffRole.SCOREKEEPER.value, StaffRole.JUDGE.value

_RUNS = {SUPERUSER, OWNER, CO_ORGANIZER, EVERY_EVENT_RUNNER}
_SCORES = _RUNS | {SCOREKEEPER}
_JUDGES = _RUNS | {JUDGE}


# Who acts ----------------------------------------------------------------------------------------------------------


def token_of(subject):
    """The API token a subject acts through: the token itself, or a person marked by the API's authentication."""
    if getattr(subject, "is_api_token", False):
        return subject
    return getattr(subject, "acting_token", None)


def person_of(subject):
    """The person behind a subject (a token's person for a token), or None for nobody."""
    token = token_of(subject)
    if token is not None:
        return token.user
    return subject if subject is not None and getattr(subject, "is_authenticated", False) else None


def actor_label(subject) -> str:
    """How the event log names an act that wasn't a person's own: 'token Desk 2 (of alice)'; '' for a person."""
    token = token_of(subject)
    if token is None:
        return ""
    return f"token {token.name} (of {token.user.get_username()})"


def _active_person(subject):
    person = person_of(subject)
    return person if person is not None and person.is_active else None


def _cache(person) -> dict:
    cache = getattr(person, "_hydra_rights", None)
    if cache is None:
        cache = {}
        try:
            person._hydra_rights = cache
        except AttributeError:  # an object that can't carry it: no cache
            pass
    return cache


def forget_rights(*, user) -> None:
    """Drop what was remembered of this person's roles (after their staff roles changed)."""
    if user is not None and hasattr(user, "_hydra_rights"):
        del user._hydra_rights


def _staff_role(person, event_id: int) -> str | None:
    cache = _cache(person)
    key = ("staff", event_id)
    if key not in cache:
        cache[key] = (
            EventStaff.objects.filter(event_id=event_id, user_id=person.pk).values_list("role", flat=True).first()
        )
    return cache[key]


def _affiliated_roles(person, event_id: int) -> frozenset[str]:
    """The roles held at the event through an organization of its store (tournaments/affiliations.py)."""
    cache = _cache(person)
    key = ("affiliated", event_id)
    if key not in cache:
        cache[key] = affiliated_roles(person_id=person.pk, event_id=event_id)
    return cache[key]


def _global_roles(person) -> frozenset[str]:
    cache = _cache(person)
    if "global" not in cache:
        found = set()
        if person.is_superuser:
            found.add(SUPERUSER)
        elif person.has_perm("tournaments.change_event"):
            found.add(EVERY_EVENT_RUNNER)
        elif person.has_perm("tournaments.view_event"):
            found.add(EVERY_EVENT_VIEWER)
        cache["global"] = frozenset(found)
    return cache["global"]


def roles_at(subject, event) -> frozenset[str]:
    """The subject's roles at this event (see the module's docstring)."""
    if event is None or getattr(event, "pk", None) is None:
        return frozenset()
    token = token_of(subject)
    person = _active_person(subject)
    if token is not None:
        if getattr(token, "revoked_at", None) is not None or person is None:
            return frozenset()
        if not token.is_organizer:
            return frozenset({SCOREKEEPER}) if token.event_id == event.pk else frozenset()
        found = {OWNER} if event.organizer_id == person.pk else set()
        if _staff_role(person, event.pk) == CO_ORGANIZER or CO_ORGANIZER in _affiliated_roles(person, event.pk):
            found.add(CO_ORGANIZER)
        return frozenset(found)
    if person is None:
        return frozenset()
    found = set(_global_roles(person))
    if event.organizer_id == person.pk:
        found.add(OWNER)
    role = _staff_role(person, event.pk)
    if role:
        found.add(role)
    found |= _affiliated_roles(person, event.pk)
    return frozenset(found)


def plays_in_event(subject, event) -> bool:
    """A person (never a token) holding a seat of a team registered in the event."""
    if token_of(subject) is not None:
        return False
    person = _active_person(subject)
    if person is None or event is None:
        return False
    cache = _cache(person)
    key = ("plays", event.pk)
    if key not in cache:
        cache[key] = Seat.objects.filter(event_id=event.pk, player__user_id=person.pk).exists()
    return cache[key]


# The rules -----------------------------------------------------------------------------------------------------------


@rules.predicate
def may_run_event(subject, event) -> bool:
    """Everything about the event: settings, staff, tokens, teams, pairings, results, drafts, pools, exports."""
    return bool(roles_at(subject, event) & _RUNS)


@rules.predicate
def may_change_event_settings(subject, event) -> bool:
    return may_run_event(subject, event)


@rules.predicate
def may_manage_staff(subject, event) -> bool:
    """Adding and removing co-organizers, scorekeepers and judges: the owner and co-organizers."""
    return may_run_event(subject, event)


@rules.predicate
def may_score_event(subject, event) -> bool:
    """The event day's desk work: check-in, pairings, the round clock, results, drops."""
    return bool(roles_at(subject, event) & _SCORES)


@rules.predicate
def may_run_timers(subject, event) -> bool:
    """The event's timers: the round clock, a paper draft's calls (the pods', the tables') and the deck building
    timer: start, pause, resume, stop, end early. Whoever pairs a round: the organizers and the scorekeepers (an
    event token included). Seating the pods and the draft's settings stay may_run_event's."""
    return bool(roles_at(subject, event) & _SCORES)


@rules.predicate
def may_judge_event(subject, event) -> bool:
    """Deck checks, penalties, changes to locked decklists, every penalty and the event log."""
    return bool(roles_at(subject, event) & _JUDGES)


@rules.predicate
def may_see_event(subject, event) -> bool:
    """Its pages and scoreboards: everyone for a public event; for a private one its staff, its tokens, the
    accounts that see every event and the players registered in it."""
    if event is None:
        return False
    if event.is_public:
        return True
    return bool(roles_at(subject, event)) or plays_in_event(subject, event)


@rules.predicate
def may_create_events(subject) -> bool:
    """The organizer role: a superuser, a member of the Organizers group, an account with add_event; an
    organizer token of such a person."""
    token = token_of(subject)
    if token is not None and not token.is_organizer:
        return False
    return user_is_organizer(user=_active_person(subject))


@rules.predicate
def may_change_site_data(subject) -> bool:
    """Change what every event on this server shares (issue 52): the card data (uploads, downloads, the sets and
    banned lists they bring), the ratings' rebuilds, the card pictures setting. The operator only: a superuser, in
    person (never a token). An organizer's upload would change the legality of every other organizer's decklists."""
    if token_of(subject) is not None:
        return False
    person = _active_person(subject)
    return person is not None and person.is_superuser


# The name the card data page and the templates asked before issue 52; the same rule now.
may_update_card_data = may_change_site_data


@rules.predicate
def may_request_site_data_update(subject) -> bool:
    """See which card data the site has and ask the operator for an update (the card data page's request): the
    organizer role, in person (the page is for a browser)."""
    return token_of(subject) is None and may_create_events(subject)


@rules.predicate
def may_copy_event(subject, event) -> bool:
    """ "Run again": a new event with this one's settings. Whoever runs the event and may create events."""
    return may_run_event(subject, event) and may_create_events(subject)


def _registration_people(registration_id: int) -> set[int]:
    return set(
        Seat.objects.filter(registration_id=registration_id)
        .exclude(player__user=None)
        .values_list("player__user_id", flat=True)
    )


@rules.predicate
def may_see_draft_rounds(subject, event) -> bool:
    """A round whose pairings the organizer still reviews (a draft until "Publish", issue 53): its organizers,
    scorekeepers and judges (and the event's tokens) see it and may change it; players and the public don't."""
    return bool(roles_at(subject, event) & (_SCORES | _JUDGES))


@rules.predicate
def may_publish_pairings(subject, event) -> bool:
    """Publishing a round's pairings to the players (issue 53): whoever pairs it, the organizers and scorekeepers
    (an event token included). Judges see the draft but don't publish it."""
    return may_score_event(subject, event)


@rules.predicate
def may_see_round(subject, round_) -> bool:
    """A round's pairings: everyone who sees the event once the round is published; before that only those who
    may_see_draft_rounds."""
    if round_ is None or not may_see_event(subject, round_.event):
        return False
    return round_.is_published or may_see_draft_rounds(subject, round_.event)


@rules.predicate
def may_report_for_match(subject, match) -> bool:
    """Reporting, confirming or disputing a match's result from the portal: a player of one of its two teams
    (their own session, never a token; the desk and scorekeeper tokens enter results by may_score_event)."""
    if token_of(subject) is not None or match is None:
        return False
    person = _active_person(subject)
    if person is None:
        return False
    teams = [pk for pk in (match.team_a_id, match.team_b_id) if pk]
    return Seat.objects.filter(registration_id__in=teams, player__user_id=person.pk).exists()


@rules.predicate
def may_report_for_table(subject, pod) -> bool:
    """Reporting or confirming a multiplayer pod's result from the portal: a player seated at the pod (their own
    session, never a token; the desk enters pods' results by may_score_event). `pod` is a multiplayer.MultiplayerTable."""
    if token_of(subject) is not None or pod is None:
        return False
    person = _active_person(subject)
    if person is None:
        return False
    seated = pod.seats.values_list("registration_id", flat=True)
    return Seat.objects.filter(registration_id__in=seated, player__user_id=person.pk).exists()


@rules.predicate
def may_drop_self(subject, registration) -> bool:
    """Dropping from an event by one's own phone: the player of an individual event's entry, in person (never a
    token). A team event's team is dropped by the desk: one member doesn't drop their teammates."""
    if token_of(subject) is not None or registration is None or not registration.event.is_individual:
        return False
    person = _active_person(subject)
    return person is not None and person.pk in _registration_people(registration.pk)


@rules.predicate
def may_see_decklist(subject, decklist) -> bool:
    """A decklist: its player and teammates (unified construction is the team's), the event's judges and
    whoever runs it; after the event, everyone for the lists the organizer published."""
    return may_see_team_decklists(subject, decklist.seat.registration)


@rules.predicate
def may_see_team_decklists(subject, registration) -> bool:
    """A team's decklists (may_see_decklist's rule for each): its members in person, the event's judges and whoever
    runs it; after the event, everyone for the teams whose lists the organizer published. Never another player."""
    if registration is None:
        return False
    event = registration.event
    if may_judge_event(subject, event):
        return True
    person = _active_person(subject)
    if token_of(subject) is None and person is not None and person.pk in _registration_people(registration.pk):
        return True
    return decklist_is_published(event=event, registration_id=registration.pk)


@rules.predicate
def may_register_decklist(subject, seat) -> bool:
    """Registering a seat's decklist: the seat's player in person (never a token, never a teammate). A judge
    changes a list through decklist_judge_change (may_judge_event)."""
    if token_of(subject) is not None or seat is None:
        return False
    person = _active_person(subject)
    return person is not None and seat.player.user_id == person.pk


def decklist_is_published(*, event, registration_id: int) -> bool:
    """The event is finished, its organizer publishes decklists and this team is among the published ones."""
    if not (event.decklists_published and event.status == "finished"):
        return False
    return registration_id in published_registration_ids(event=event)


@rules.predicate
def may_see_penalty(subject, penalty) -> bool:
    """A penalty: the event's judges and whoever runs it, and the penalized player."""
    if may_judge_event(subject, penalty.event):
        return True
    person = _active_person(subject)
    return (
        token_of(subject) is None
        and person is not None
        and penalty.player_id is not None
        and penalty.player.user_id == person.pk
    )


@rules.predicate
def may_manage_tokens(subject, target) -> bool:
    """API tokens. For an event: making and revoking its scorekeeper tokens (whoever runs it, in person). For a
    token: a superuser, its own person, or whoever runs its event. A token never manages tokens."""
    if token_of(subject) is not None:
        return False
    person = _active_person(subject)
    if person is None:
        return False
    if isinstance(target, Event):
        return may_run_event(person, target)
    if person.is_superuser:
        return True
    if target.user_id == person.pk:
        return True
    return target.event_id is not None and may_run_event(person, target.event)


@rules.predicate
def may_use_account(subject, account) -> bool:
    """Making a token that acts as this account, or linking a player record to it: only one's own account
    (a superuser any)."""
    person = _active_person(subject)
    if token_of(subject) is not None or person is None or account is None:
        return False
    return person.is_superuser or account.pk == person.pk


# Accounts belong to their people (issue 37; docs/permissions.md) -----------------------------------------------------


@rules.predicate
def may_hand_out_claim(subject, seat) -> bool:
    """A claim link (the claim sheet, the claim e-mails) for the player on this seat: whoever runs the event, and
    only for a placeholder the event's own organizer made that nobody has claimed and whose seat waits for no
    invited person's answer. Never another organizer's player nor a real account."""
    if seat is None or not may_run_event(subject, seat.event):
        return False
    player = seat.player
    return (
        player_is_placeholder(player)
        and player.made_by_id == seat.event.organizer_id
        and not placeholder_awaits_answer(player)
    )


@rules.predicate
def may_merge_placeholder(subject, claim) -> bool:
    """Merging a placeholder into one's own account: a signed-in person (in person, never a token) holding a valid
    claim link for it (selectors.placeholders.PlaceholderClaim), not the placeholder itself."""
    person = _active_person(subject)
    if token_of(subject) is not None or person is None or claim is None:
        return False
    return claim.player.user_id != person.pk and claim.is_valid


@rules.predicate
def may_answer_invitation(subject, invitation) -> bool:
    """Accepting or declining a seat invitation: only the invited person, in person."""
    person = _active_person(subject)
    if token_of(subject) is not None or person is None or invitation is None:
        return False
    return invitation.user_id == person.pk


# Series (issue 44; docs/series.md): a season of one organizer's events. The series app imports this module,
# never the other way, so these rules read only the series' owner and visibility.


@rules.predicate
def may_change_wizards_account(subject, player) -> bool:
    """A player's Wizards Account e-mail and DCI number are changed by the player alone, signed in (never through a
    token, never by an organizer: they are the player's word about themselves)."""
    person = _active_person(subject)
    return person is not None and token_of(subject) is None and player is not None and player.user_id == person.pk


@rules.predicate
def may_see_wizards_account(subject, player) -> bool:
    """A player's Wizards Account e-mail and DCI number (issue 53): the player; and, once the player shared them,
    whoever runs an event the player holds a seat in (the roster a store reports with). Nobody else: no public page
    or public API read shows them."""
    if may_change_wizards_account(subject, player):
        return True
    if player is None or _active_person(subject) is None:
        return False
    return (
        WizardsAccount.objects.filter(player=player, shared=True).exists()
        and Seat.objects.filter(player=player, event__in=events_run_by(subject)).exists()
    )


@rules.predicate
def may_manage_series(subject, series) -> bool:
    """Editing a series, attaching and detaching its events, creating its weekly run: its organizer (in person or
    through their organizer token) and a superuser in person."""
    token = token_of(subject)
    person = _active_person(subject)
    if (
        person is None
        or series is None
        or (token is not None and (not token.is_organizer or getattr(token, "revoked_at", None)))
    ):
        return False
    return series.owner_id == person.pk or (token is None and person.is_superuser)


def _organizer_person(subject):
    """The person an organizer acts as: in person, or through their organizer token (never an event token, never a
    revoked one); None otherwise."""
    token = token_of(subject)
    if token is not None and (not token.is_organizer or getattr(token, "revoked_at", None)):
        return None
    return _active_person(subject)


def is_series_partner(subject, series) -> bool:
    """An organizer who accepted the series' invitation (issue 53): they put their own events into it."""
    person = _organizer_person(subject)
    if person is None or series is None or series.pk is None:
        return False
    return series.invitations.filter(user_id=person.pk, accepted_at__isnull=False).exists()


@rules.predicate
def may_see_series(subject, series) -> bool:
    """A series' page and standings: everyone for a public series; for a private one whoever manages it and the
    organizers who accepted its invitation."""
    return series is not None and (
        series.is_public or may_manage_series(subject, series) or is_series_partner(subject, series)
    )


def may_attach_event(subject, series, event) -> bool:
    """Putting an event into a series (or taking it out): whoever runs the event and manages the series or accepted
    its invitation (a series across organizers, issue 53)."""
    return (may_manage_series(subject, series) or is_series_partner(subject, series)) and may_run_event(subject, event)


@rules.predicate
def may_answer_series_invitation(subject, invitation) -> bool:
    """Accepting or declining an invitation to put one's events into another organizer's series: the invited
    organizer, in person or through their organizer token."""
    person = _organizer_person(subject)
    return person is not None and invitation is not None and invitation.user_id == person.pk


# Organizations (issue 53; docs/organizations.md): a store, or a network of stores, whose members hold their role at
# every event of its stores. The organizations app imports this module, never the other way: these rules read the
# organization they are given, and the event roles its members hold come through tournaments/affiliations.py.

ORG_OWNER, ORG_ORGANIZER, ORG_SCOREKEEPER, ORG_JUDGE = "owner", "organizer", "scorekeeper", "judge"
# The event role each organization role holds at every event of the organization's stores.
ORG_EVENT_ROLES = {
    ORG_OWNER: CO_ORGANIZER,
    ORG_ORGANIZER: CO_ORGANIZER,
    ORG_SCOREKEEPER: SCOREKEEPER,
    ORG_JUDGE: JUDGE,
}


def organization_role(subject, organization) -> str | None:
    """The subject's role in the organization (owner, organizer, scorekeeper, judge) or None: in person or through
    an organizer token of the member."""
    person = _organizer_person(subject)
    if person is None or organization is None or organization.pk is None:
        return None
    cache = _cache(person)
    key = ("organization", organization.pk)
    if key not in cache:
        cache[key] = organization.memberships.filter(user_id=person.pk).values_list("role", flat=True).first()
    return cache[key]


def _superuser_in_person(subject) -> bool:
    person = _active_person(subject)
    return token_of(subject) is None and person is not None and person.is_superuser


@rules.predicate
def may_create_organization(subject) -> bool:
    """A new organization (the person becomes its owner): the organizer role (may_create_events)."""
    return may_create_events(subject)


@rules.predicate
def may_manage_organization(subject, organization) -> bool:
    """Its name, its stores, its members and their roles: its owners (and a superuser in person)."""
    return organization_role(subject, organization) == ORG_OWNER or (
        organization is not None and _superuser_in_person(subject)
    )


@rules.predicate
def may_see_organization(subject, organization) -> bool:
    """Its members page: every member, whatever the role (and a superuser in person). Its stores' public pages and
    calendars are everyone's."""
    return organization_role(subject, organization) is not None or (
        organization is not None and _superuser_in_person(subject)
    )


@rules.predicate
def may_use_location(subject, location) -> bool:
    """Holding events at one of the organization's stores (choosing it for a new event, moving an event there): its
    owners and organizers."""
    if location is None:
        return False
    organization = location.organization
    return organization_role(subject, organization) in (ORG_OWNER, ORG_ORGANIZER) or _superuser_in_person(subject)


rules.add_perm("tournaments.run_event", may_run_event)
rules.add_perm("tournaments.score_event", may_score_event)
rules.add_perm("tournaments.run_timers", may_run_timers)
rules.add_perm("tournaments.judge_event", may_judge_event)
rules.add_perm("tournaments.see_event", may_see_event)
rules.add_perm("tournaments.manage_staff", may_manage_staff)


# The same questions for many events at once --------------------------------------------------------------------------


def _events_with_roles(subject, roles: set[str]) -> QuerySet[Event]:
    events = Event.objects.all()
    token = token_of(subject)
    person = _active_person(subject)
    if person is None or (token is not None and getattr(token, "revoked_at", None) is not None):
        return events.none()
    if token is not None:
        if not token.is_organizer:
            return events.filter(pk=token.event_id) if SCOREKEEPER in roles else events.none()
        roles = {OWNER, CO_ORGANIZER}
    else:
        held = _global_roles(person)
        if SUPERUSER in held or (EVERY_EVENT_RUNNER in held and roles & _RUNS):
            return events
    staff_roles = [r for r in roles if r in (CO_ORGANIZER, SCOREKEEPER, JUDGE)]
    return events.filter(
        Q(organizer_id=person.pk)
        | Q(pk__in=EventStaff.objects.filter(user_id=person.pk, role__in=staff_roles).values("event_id"))
        | affiliated_events_q(person_id=person.pk, roles=staff_roles)
    )


def events_run_by(subject) -> QuerySet[Event]:
    return _events_with_roles(subject, set(_RUNS))


def events_scored_by(subject) -> QuerySet[Event]:
    return _events_with_roles(subject, set(_SCORES))


def events_judged_by(subject) -> QuerySet[Event]:
    return _events_with_roles(subject, set(_JUDGES))


def events_staffed_by(subject) -> QuerySet[Event]:
    """Every event the subject holds any role at (runs, scores or judges), in one query."""
    return _events_with_roles(subject, set(_RUNS | _SCORES | _JUDGES))


@rules.predicate
def may_read_notifications(subject) -> bool:
    """A person's own notifications, choices and push subscriptions (/notifications/, the API's
    /api/v1/notifications/): any active person, signed in or through their token; nobody else's."""
    return _active_person(subject) is not None


def notifications_event_scope(subject) -> int | None:
    """The one event whose notifications the subject reads and marks read: an event token's (a scorekeeper's
    device acts for one event and sees none of its person's other notices, other organizers' events included);
    None for a person or an organizer token, who read their whole inbox (issue 52)."""
    token = token_of(subject)
    return token.event_id if token is not None and token.event_id else None


@rules.predicate
def may_organize(subject) -> bool:
    """The organizer's console (/organize/): whoever may create events or holds a role at any event. Asked once
    per request for the top bar, so the answer is remembered on the person."""
    person = _active_person(subject)
    if person is None or token_of(subject) is not None:
        return False
    cache = _cache(person)
    if "organize" not in cache:
        # One query for the usual cases (the Organizers group, an event owned or staffed), then the permissions.
        held = (
            get_user_model()
            .objects.filter(pk=person.pk)
            .filter(Q(groups__name=ORGANIZERS_GROUP) | Q(organized_events__isnull=False) | Q(event_roles__isnull=False))
        )
        cache["organize"] = bool(
            person.is_superuser
            or held.exists()
            or person.has_perm("tournaments.add_event")
            or _global_roles(person)
            or has_affiliations(person_id=person.pk)
        )
    return cache["organize"]


def events_visible_to(subject) -> QuerySet[Event]:
    """Every event the subject may see (may_see_event), in one query."""
    events = Event.objects.all()
    token = token_of(subject)
    person = _active_person(subject)
    if person is None:
        return events.filter(is_public=True)
    if token is not None:
        if getattr(token, "revoked_at", None) is not None:
            return events.filter(is_public=True)
        if not token.is_organizer:
            return events.filter(Q(is_public=True) | Q(pk=token.event_id))
        return events.filter(Q(is_public=True) | Q(pk__in=events_run_by(subject).values("pk")))
    if _global_roles(person):
        return events
    return events.filter(
        Q(is_public=True)
        | Q(organizer_id=person.pk)
        | Q(pk__in=EventStaff.objects.filter(user_id=person.pk).values("event_id"))
        | affiliated_events_q(person_id=person.pk, roles=(CO_ORGANIZER, SCOREKEEPER, JUDGE))
        | Q(pk__in=Seat.objects.filter(player__user_id=person.pk).values("event_id"))
    )
