"""A notification's sentence in the reader's language, from its kind and stored values (nothing is stored
translated, so the inbox, a push and a digest each speak the reader's language)."""
from django.utils.translation import gettext as _

from judging.enums import Infraction, PenaltyKind
from notifications.kinds import NoticeKind


def notice_title(*, kind: str, params: dict) -> str:
    """The first line: the event's name."""
    return params.get("event", "")


def notice_body(*, kind: str, params: dict) -> str:
    """What happened and what to do, in one or two short sentences."""
    round_, table = params.get("round"), params.get("table")
    if kind == NoticeKind.ROUND_PAIRED:
        if not params.get("opponent"):
            return _("Round %(round)d: you have a bye.") % {"round": round_}
        text = _("Round %(round)d: table %(table)d against %(opponent)s.") % {
            "round": round_, "table": table, "opponent": params["opponent"]}
        if params.get("minutes"):
            text += " " + _("%(minutes)d minutes to play.") % {"minutes": params["minutes"]}
        return text
    if kind == NoticeKind.RESULT_TO_CONFIRM:
        return _("Round %(round)d, table %(table)d: %(result)s was reported. Confirm or dispute it.") % {
            "round": round_, "table": table, "result": params.get("result") or ""}
    if kind == NoticeKind.RESULT_DISPUTED:
        if params.get("corrected"):
            return _("Round %(round)d, table %(table)d: the result was corrected to %(result)s.") % {
                "round": round_, "table": table, "result": params.get("result") or ""}
        return _("Round %(round)d, table %(table)d: the result was disputed; a judge settles it.") % {
            "round": round_, "table": table}
    if kind == NoticeKind.PENALTY:
        return _("Penalty: %(penalty)s for %(infraction)s.") % {
            "penalty": PenaltyKind(params["penalty"]).label, "infraction": Infraction(params["infraction"]).label}
    if kind == NoticeKind.ANNOUNCEMENT:
        return params.get("text", "")
    if kind == NoticeKind.PLACE:
        registered = params.get("status") == "registered"
        if params.get("individual"):
            return (_("You have a place: you are registered.") if registered
                    else _("Your sign-up was approved; you are on the waitlist."))
        return (_("Your team %(team)s has a place: it is registered.") % {"team": params.get("team", "")}
                if registered else
                _("Your team %(team)s was approved; it is on the waitlist.") % {"team": params.get("team", "")})
    if kind == NoticeKind.TIME_NEARLY_UP:
        return _("Round %(round)d, table %(table)d: %(minutes)d minutes left. Report your result when you finish.") % {
            "round": round_, "table": table, "minutes": params.get("minutes") or 0}
    if kind == NoticeKind.DRAFT_STARTED:
        return _("Your draft started: your first pick is waiting.")
    return ""
