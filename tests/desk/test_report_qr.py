"""One tap from the table (issue 41): each match slip and each table of the wall list carries the QR code of the
match's page, where its players report; decoded, the code opens that page for them and for no one else."""

import re

import pytest
import segno
from django.urls import reverse

from tests.api.conftest import build_event
from tournaments.services.pairing import round_pair_next

pytestmark = pytest.mark.django_db


def _paired():
    event, registrations, _rounds = build_event(teams=5, rounds=0, swiss_rounds=3)
    round_ = round_pair_next(event=event, user=event.organizer, seed=1)
    return event, round_


def _expected_svg(url: str) -> str:
    return segno.make(url, error="m").svg_inline(scale=6, dark="#000", light="#fff", border=2, omitsize=True)


def test_each_slip_carries_the_qr_of_its_match_page_and_it_opens_the_report_form_for_its_players(client):
    event, round_ = _paired()
    client.force_login(event.organizer)
    page = client.get(reverse("desk:slips", args=[event.pk, round_.number])).content.decode()
    matches = [m for m in round_.matches.order_by("table") if not m.is_bye]
    assert page.count('class="slip-qr"') == len(matches) == 2
    for match in matches:
        url = f"http://testserver/matches/{match.pk}/"
        assert _expected_svg(url) in page  # the code encodes exactly this address
        player = match.team_a.seats.first().player.user
        client.force_login(player)
        opened = client.get(url)
        assert opened.status_code == 200 and 'name="seat_A"' in opened.content.decode()
        client.force_login(event.organizer)


def test_the_wall_list_carries_a_qr_per_table_but_none_for_the_bye(client):
    event, round_ = _paired()
    client.force_login(event.organizer)
    page = client.get(reverse("desk:print_pairings", args=[event.pk, round_.number])).content.decode()
    assert len(re.findall(r'<td class="table-qr"><svg', page)) == 2
    assert page.count('<td class="table-qr"></td>') == 1


def test_someone_else_who_scans_it_gets_no_page(client):
    event, round_ = _paired()
    match = round_.matches.exclude(team_b=None).first()
    other = round_.matches.exclude(pk=match.pk).exclude(team_b=None).first()
    client.force_login(other.team_a.seats.first().player.user)
    assert client.get(f"/matches/{match.pk}/").status_code == 404


def test_the_projectors_table_list_carries_each_matchs_qr_and_none_for_the_bye(client):
    event, round_ = _paired()
    page = client.get(reverse("desk:screen", args=[event.pk])).content.decode()
    tables = page.split('data-page-group="tables"', 1)[1].split("</section>", 1)[0]
    matches = list(round_.matches.exclude(team_b=None).order_by("table"))
    assert len(re.findall(r'<td class="screen-qr"><svg', tables)) == len(matches) == 2
    for match in matches:
        assert _expected_svg(f"http://testserver/matches/{match.pk}/") in tables
        assert f'<td class="num">{match.table}</td>' in tables
    bye = round_.matches.get(team_b=None)
    assert _expected_svg(f"http://testserver/matches/{bye.pk}/") not in page
