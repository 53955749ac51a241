"""The rights module (tournaments/rights.py): each role's rules, tokens acting as themselves, and the querysets
agreeing with the predicates for every subject and event."""

import pytest
from django.contrib.auth.models import AnonymousUser, Permission

from tests.factories import (
    ApiTokenFactory,
    EventFactory,
    EventStaffFactory,
    OrganizerFactory,
    OrganizerTokenFactory,
    PlayerFactory,
    RegistrationFactory,
    TeamMatchFactory,
    UserFactory,
)
from tournaments import rights
from tournaments.services.roles import organizer_role_grant

pytestmark = pytest.mark.django_db


def _with(user, *codenames):
    user.user_permissions.add(*Permission.objects.filter(content_type__app_label="tournaments", codename__in=codenames))
    return type(user).objects.get(pk=user.pk)  # a fresh object: Django caches permissions per user object


@pytest.fixture
def world():
    owner = UserFactory(username="owner")
    organizer_role_grant(user=owner)
    event = EventFactory(is_public=False, organizer=owner)
    other = EventFactory(is_public=False, organizer=UserFactory(username="other-owner"))
    public = EventFactory(is_public=True, organizer=UserFactory(username="public-owner"))
    people = {
        role: EventStaffFactory(event=event, role=role, user=UserFactory(username=role)).user
        for role in ("co_organizer", "scorekeeper", "judge")
    }
    player, teammate = UserFactory(username="player"), UserFactory(username="teammate")
    players = [PlayerFactory(user=player), PlayerFactory(user=teammate)] + [
        PlayerFactory() for _ in range(event.team_size - 2)
    ]
    registration = RegistrationFactory(event=event, seats=players)
    seat = registration.seats.get(player=players[0])
    return {
        "event": event,
        "other": other,
        "public": public,
        "owner": owner,
        "player": player,
        "seat": seat,
        "registration": registration,
        "teammate": teammate,
        **people,
    }


RULES = {
    # subject: (runs, scores, judges, sees)
    "owner": (True, True, True, True),
    "co_organizer": (True, True, True, True),
    "scorekeeper": (False, True, False, True),
    "judge": (False, False, True, True),
    "player": (False, False, False, True),
}


@pytest.mark.parametrize("who", list(RULES))
def test_each_role_has_exactly_its_rights_at_its_event_and_none_at_another(world, who):
    user, event, other = world[who], world["event"], world["other"]
    runs, scores, judges, sees = RULES[who]
    assert rights.may_run_event(user, event) == runs
    assert rights.may_manage_staff(user, event) == runs
    assert rights.may_score_event(user, event) == scores
    assert rights.may_run_timers(user, event) == scores  # the timers: whoever pairs a round (issue 40)
    assert user.has_perm("tournaments.run_timers", event) == scores
    assert rights.may_judge_event(user, event) == judges
    assert rights.may_see_event(user, event) == sees
    assert user.has_perm("tournaments.run_event", event) == runs
    for rule in (
        rights.may_run_event,
        rights.may_score_event,
        rights.may_run_timers,
        rights.may_judge_event,
        rights.may_see_event,
    ):
        assert not rule(user, other)
    assert rights.may_see_event(user, world["public"])


def test_staff_without_permissions_runs_nothing_and_sees_no_private_event(world):
    staff = UserFactory(is_staff=True)
    assert not rights.may_run_event(staff, world["event"])
    assert not rights.may_see_event(staff, world["event"])
    assert world["event"] not in rights.events_visible_to(staff)


def test_model_permissions_run_or_see_every_event(world):
    runner = _with(UserFactory(is_staff=True), "change_event")
    viewer = _with(UserFactory(is_staff=True), "view_event")
    assert rights.may_run_event(runner, world["other"])
    assert rights.may_see_event(viewer, world["other"]) and not rights.may_run_event(viewer, world["other"])
    assert rights.may_run_event(OrganizerFactory(), world["other"])  # a superuser


def test_anonymous_and_inactive_accounts_have_nothing(world):
    inactive = world["owner"]
    inactive.is_active = False
    for subject in (AnonymousUser(), inactive, None):
        assert not rights.may_run_event(subject, world["event"])
        assert not rights.may_see_event(subject, world["event"])
    assert rights.may_see_event(AnonymousUser(), world["public"])


def test_an_event_token_is_a_scorekeeper_of_its_event_only_and_never_lends_its_persons_rights(world):
    token = ApiTokenFactory(event=world["event"], user=OrganizerFactory(), name="Desk 2")
    assert rights.may_score_event(token, world["event"]) and rights.may_see_event(token, world["event"])
    assert rights.may_run_timers(token, world["event"]) and not rights.may_run_timers(token, world["other"])
    assert not rights.may_run_event(token, world["event"])  # its person is a superuser: not lent
    assert not rights.may_see_event(token, world["other"])
    person = token.user
    person.acting_token = token
    assert not rights.may_run_event(person, world["other"])
    assert rights.actor_label(person) == f"token Desk 2 (of {person.username})"


def test_an_organizer_token_runs_the_events_its_person_owns_or_co_organizes(world):
    token = OrganizerTokenFactory(user=world["owner"], name="Script")
    assert rights.may_run_event(token, world["event"])
    assert not rights.may_run_event(token, world["other"])
    organizer_role_grant(user=world["co_organizer"])
    co_token = OrganizerTokenFactory(user=world["co_organizer"], name="Co")
    assert rights.may_run_event(co_token, world["event"])
    superuser_token = OrganizerTokenFactory(user=OrganizerFactory(), name="Root")
    assert not rights.may_run_event(superuser_token, world["other"])


def test_a_revoked_token_has_no_rights(world):
    from api.services import api_token_revoke

    token = ApiTokenFactory(event=world["event"], user=world["owner"], name="Old")
    api_token_revoke(token=token)
    token.refresh_from_db()
    assert not rights.may_score_event(token, world["event"])
    assert world["event"] not in rights.events_visible_to(token)


def test_reporting_is_for_the_players_of_the_match(world):
    match = TeamMatchFactory(
        round__event=world["event"], team_a=world["registration"], team_b=RegistrationFactory(event=world["event"])
    )
    assert rights.may_report_for_match(world["player"], match)
    for who in ("owner", "scorekeeper", "judge"):
        assert not rights.may_report_for_match(world[who], match)
    token = ApiTokenFactory(event=world["event"], user=world["player"], name="Mine")
    assert not rights.may_report_for_match(token, match)


def test_decklists_and_penalties_are_seen_by_their_player_teammates_and_judges(world):
    from judging.models import Penalty

    from tournaments.models import Decklist

    decklist = Decklist.objects.create(seat=world["seat"], text="4 Island")
    teammate = world["teammate"]
    for who in (world["player"], teammate, world["judge"], world["owner"]):
        assert rights.may_see_decklist(who, decklist)
    for who in (world["scorekeeper"], UserFactory(), AnonymousUser()):
        assert not rights.may_see_decklist(who, decklist)
    penalty = Penalty.objects.create(
        event=world["event"],
        registration=world["registration"],
        player=world["seat"].player,
        infraction="tardiness",
        penalty="warning",
    )
    assert rights.may_see_penalty(world["player"], penalty) and rights.may_see_penalty(world["judge"], penalty)
    assert not rights.may_see_penalty(teammate, penalty) and not rights.may_see_penalty(world["scorekeeper"], penalty)


def test_tokens_are_managed_for_ones_own_account_and_events(world):
    token = ApiTokenFactory(event=world["other"], user=world["other"].organizer, name="Theirs")
    assert rights.may_manage_tokens(world["owner"], world["event"])
    assert not rights.may_manage_tokens(world["owner"], world["other"])
    assert not rights.may_manage_tokens(world["owner"], token)
    assert rights.may_manage_tokens(world["other"].organizer, token)
    assert rights.may_use_account(world["owner"], world["owner"])
    assert not rights.may_use_account(world["owner"], world["player"])


def test_the_querysets_agree_with_the_predicates_for_every_subject_and_event(world):
    event_token = ApiTokenFactory(event=world["event"], user=world["owner"], name="T")
    organizer_token = OrganizerTokenFactory(user=world["owner"], name="O")
    subjects = [world[k] for k in ("owner", "co_organizer", "scorekeeper", "judge", "player")] + [
        AnonymousUser(),
        OrganizerFactory(),
        _with(UserFactory(), "view_event"),
        _with(UserFactory(), "change_event"),
        event_token,
        organizer_token,
    ]
    from tournaments.models import Event

    for subject in subjects:
        for rule, queryset in (
            (rights.may_run_event, rights.events_run_by),
            (rights.may_score_event, rights.events_scored_by),
            (rights.may_judge_event, rights.events_judged_by),
            (rights.may_see_event, rights.events_visible_to),
        ):
            listed = set(queryset(subject).values_list("pk", flat=True))
            assert listed == {e.pk for e in Event.objects.all() if rule(subject, e)}, (subject, rule)


# --- Accounts belong to their people (issue 37) ---------------------------------------------------------------------


def test_a_claim_link_is_handed_out_only_for_the_events_own_unclaimed_placeholders():
    from django.contrib.auth.tokens import default_token_generator

    from tests.factories import PlaceholderFactory
    from tournaments.models import SeatInvitation
    from tournaments.selectors.placeholders import PlaceholderClaim

    owner, other_owner = OrganizerFactory(is_superuser=False), OrganizerFactory(is_superuser=False)
    event = EventFactory(organizer=owner)
    own, theirs, real = PlaceholderFactory(made_by=owner), PlaceholderFactory(made_by=other_owner), PlayerFactory()
    registration = RegistrationFactory(event=event, seats=[own, theirs, real])
    seat = {s.player_id: s for s in registration.seats.select_related("player__user", "event")}
    assert rights.may_hand_out_claim(owner, seat[own.pk])
    assert not rights.may_hand_out_claim(owner, seat[theirs.pk])  # another organizer's placeholder
    assert not rights.may_hand_out_claim(owner, seat[real.pk])  # a real account
    assert not rights.may_hand_out_claim(other_owner, seat[own.pk])  # not their event
    claimed = seat[own.pk].player.user
    claimed.set_password("claimed-at-last")
    claimed.save()
    assert not rights.may_hand_out_claim(owner, seat[own.pk])  # claimed: nobody's placeholder any more

    fresh = PlaceholderFactory(made_by=owner)
    claim = PlaceholderClaim(player=fresh, token=default_token_generator.make_token(fresh.user))
    person = UserFactory()
    assert rights.may_merge_placeholder(person, claim)
    assert not rights.may_merge_placeholder(AnonymousUser(), claim)
    assert not rights.may_merge_placeholder(fresh.user, claim)  # the placeholder itself
    assert not rights.may_merge_placeholder(person, PlaceholderClaim(player=fresh, token="1-wrong"))
    assert not rights.may_merge_placeholder(OrganizerTokenFactory(user=person), claim)  # never a token

    invitation = SeatInvitation.objects.create(event=event, placeholder=fresh, user=person)
    assert rights.may_answer_invitation(person, invitation)
    assert not rights.may_answer_invitation(owner, invitation)
    assert not rights.may_answer_invitation(AnonymousUser(), invitation)
