"""Who runs and who may see an event, as object permissions (django-rules; issue 19, defect 3).

`is_staff` only opens the admin's door: what a staff account may do is its permissions. Outside the admin the checks
were `is_staff`, so a staff account without any permission could save any sealed pool and read private events and
draft pages. Now:

- `tournaments.run_event` (per event): the event's own organizer, or an account with the change_event permission
  (superusers have every permission). Running means changing pools, draft tables, results and shared games.
- `tournaments.see_event` (per event): whoever runs it, or an account with the view_event permission.
- `tournaments.judge_event` (per event): whoever runs it, or one of the event's judges (Event.judges, issue 17).

Ask with `user.has_perm("tournaments.run_event", event)`; the rules backend is in AUTHENTICATION_BACKENDS.
"""
import rules


@rules.predicate
def is_event_organizer(user, event) -> bool:
    return event is not None and user.is_authenticated and event.organizer_id == user.pk


@rules.predicate
def may_change_every_event(user) -> bool:
    return user.is_authenticated and user.has_perm("tournaments.change_event")


@rules.predicate
def may_view_every_event(user) -> bool:
    return user_sees_every_event(user=user)


@rules.predicate
def is_event_judge(user, event) -> bool:
    return event is not None and user.is_authenticated and event.judges.filter(pk=user.pk).exists()


can_run_event = is_event_organizer | may_change_every_event
can_see_event = can_run_event | may_view_every_event
# Judges keep the event's records (deck checks, penalties, changes to locked decklists); whoever runs the event
# judges it too.
can_judge_event = can_run_event | is_event_judge

rules.add_perm("tournaments.run_event", can_run_event)
rules.add_perm("tournaments.see_event", can_see_event)
rules.add_perm("tournaments.judge_event", can_judge_event)


def user_runs_event(*, user, event) -> bool:
    """The one answer to "may this user run this event?" (pools, draft tables, results, shared games)."""
    return bool(user and user.is_authenticated and user.has_perm("tournaments.run_event", event))


def user_judges_event(*, user, event) -> bool:
    """The one answer to "is this user a judge of this event?": the event's judges, and whoever runs it. Judges
    record deck checks and penalties, read every penalty of the event and change decklists after the deadline."""
    return bool(user and user.is_authenticated and user.has_perm("tournaments.judge_event", event))


def user_sees_every_event(*, user) -> bool:
    """Accounts that may read every event, private ones included (the view_event permission)."""
    return bool(
        user and user.is_authenticated
        and (user.has_perm("tournaments.view_event") or user.has_perm("tournaments.change_event"))
    )
