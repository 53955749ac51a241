"""A notification's sentence in the reader's language, from its kind and stored values (nothing is stored
translated, so the inbox, a push and a digest each speak the reader's language)."""

from types import SimpleNamespace

from django.utils.translation import gettext as _

from judging.enums import Infraction, PenaltyKind
from notifications.kinds import NoticeKind
from tournaments.wording import format_label


def notice_title(*, kind: str, params: dict) -> str:
    """The first line: the event's name."""
    return params.get("event", "")


def notice_body(*, kind: str, params: dict) -> str:
    """What happened and what to do, in one or two short sentences."""
    round_, table = params.get("round"), params.get("table")
    if kind == NoticeKind.ROUND_PAIRED and params.get("pod") and params.get("top"):  # a Commander night's top pod
        return _("Top pod: seat %(seat)d. Its winner wins the event.") % {"seat": params.get("seat") or 0}
    if kind == NoticeKind.ROUND_PAIRED and params.get("pod"):  # a multiplayer pod round (multiplayer/)
        return _("Round %(round)d: pod %(pod)d, seat %(seat)d.") % {
            "round": round_,
            "pod": params["pod"],
            "seat": params.get("seat") or 0,
        }
    if kind == NoticeKind.ROUND_PAIRED:
        if not params.get("opponent"):
            return _("Round %(round)d: you have a bye.") % {"round": round_}
        text = _("Round %(round)d: table %(table)d against %(opponent)s.") % {
            "round": round_,
            "table": table,
            "opponent": params["opponent"],
        }
        if params.get("minutes"):
            text += " " + _("%(minutes)d minutes to play.") % {"minutes": params["minutes"]}
        return text
    if kind == NoticeKind.RESULT_TO_CONFIRM:
        return _("Round %(round)d, table %(table)d: %(result)s was reported. Confirm or dispute it.") % {
            "round": round_,
            "table": table,
            "result": params.get("result") or "",
        }
    if kind == NoticeKind.RESULT_DISPUTED:
        if params.get("corrected"):
            return _("Round %(round)d, table %(table)d: the result was corrected to %(result)s.") % {
                "round": round_,
                "table": table,
                "result": params.get("result") or "",
            }
        return _("Round %(round)d, table %(table)d: the result was disputed; a judge settles it.") % {
            "round": round_,
            "table": table,
        }
    if kind == NoticeKind.PENALTY:
        return _("Penalty: %(penalty)s for %(infraction)s.") % {
            "penalty": PenaltyKind(params["penalty"]).label,
            "infraction": Infraction(params["infraction"]).label,
        }
    if kind == NoticeKind.ANNOUNCEMENT:
        return params.get("text", "")
    if kind == NoticeKind.PLACE:
        registered = params.get("status") == "registered"
        if params.get("individual"):
            return (
                _("You have a place: you are registered.")
                if registered
                else _("Your sign-up was approved; you are on the waitlist.")
            )
        return (
            _("Your team %(team)s has a place: it is registered.") % {"team": params.get("team", "")}
            if registered
            else _("Your team %(team)s was approved; it is on the waitlist.") % {"team": params.get("team", "")}
        )
    if kind == NoticeKind.TIME_NEARLY_UP:
        return _("Round %(round)d, table %(table)d: %(minutes)d minutes left. Report your result when you finish.") % {
            "round": round_,
            "table": table,
            "minutes": params.get("minutes") or 0,
        }
    if kind == NoticeKind.DRAFT_STARTED:
        return _("Your draft started: your first pick is waiting.")
    if kind == NoticeKind.DAY2_CUT:
        return _day2_cut_body(params)
    if kind == NoticeKind.PHASE_STARTED:
        return _phase_body(params)
    if kind == NoticeKind.PAPER_DRAFT:
        return _paper_draft_body(params)
    return ""


def _day2_cut_body(params: dict) -> str:
    if params.get("undone"):
        return _("The Day 2 cut after round %(round)d was undone.") % {"round": params.get("round") or 0}
    if params.get("individual"):
        return _("You advanced to Day 2.") if params.get("advanced") else _("You did not advance to Day 2.")
    return _("Your team advanced to Day 2.") if params.get("advanced") else _("Your team did not advance to Day 2.")


def _phase_body(params: dict) -> str:
    """ "Phase 2: Booster draft. Pod 2, seat 5." (the format in the event's words, the reader's language)."""
    name = params.get("name") or format_label(
        event=SimpleNamespace(is_individual=params.get("individual"), format_kind=params.get("format")),
        format_kind=params.get("format"),
    )
    phase = _("Phase %(n)d: %(name)s") % {"n": params.get("phase") or 0, "name": name}
    if params.get("pod"):
        return _("%(phase)s. Pod %(pod)d, seat %(seat)d.") % {
            "phase": phase,
            "pod": params["pod"],
            "seat": params.get("seat") or 0,
        }
    return _("%(phase)s starts with round %(round)d.") % {"phase": phase, "round": params.get("round") or 0}


def _paper_draft_body(params: dict) -> str:
    if params.get("what") == "building":
        return _("Deck building started: %(minutes)d minutes.") % {"minutes": params.get("minutes") or 0}
    if params.get("table"):
        return _("The draft is being called: table %(table)d.") % {"table": params["table"]}
    return _("The draft is being called: pod %(pod)d, seat %(seat)d.") % {
        "pod": params.get("pod") or 0,
        "seat": params.get("seat") or 0,
    }
