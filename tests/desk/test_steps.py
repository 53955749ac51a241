import pytest
from django.conf import settings
from django.core.exceptions import ValidationError

from desk.selectors import desk_next_step
from desk.services.steps import desk_step_run
from drafting.models import DraftStatus
from tests.factories import DraftTableFactory, EventFactory, OrganizerFactory, RegistrationFactory
from tournaments.enums import EventStatus, FormatKind, ResultState
from tournaments.models import Event, TeamMatch


def _finish_round(event):
    TeamMatch.objects.filter(round__event=event, team_b__isnull=False).exclude(result_state=ResultState.FINAL).update(
        outcome="A", result_state=ResultState.FINAL
    )


def _run(event, by):
    step = desk_next_step(event=Event.objects.get(pk=event.pk))
    desk_step_run(event=Event.objects.get(pk=event.pk), by=by, key=step.key, anyway=True)
    return step


def _sealed_event(*, teams: int, swiss_rounds: int, top_cut: int):
    """An organizer and their team sealed event of `teams` registered teams."""
    organizer = OrganizerFactory()
    event = EventFactory(
        organizer=organizer,
        format_kind=FormatKind.TEAM_SEALED,
        constructed_format="",
        swiss_rounds=swiss_rounds,
        top_cut=top_cut,
    )
    for _ in range(teams):
        RegistrationFactory(event=event)
    return organizer, event


def test_next_steps_through_a_top_cut(db):
    organizer, event = _sealed_event(teams=6, swiss_rounds=2, top_cut=4)
    labels = []
    for _ in range(2):
        labels.append(_run(event, organizer).label)  # pair
        labels.append(_run(event, organizer).label)  # clock
        _finish_round(event)
    labels.append(_run(event, organizer).label)  # cut
    labels.append(_run(event, organizer).label)  # clock of the semi-finals
    _finish_round(event)
    labels.append(_run(event, organizer).label)  # final
    labels.append(_run(event, organizer).label)  # clock of the final
    _finish_round(event)
    assert desk_next_step(event=Event.objects.get(pk=event.pk)).label == "Close the event"
    _run(event, organizer)
    assert labels == [
        "Pair round 1",
        "Start the clock",
        "Pair round 2",
        "Start the clock",
        "Cut to top 4",
        "Start the clock",
        "Pair the next top-cut round",
        "Start the clock",
    ]
    assert Event.objects.get(pk=event.pk).status == EventStatus.FINISHED


def test_next_step_of_a_one_draft_rochester_event_starts_the_drafts(db):
    organizer = OrganizerFactory()
    event = EventFactory(
        organizer=organizer, format_kind=FormatKind.TEAM_ROCHESTER, constructed_format="", draft_structure="one_draft"
    )
    RegistrationFactory(event=event)
    RegistrationFactory(event=event)
    assert _run(event, organizer).label == "Start the drafts"
    assert event.draft_tables.count() == 1
    assert desk_next_step(event=event).label == "Pair round 1"


def test_next_step_of_a_rochester_event_that_drafts_every_round_pairs_round_one(db):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, format_kind=FormatKind.TEAM_ROCHESTER, constructed_format="")
    RegistrationFactory(event=event)
    RegistrationFactory(event=event)
    assert desk_next_step(event=event).label == "Pair round 1"


def test_a_rochester_round_drafts_before_its_clock(db):
    """Issue 45: after pairing, the desk points to the round's drafts, not to the clock, until every table drafted."""
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, format_kind=FormatKind.TEAM_ROCHESTER, constructed_format="")
    RegistrationFactory(event=event)
    RegistrationFactory(event=event)
    _run(event, organizer)  # pairs round 1
    round_ = event.rounds.get(number=1)
    if not event.draft_tables.exists():
        match = round_.matches.get()
        DraftTableFactory(event=event, round=round_, number=match.table, team1=match.team_a, team2=match.team_b)
    step = desk_next_step(event=event)
    assert (step.kind, step.label) == ("drafts", "Run round 1's drafts")
    with pytest.raises(ValidationError, match="drafts page"):
        desk_step_run(event=event, by=organizer, key=step.key)
    event.draft_tables.update(status=DraftStatus.FINISHED)
    assert desk_next_step(event=event).label == "Start the clock"


def test_next_step_blocked_while_results_are_missing(db):
    organizer = OrganizerFactory()
    event = EventFactory(organizer=organizer, format_kind=FormatKind.TEAM_SEALED, constructed_format="")
    for _ in range(4):
        RegistrationFactory(event=event)
    _run(event, organizer)
    _run(event, organizer)
    step = desk_next_step(event=Event.objects.get(pk=event.pk))
    assert step.blocked == "2 tables still wait for their results."
    with pytest.raises(ValidationError) as info:
        desk_step_run(event=event, by=organizer, key=step.key, anyway=True)
    assert info.value.messages == ["2 tables still wait for their results."]


@pytest.mark.parametrize(
    ("top_cut", "said"), [(2, "(1 v 2)"), (4, "(1 v 4, 2 v 3)"), (8, "(1 v 8, 4 v 5, 2 v 7, 3 v 6)")]
)
def test_the_cut_step_says_the_pairs_the_cut_really_makes(db, top_cut, said):
    from tournaments.topcut import bracket_state

    organizer, event = _sealed_event(teams=top_cut, swiss_rounds=1, top_cut=top_cut)
    _run(event, organizer)  # pair round 1
    _finish_round(event)
    step = desk_next_step(event=Event.objects.get(pk=event.pk))
    assert step.label == f"Cut to top {top_cut}"
    assert said in step.explains
    # The same pairs as the bracket the cut builds (seeds by Swiss rank 1..n).
    first = bracket_state(standings_order=list(range(1, top_cut + 1)), size=top_cut).rounds[0]
    assert ", ".join(f"{m.seed_a} v {m.seed_b}" for m in first) in step.explains


def test_next_step_texts_name_no_file_in_any_language(db):
    from django.utils import translation

    organizer, event = _sealed_event(teams=4, swiss_rounds=3, top_cut=0)
    for language in [code for code, _name in settings.LANGUAGES]:
        with translation.override(language):
            first = desk_next_step(event=Event.objects.get(pk=event.pk))
            assert ".md" not in first.explains and "RULES" not in first.explains, (language, first.explains)
    _run(event, organizer)
    _finish_round(event)
    for language in [code for code, _name in settings.LANGUAGES]:
        with translation.override(language):
            step = desk_next_step(event=Event.objects.get(pk=event.pk))
            assert step.kind == "pair" and ".md" not in step.explains and "RULES" not in step.explains, step.explains
