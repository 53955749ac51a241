"""Venue mode pages: the kept e-mail as printable sheets, for accounts allowed to read it (the view_printedmail
permission: superusers, or whom the organizer grants it), since it holds password-reset links."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from venue.selectors import printed_mail_list


@login_required
def mail_sheets(request: HttpRequest) -> HttpResponse:
    """Every kept message on its own sheet, newest first, to print and hand over."""
    if not request.user.has_perm("venue.view_printedmail"):
        raise Http404("No such page.")
    return render(request, "venue/mail.html", {"mails": printed_mail_list()})
