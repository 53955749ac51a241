"""The decklist page of the player portal: a player submits, checks and fixes the decklist of their own seat.

Thin: the decklist service parses, stores and checks the whole team (tournaments/services/decklists.py).
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from portal import selectors
from tournaments.models import Decklist, Seat
from tournaments import rights
from tournaments.selectors.decklists import (
    deck_problems_read,
    decklist_lines,
    event_plays_commander,
    event_takes_typed_decks,
    registration_decklist_seats,
    seat_decklist,
)
from django.conf import settings
from django.utils import translation

from tournaments.services.decklists import (
    MAX_UPLOAD_BYTES,
    NotYourSeat,
    decklist_submit,
    decklists_open,
    registration_pool_check_refresh,
    registrations_deck_problems_complete,
    seat_deck_label,
)
from tournaments.wording import entrant_sentence


class DecklistForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Decklist"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false", "autocapitalize": "off"}),
        help_text=gettext_lazy(
            'One card per line, "4 Lightning Bolt" or "4x Lightning Bolt"; a "Sideboard" line or a blank line '
            "before the sideboard. Arena and MTGO exports work as they are; names in any language."
        ),
    )
    upload = forms.FileField(label=gettext_lazy("or upload a file"), required=False)
    commanders = forms.CharField(
        label=gettext_lazy("Your commander"),
        required=False,
        max_length=400,
        widget=forms.Textarea(attrs={"rows": 2, "spellcheck": "false", "autocapitalize": "off"}),
        help_text=gettext_lazy(
            "Your commander, or two partners on two lines. Or name it in the list: a 'Commander' section, *CMDR* "
            "after its line, or a line 'Commander: <card name>'."
        ),
    )

    def __init__(self, *args, commander: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not commander:  # only a Commander deck has a commander to name
            del self.fields["commanders"]

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("upload")
        if upload is not None:
            if upload.size > MAX_UPLOAD_BYTES:
                raise ValidationError(
                    _("That file is too large for a decklist (%(kb)d KB at most).") % {"kb": MAX_UPLOAD_BYTES // 1024}
                )
            cleaned["content"] = upload.read()
        elif cleaned.get("text", "").strip():
            cleaned["content"] = cleaned["text"]
        else:
            raise ValidationError(_("Paste your decklist or choose a file."))
        return cleaned


def _my_seat(request: HttpRequest, event_id: int) -> Seat:
    seat = (
        Seat.objects.select_related("registration__event", "registration__team", "player")
        .filter(event_id=event_id, player__user=request.user)
        .first()
    )
    if seat is None:
        # Not a player of this event: the page doesn't exist for them, whatever the event.
        raise Http404
    return seat


def _team_problems_for(*, seat: Seat, problems: list[dict]) -> list[dict]:
    """The team's stored problems as `seat`'s player reads them: their own deck's first, then the ones that
    involve their teammates. The lines of their own list that could not be read are left out, since the page names
    each of them once above, in the reader's language."""
    with translation.override(settings.LANGUAGE_CODE):
        mine = seat_deck_label(seat=seat)
    shown = [p for p in problems if not (p.get("code", "").startswith("decklist-") and p.get("decks") == [mine])]
    return sorted(shown, key=lambda p: p.get("decks") != [mine])  # stable: the check's order within each group


@login_required
def decklist_page(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: my seat's decklist with its problems and my team's; POST: submit it (again)."""
    seat = _my_seat(request, pk)
    event = seat.registration.event
    closed = decklists_open(event=event)
    current = Decklist.objects.filter(seat=seat).first()
    commander = event_plays_commander(event=event)
    if request.method == "POST":
        form = DecklistForm(request.POST, request.FILES, commander=commander)
        if closed:
            messages.error(request, closed)
        elif form.is_valid():
            try:
                outcome = decklist_submit(
                    seat=seat,
                    user=request.user,
                    text=form.cleaned_data["content"],
                    commanders=(form.cleaned_data.get("commanders") or "").splitlines(),
                )
            except NotYourSeat as exc:
                raise Http404 from exc
            except ValidationError as exc:
                form.add_error(None, exc)
            else:
                if outcome.legal:
                    messages.success(request, entrant_sentence(event=event, key="decklist_legal_message"))
                else:
                    messages.warning(request, _("Decklist saved, but there are problems to fix: see below."))
                return redirect("portal:decklist", pk=event.pk)
    else:
        form = DecklistForm(initial={"text": current.text if current else ""}, commander=commander)
    registration = seat.registration
    registration.refresh_from_db(fields=["deck_problems"])
    if registration_pool_check_refresh(registration=registration):
        registration.refresh_from_db(fields=["deck_problems"])
    registrations_deck_problems_complete(registrations=[registration])
    # A team's members see every member's deck (team sealed with real boxes: each builds their own 40).
    team_decks = (
        [(s, seat_decklist(s)) for s in registration_decklist_seats(registration=registration)]
        if not event.is_individual and rights.may_see_team_decklists(request.user, registration)
        else []
    )
    main, sideboard = decklist_lines(decklist=current) if current else ([], [])
    return render(
        request,
        "portal/decklist.html",
        {
            "team_decks": team_decks,
            "event": event,
            "seat": seat,
            "team": registration.team,
            "form": form,
            "decklist": current,
            "main": main,
            "sideboard": sideboard,
            "typed": event_takes_typed_decks(event=event),
            # In the reader's language, each card named as printed in it (English beside it) where the data has one.
            "team_problems": deck_problems_read(
                problems=_team_problems_for(seat=seat, problems=registration.deck_problems)
            ),
            "closed": closed,
            "unread_lines": selectors.decklist_unread_lines(decklist=current),
            # A judge's changes to my list after the deadline, newest first: the player sees why their list changed.
            "judge_changes": list(current.changes.select_related("changed_by").order_by("-changed_at", "-pk"))
            if current
            else [],
        },
    )
