"""Issue 56, "every individual event": players read a player's words, never a team's or sides A/B, and the pages
say what they are to a screen reader."""

import re

import pytest
from django.urls import reverse

from tests.factories import (
    EventFactory,
    PlayerFactory,
    RoundFactory,
    SoloRegistrationFactory,
    TeamMatchFactory,
    UserFactory,
)
from tournaments.enums import EnforcementLevel, FormatKind
from tournaments.models import EventLogEntry
from tournaments.services.results import SeatGames, team_match_confirm, team_match_record_final, team_match_report

pytestmark = pytest.mark.django_db


def _fnm(suffix="", **fields):
    event = EventFactory(
        team_size=1, format_kind=FormatKind.TEAM_CONSTRUCTED, constructed_format="standard", status="running", **fields
    )
    ann = SoloRegistrationFactory(
        event=event, team__name=f"Ann Lee{suffix}", seats=PlayerFactory(name=f"Ann Lee{suffix}", user=UserFactory())
    )
    ben = SoloRegistrationFactory(
        event=event, team__name=f"Ben Ota{suffix}", seats=PlayerFactory(name=f"Ben Ota{suffix}", user=UserFactory())
    )
    round_ = RoundFactory(event=event, number=1)
    match = TeamMatchFactory(round=round_, table=1, team_a=ann, team_b=ben)
    return event, match, ann, ben


def _user(registration):
    return registration.seats.get().player.user


def test_a_confirmed_match_reads_confirmed_by_the_opponent(client):
    event, match, ann, ben = _fnm()
    team_match_report(match=match, user=_user(ann), seats=[SeatGames("A", 2, 1)])
    team_match_confirm(match=match, user=_user(ben))
    client.force_login(_user(ann))
    page = client.get(reverse("portal:match", args=[match.pk])).content.decode()
    assert "Confirmed by the opponent" in page and "other team" not in page


def test_the_log_and_its_notice_name_the_players_not_side_a():
    event, match, ann, _ben = _fnm()
    team_match_record_final(match=match, user=event.organizer, seats=[SeatGames("A", 2, 0)])
    entry = EventLogEntry.objects.filter(event=event, match=match).latest("at")
    assert "Ann Lee 2-0 Ben Ota" in entry.text and "(A)" not in entry.text


def test_a_regular_rel_fnm_pairs_without_a_missing_decklist_warning_and_a_competitive_one_warns():
    from desk.selectors import pairing_warnings

    fnm, *_rest = _fnm(enforcement_level=EnforcementLevel.REGULAR)
    rcq, *_rest = _fnm(" 2", enforcement_level=EnforcementLevel.COMPETITIVE)
    texts = {event.pk: " ".join(str(w) for w in pairing_warnings(event=event)) for event in (fnm, rcq)}
    assert "no decklist" not in texts[fnm.pk]
    assert "no decklist" in texts[rcq.pk]


def test_the_desk_result_field_shows_a_players_example(client):
    event, *_rest = _fnm()
    client.force_login(event.organizer)
    page = client.get(reverse("desk:desk", args=[event.pk])).content.decode()
    assert 'placeholder="21"' in page and "21 12 20" not in page


def test_the_account_sign_up_page_says_no_team_words_to_a_player(client):
    page = client.get(reverse("signup")).content.decode()
    assert "registers your team" not in page


def test_every_notification_checkbox_has_its_name(client):
    client.force_login(UserFactory())
    page = client.get(reverse("notifications:preferences")).content.decode()
    boxes = re.findall(r"<input[^>]*type=\"checkbox\"[^>]*>", page)
    assert boxes and all('aria-label="' in box for box in boxes)
    labels = [re.search(r'aria-label="([^"]*)"', box).group(1) for box in boxes]
    assert len(set(labels)) == len(labels)  # each says which kind and which channel


def test_a_wrong_join_code_is_announced(client):
    page = client.get(reverse("portal:join_code"), {"code": "!!"}).content.decode()
    assert 'role="alert"' in page


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_the_focus_ring_has_3_to_1_contrast_against_the_page():
    from django.conf import settings

    css = (settings.BASE_DIR / "static" / "css" / "hydra.css").read_text()
    ring = re.search(r":focus-visible[^{]*\{[^}]*outline: 3px solid (#[0-9a-fA-F]{6})", css).group(1)
    for background in ("#ffffff", "#fafafa"):
        lighter, darker = sorted((_luminance(ring), _luminance(background)), reverse=True)
        assert (lighter + 0.05) / (darker + 0.05) >= 3, (ring, background)
