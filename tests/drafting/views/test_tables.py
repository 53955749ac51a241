"""The draft's pages: the table, its polled fragment, picking, the pool and the organizer's progress page."""

import datetime as dt

import pytest
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from drafting.models import DraftCard, DraftStatus, DraftTable, PickVia
from drafting.services.tables import draft_table_end, draft_table_pause, draft_table_resume
from tests.drafting.conftest import end_review, expire, make_table, reload, seat_to_pick
from tests.factories import OrganizerFactory, UserFactory

pytestmark = pytest.mark.django_db


def post_pick(client, table: DraftTable, card, *, pack=0, pick=1, **extra):
    """A pick POST by htmx, as the card's button sends it; extra fields such as confirm="1" go along."""
    return client.post(
        reverse("drafting:pick", args=[table.pk]),
        {"card": card if isinstance(card, str) else card.pk, "pack": pack, "pick": pick, **extra},
        HTTP_HX_REQUEST="true",
    )


def user_at(table: DraftTable, seat: str):
    registration = table.team1 if seat[0] == "1" else table.team2
    return registration.seats.get(letter=seat[1]).player.user


def test_table_page_shows_the_pack_whose_turn_and_the_server_deadline(client):
    table = make_table()
    client.force_login(user_at(table, "1B"))
    html = client.get(reverse("drafting:table", args=[table.pk])).content.decode()
    assert "You sit at <strong>1B</strong>" in html
    assert "Card 01-01" in html and "Card 01-15" in html
    # The review period: its own countdown, to when picks open, and no "Your pick!" yet.
    assert f'data-deadline="{table.picks_open_at.isoformat(timespec="milliseconds")}"' in html
    assert f'data-deadline="{table.deadline.isoformat(timespec="milliseconds")}"' not in html
    assert "data-server-now=" in html and "<strong>Review:</strong>" in html and "You pick first." in html
    assert "Your pick!" not in html
    html = client.get(reverse("drafting:table", args=[end_review(table).pk])).content.decode()
    table = reload(table)
    assert f'data-deadline="{table.deadline.isoformat(timespec="milliseconds")}"' in html
    assert "<strong>Your pick!</strong>" in html and "Review:" not in html


def test_table_page_in_review_tells_the_others_who_picks_first(client):
    table = make_table()
    client.force_login(user_at(table, "2A"))
    html = client.get(reverse("drafting:table", args=[table.pk])).content.decode()
    assert "<strong>Review:</strong>" in html and "1B picks first." in html and "is picking" not in html


def test_table_state_unchanged_answers_204_and_changed_answers_the_fragment(client):
    table = end_review(make_table())
    client.force_login(user_at(table, "2A"))
    url = reverse("drafting:state", args=[table.pk])
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"] == f'"{table.version}"'
    assert client.get(url, {"since": table.version}).status_code == 204
    DraftTable.objects.filter(pk=table.pk).update(version=table.version + 1)
    assert client.get(url, {"since": table.version}).status_code == 200


def test_table_state_poll_is_cheap(client, django_assert_max_num_queries):
    table = end_review(make_table())
    client.force_login(user_at(table, "2A"))
    url = reverse("drafting:state", args=[table.pk])
    with django_assert_max_num_queries(4):  # session, user, table, seat
        assert client.get(url, {"since": table.version}).status_code == 204
    with django_assert_max_num_queries(7):  # + the current pack's cards, the seats' players, the cards' faces
        assert client.get(url).status_code == 200


def test_table_state_with_an_overdue_deadline_applies_the_timeout_on_read(client):
    table = expire(make_table(review=0))
    client.force_login(user_at(table, "2C"))
    response = client.get(reverse("drafting:state", args=[table.pk]), {"since": table.version})
    assert response.status_code == 200
    assert DraftCard.objects.get(table=table, pack_index=0, pick_number=1).via == PickVia.READ
    assert reload(table).pick_number == 2


def test_table_pick_first_tap_only_chooses_the_card_and_records_nothing(client):
    table = end_review(make_table())
    card = DraftCard.objects.get(table=table, pack_index=0, position=7)
    client.force_login(user_at(table, "1B"))
    response = post_pick(client, table, card)
    html = response.content.decode()
    assert response.status_code == 200 and 'id="draft-state"' in html
    assert '<li class="card chosen">' in html and "Pick Card 01-07" in html
    assert html.count('name="confirm" value="1"') == 1
    assert not DraftCard.objects.filter(table=table, pick_number__isnull=False).exists()
    assert reload(table).pick_number == 1


def test_table_pick_second_tap_confirms_and_records_the_pick(client):
    table = end_review(make_table())
    card = DraftCard.objects.get(table=table, pack_index=0, position=7)
    client.force_login(user_at(table, "1B"))
    response = post_pick(client, table, card, confirm="1")
    assert response.status_code == 200
    assert 'id="draft-state"' in response.content.decode() and "chosen" not in response.content.decode()
    card.refresh_from_db()
    assert (card.picked_by, card.pick_number) == ("1B", 1)


def test_table_pick_choice_for_a_pack_that_moved_on_is_refused(client):
    table = end_review(make_table())
    client.force_login(user_at(table, "1B"))
    card = DraftCard.objects.get(table=table, pack_index=0, position=3)
    response = post_pick(client, table, card, pick=2)
    assert "The table has moved on since you tapped" in response.content.decode()
    assert "chosen" not in response.content.decode()


def test_table_pick_without_javascript_shows_the_confirm_step_on_the_page(client):
    table = end_review(make_table())
    client.force_login(user_at(table, "1B"))
    card = DraftCard.objects.get(table=table, pack_index=0, position=4)
    response = client.post(reverse("drafting:pick", args=[table.pk]), {"card": card.pk, "pack": 0, "pick": 1})
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html and "Pick Card 01-04" in html
    assert not DraftCard.objects.filter(table=table, pick_number__isnull=False).exists()


@pytest.mark.parametrize("bad", ["²", "-1", "x", "9" * 5000, ""])
def test_table_pick_with_a_malformed_field_says_so(client, bad):
    table = end_review(make_table())
    client.force_login(user_at(table, "1B"))
    response = post_pick(client, table, bad, confirm="1")
    assert response.status_code == 200
    assert "That pick wasn&#x27;t understood; reload the page." in response.content.decode()
    assert not DraftCard.objects.filter(table=table, pick_number__isnull=False).exists()


def test_table_pick_by_someone_not_seated_at_the_table_is_404_and_records_nothing(client):
    table = end_review(make_table())
    other = make_table()  # a player of another table, a stranger and the organizer watching: none sits here
    card = DraftCard.objects.get(table=table, pack_index=0, position=1)
    for user in (user_at(other, "1B"), UserFactory(), OrganizerFactory()):
        client.force_login(user)
        for confirm in ("", "1"):
            assert post_pick(client, table, card, confirm=confirm).status_code == 404
            url = reverse("drafting:pick", args=[table.pk])
            assert client.post(url, {"card": card.pk, "pack": 0, "pick": 1, "confirm": confirm}).status_code == 404
    assert not DraftCard.objects.filter(table=table, pick_number__isnull=False).exists()
    assert reload(table).version == table.version


def test_table_pick_refused_answers_the_current_state_with_the_reason(client):
    """A pick that arrives too late gets the oldest card and is refused: the answer is the table as it stands now
    (the next seat picking, the late card as 1B's pick), not the page the player tapped on."""
    table = expire(make_table(review=0))
    card = DraftCard.objects.get(table=table, pack_index=0, position=7)
    client.force_login(user_at(table, "1B"))
    html = post_pick(client, table, card, confirm="1").content.decode()
    assert "Your time ran out: you got the oldest card, Card 01-01." in html
    assert 'data-pick-key="running-0-2"' in html and "1C is picking." in html
    row = html[html.index("<td>1B") :]
    assert row[: row.index("</tr>")].endswith("<td>Card 01-01</td>")
    assert 'name="confirm"' not in html  # 1B's turn is over: nothing chosen
    assert DraftCard.objects.get(table=table, pack_index=0, pick_number=1).via == PickVia.LATE


def test_table_pick_out_of_turn_shows_the_reason(client):
    table = end_review(make_table())
    card = DraftCard.objects.get(table=table, pack_index=0, position=7)
    client.force_login(user_at(table, "2B"))
    for confirm in ("", "1"):
        html = post_pick(client, table, card, confirm=confirm).content.decode()
        # Said next to the card tapped, not at the top of a long page.
        item = html[html.index(f'value="{card.pk}"') :]
        item = item[: item.index("</li>")]
        assert '<p class="message error tap-refused" role="alert">1B is picking.</p>' in item
        assert 'name="confirm"' not in html
    assert not DraftCard.objects.filter(table=table, pick_number__isnull=False).exists()


def test_table_page_cards_answer_a_tap_even_when_it_isnt_your_turn(client):
    """Every seated player's cards are buttons while the table runs: a tap out of turn is answered, not ignored."""
    table = end_review(make_table())
    client.force_login(user_at(table, "2B"))
    html = client.get(reverse("drafting:table", args=[table.pk])).content.decode()
    assert html.count('class="pick-form"') == 15
    assert "Tap a card to choose it" not in html


def test_table_pick_during_the_review_says_when_picks_open(client):
    table = make_table(review=20)
    card = DraftCard.objects.get(table=table, pack_index=0, position=3)
    for seat in ("1B", "2B"):  # the first picker and anyone else
        client.force_login(user_at(table, seat))
        html = post_pick(client, table, card).content.decode()
        assert "The pack is still being reviewed; picks open in " in html
        wait = int(html.split("picks open in ")[1].split(" s.")[0])
        assert 15 <= wait <= 20
    assert not DraftCard.objects.filter(table=table, pick_number__isnull=False).exists()


def test_table_pick_with_htmx_of_a_card_no_longer_there_says_so_at_the_top(client):
    table = end_review(make_table(review=0))
    card = DraftCard.objects.get(table=table, pack_index=0, position=15)
    DraftCard.objects.filter(pk=card.pk).update(picked_by="1B", pick_number=1)
    DraftTable.objects.filter(pk=table.pk).update(pick_number=2)
    client.force_login(user_at(table, "1C"))
    html = post_pick(client, table, card, pick=1).content.decode()
    top = html[: html.index("<h2>")]
    assert 'class="message error" role="alert"' in top and "moved on" in top


def test_table_pick_without_htmx_redirects_with_the_message(client):
    table = end_review(make_table())
    client.force_login(user_at(table, "1B"))
    card = DraftCard.objects.get(table=table, pack_index=0, position=2)
    url = reverse("drafting:pick", args=[table.pk])
    client.post(url, {"card": card.pk, "pack": 0, "pick": 1, "confirm": "1"})
    response = client.post(url, {"card": card.pk, "pack": 0, "pick": 1, "confirm": "1"}, follow=True)
    assert "That pick has already been made" in response.content.decode()


def test_table_page_of_another_table_is_refused(client):
    table = make_table()
    client.force_login(UserFactory())
    assert client.get(reverse("drafting:table", args=[table.pk])).status_code == 404
    assert client.get(reverse("drafting:state", args=[table.pk])).status_code == 404


def test_table_pool_during_the_draft_is_refused(client):
    table = make_table()
    client.force_login(user_at(table, "1A"))
    response = client.get(reverse("drafting:pool", args=[table.pk]))
    assert response.status_code == 403
    assert "may not look through your picks" in response.content.decode()


def test_table_pool_in_a_review_break_and_after_the_draft_is_shown(client):
    table = end_review(make_table())
    DraftCard.objects.filter(table=table, pack_index=0, position=1).update(picked_by="1A", pick_number=1)
    client.force_login(user_at(table, "1A"))
    url = reverse("drafting:pool", args=[table.pk])
    draft_table_pause(table_id=table.pk, by=None, review_break=True)
    assert "Card 01-01" in client.get(url).content.decode()
    draft_table_end(table_id=table.pk, by=None)
    html = client.get(url).content.decode()
    assert "1 Card 01-01" in html  # the list for deck registration


def test_event_progress_shows_every_table_to_the_organizer_only(client):
    table = make_table()
    url = reverse("drafting:progress", args=[table.event_id])
    client.force_login(user_at(table, "1A"))
    assert client.get(url).status_code == 404
    client.force_login(OrganizerFactory())
    html = client.get(url).content.decode()
    assert f"{table.team1.team.name} – {table.team2.team.name}" in html
    assert "0 / 270" in html


def test_portal_draft_tables_page_applies_an_expired_deadline_with_no_worker(client):
    table = expire(make_table(review=0))
    url = reverse("portal:draft_tables", args=[table.event_id]) + "?partial=1"
    client.force_login(user_at(table, "2A"))
    html = client.get(url).content.decode()
    assert "1 of 270 picks" in html
    assert DraftCard.objects.get(table=table, pack_index=0, pick_number=1).via == PickVia.READ


def test_draft_index_lists_the_players_tables(client):
    table = make_table()
    client.force_login(user_at(table, "2C"))
    html = client.get(reverse("drafting:index")).content.decode()
    assert reverse("drafting:table", args=[table.pk]) in html


def test_draft_index_leads_an_organizer_to_their_events_drafts(client):
    """Issue 45: the top bar's "Drafts" told an organizer they weren't seated; it lists their events' drafts."""
    table = make_table()
    client.force_login(table.event.organizer)
    html = client.get(reverse("drafting:index")).content.decode()
    assert reverse("desk:drafts", args=[table.event_id]) in html
    assert "You aren't seated at any draft." not in html
    client.force_login(UserFactory())
    assert "You aren't seated at any draft." in client.get(reverse("drafting:index")).content.decode()


# Pack 1 is done, every card picked in layout order by the official example: 1B holds positions 1, 12 and 13.
# Pack 2 is laid out by 1C (1C 2A 2B 2C 1A 1B 1B 1A 2C ...): 1B took position 6, then position 9 most recently; the
# table waits for pick 8, 1A's.
PACK_1_SEATS = "1B 1C 2A 2B 2C 1A 1A 2C 2B 2A 1C 1B 1B 1C 2A".split()
PACK_2_PICKS = [("1C", 1), ("2A", 2), ("2B", 3), ("2C", 4), ("1A", 5), ("1B", 6), ("1B", 9)]


def _mid_draft() -> DraftTable:
    """A running table at pack 2, pick 8 (1A's), with the pick's whole time ahead."""
    table = end_review(make_table(review=0))
    for pick, seat in enumerate(PACK_1_SEATS, start=1):
        DraftCard.objects.filter(table=table, pack_index=0, position=pick).update(picked_by=seat, pick_number=pick)
    for pick, (seat, position) in enumerate(PACK_2_PICKS, start=1):
        DraftCard.objects.filter(table=table, pack_index=1, position=position).update(picked_by=seat, pick_number=pick)
    DraftTable.objects.filter(pk=table.pk).update(
        pack_index=1,
        pick_number=8,
        deadline=timezone.now() + dt.timedelta(seconds=60),
        version=F("version") + 1,
    )
    table = reload(table)
    assert seat_to_pick(table) == "1A"
    return table


def _earlier(table: DraftTable, seat: str) -> list[str]:
    """The names of the cards `seat` took, all but its most recent pick of the pack on the table."""
    table = reload(table)
    taken = list(DraftCard.objects.filter(table=table, picked_by=seat).order_by("pack_index", "pick_number"))
    if taken and taken[-1].pack_index == table.pack_index:
        taken.pop()
    assert taken
    return [card.name for card in taken]


def _pages_of_a_player(client, table: DraftTable) -> list:
    """Every page and fragment a player at `table` can reach during the draft, and the answers to picks refused."""
    pick = reverse("drafting:pick", args=[table.pk])
    on_table = DraftCard.objects.filter(table=table, pack_index=1, pick_number__isnull=True).order_by("position").last()
    event, now_at = table.event_id, reload(table).pick_number
    return [
        client.get(reverse("drafting:table", args=[table.pk])),
        client.get(reverse("drafting:state", args=[table.pk])),
        client.get(reverse("drafting:pool", args=[table.pk])),
        client.get(reverse("drafting:index")),
        client.get(reverse("drafting:progress", args=[event])),
        # The answers to picks: a choice, a confirmed pick of a pick gone by, without htmx too.
        client.post(pick, {"card": on_table.pk, "pack": 1, "pick": now_at}, HTTP_HX_REQUEST="true"),
        client.post(pick, {"card": on_table.pk, "pack": 1, "pick": now_at}, follow=True),
        client.post(pick, {"card": on_table.pk, "pack": 1, "pick": now_at - 1, "confirm": "1"}, HTTP_HX_REQUEST="true"),
        client.post(pick, {"card": on_table.pk, "pack": 1, "pick": now_at - 1, "confirm": "1"}, follow=True),
        # The portal, with the live regions its pages poll, and the public pages of the event.
        client.get(reverse("portal:home")),
        client.get(reverse("portal:home"), {"partial": "1"}),
        client.get(reverse("portal:events")),
        client.get(reverse("portal:event", args=[event])),
        client.get(reverse("portal:event", args=[event]), {"partial": "1"}),
        client.get(reverse("portal:draft_tables", args=[event])),
        client.get(reverse("portal:draft_tables", args=[event]), {"partial": "1"}),
        client.get(reverse("portal:decklist", args=[event])),
        client.get(f"/api/v1/events/{event}/draft-tables/"),
        client.get(f"/api/v1/events/{event}/draft-tables/{table.number}/"),
    ]


def _assert_none_shows(responses, names: list[str]) -> None:
    for response in responses:
        html = response.content.decode()
        for name in names:
            assert name not in html, (response.request["PATH_INFO"], response.request.get("QUERY_STRING"), name)


def test_table_page_never_shows_a_players_earlier_picks(client):
    """This must not leak: 1B's picks from earlier packs and earlier in this pack appear on no page or fragment
    during the draft; only each seat's most recent pick from the current pack shows."""
    table = _mid_draft()
    earlier = _earlier(table, "1B")
    assert earlier == ["Card 01-01", "Card 01-12", "Card 01-13", "Card 02-06"]
    client.force_login(user_at(table, "1B"))
    pages = _pages_of_a_player(client, table)
    _assert_none_shows(pages, earlier)
    codes = [r.status_code for r in pages]
    assert codes[2] == 403 and codes[4] == 404  # the pool (hidden now) and the organizer's progress page (not theirs)
    assert all(code == 200 for i, code in enumerate(codes) if i not in (2, 4)), codes
    assert "may not look through your picks" in pages[2].content.decode()
    assert not DraftCard.objects.filter(table=table, pack_index=1, pick_number=8).exists()
    assert "Card 02-09" in pages[0].content.decode() and "Card 02-09" in pages[1].content.decode()  # most recent
    assert "Card 02-01" in pages[0].content.decode()  # 1C's only, so most recent, pick of this pack shows
    assert reload(table).status == DraftStatus.RUNNING


def test_a_players_own_pick_answer_never_shows_their_earlier_picks(client):
    """1A picks with htmx, then 2C without: each answer shows the new pick as the picker's most recent, nothing
    the picker took before."""
    table = _mid_draft()
    url = reverse("drafting:pick", args=[table.pk])
    client.force_login(user_at(table, "1A"))
    card = DraftCard.objects.get(table=table, pack_index=1, position=7)
    chosen = client.post(url, {"card": card.pk, "pack": 1, "pick": 8}, HTTP_HX_REQUEST="true")
    assert "Pick Card 02-07" in chosen.content.decode()
    _assert_none_shows([chosen], _earlier(table, "1A"))
    picked = client.post(url, {"card": card.pk, "pack": 1, "pick": 8, "confirm": "1"}, HTTP_HX_REQUEST="true")
    assert DraftCard.objects.get(pk=card.pk).picked_by == "1A" and "Card 02-07" in picked.content.decode()
    assert _earlier(table, "1A") == ["Card 01-06", "Card 01-07", "Card 02-05"]
    _assert_none_shows([picked, *_pages_of_a_player(client, table)], _earlier(table, "1A"))

    client.force_login(user_at(table, "2C"))
    assert seat_to_pick(table) == "2C"
    card = DraftCard.objects.get(table=table, pack_index=1, position=8)
    again = client.post(url, {"card": card.pk, "pack": 1, "pick": 9, "confirm": "1"}, follow=True)
    assert DraftCard.objects.get(pk=card.pk).picked_by == "2C" and "Card 02-08" in again.content.decode()
    _assert_none_shows([again, *_pages_of_a_player(client, table)], _earlier(table, "2C"))


def test_earlier_picks_show_in_a_granted_review_break_only(client):
    table = _mid_draft()
    earlier = _earlier(table, "1B")
    client.force_login(user_at(table, "1B"))
    pool = reverse("drafting:pool", args=[table.pk])
    draft_table_pause(table_id=table.pk, by=None)
    assert client.get(pool).status_code == 403
    _assert_none_shows([client.get(reverse("drafting:table", args=[table.pk]))], earlier)
    draft_table_pause(table_id=table.pk, by=None, review_break=True)
    html = client.get(pool).content.decode()
    assert all(name in html for name in earlier)
    draft_table_resume(table_id=table.pk, by=None)
    _assert_none_shows(_pages_of_a_player(client, reload(table)), earlier)


def test_table_page_announces_turns_not_the_ticking_countdown(client):
    table = end_review(make_table())
    client.force_login(user_at(table, "1B"))
    html = client.get(reverse("drafting:table", args=[table.pk])).content.decode()
    section = html[html.index('<section id="draft-state"') :]
    assert "aria-live" not in section[: section.index(">")]  # the region swapped every change isn't live itself
    assert 'role="timer" aria-live="off"' in section
    assert 'id="draft-announce" class="visually-hidden" aria-live="polite"' in html
    assert 'data-announce="Your pick!"' in html
