"""The booster draft's page on a phone: a player's words (not a team's), one tap to choose and one to confirm,
and when the clock picks for a player their phone says so and which card; the same notice at a Rochester table."""

import pytest
from django.urls import reverse

from drafting.models import DraftCard, PodCard, PodTeam
from drafting.selectors.tables import draft_seat_players, draft_seat_to_pick
from drafting.services.picks import draft_timeout_apply
from drafting.services.pods import thg_timeout_apply
from tests.drafting.boosterpods import front, make_booster_pods, player
from tests.drafting.conftest import expire as expire_table
from tests.drafting.conftest import make_table
from tests.cards.conftest import _cards_committed  # noqa: F401 - the bundled card data, committed
from tests.drafting.pods import expire

pytestmark = pytest.mark.django_db


def test_booster_page_speaks_to_the_player_and_confirms_one_card(client):
    pod = make_booster_pods(players=3)[0]
    seat = PodTeam.objects.get(pod=pod, seat=0)
    client.force_login(player(seat))
    page = client.get(reverse("drafting:pod", args=[pod.pk])).content.decode()
    assert "Your pick!" in page and "Pack 1 of 3" in page and "The pack in front of you" in page
    assert "two cards" not in page
    ids = front(pod, seat)
    data = {"round": 0, "step": 0}
    chosen = client.post(
        reverse("drafting:pod_choose", args=[pod.pk]), {**data, "card": ids[5]}, HTTP_HX_REQUEST="true"
    )
    assert "Pick this card" in chosen.content.decode()
    client.post(reverse("drafting:pod_pick", args=[pod.pk]), {**data, "card": [ids[5]]}, HTTP_HX_REQUEST="true")
    assert list(PodCard.objects.filter(team=seat).values_list("pk", flat=True)) == [ids[5]]
    page = client.get(reverse("drafting:pod", args=[pod.pk])).content.decode()
    assert "Waiting for the other players." in page


def test_booster_phone_says_when_the_timer_picked_and_which_card(client):
    pod = make_booster_pods(players=2)[0]
    seat = PodTeam.objects.get(pod=pod, seat=0)
    oldest = PodCard.objects.get(pk=front(pod, seat)[0])
    expire(pod)
    assert thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=0)
    client.force_login(player(seat))
    page = client.get(reverse("drafting:pod", args=[pod.pk])).content.decode()
    assert f"Time ran out: the timer picked {oldest.name} for you." in page
    other = PodTeam.objects.get(pod=pod, seat=1)
    client.force_login(player(other))
    assert oldest.name not in client.get(reverse("drafting:pod", args=[pod.pk])).content.decode()


def test_booster_phone_says_nothing_of_the_timer_after_a_players_own_pick(client):
    pod = make_booster_pods(players=2)[0]
    seat = PodTeam.objects.get(pod=pod, seat=0)
    client.force_login(player(seat))
    client.post(
        reverse("drafting:pod_pick", args=[pod.pk]),
        {"round": 0, "step": 0, "card": [front(pod, seat)[1]]},
        HTTP_HX_REQUEST="true",
    )
    expire(pod)
    thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=0)
    assert "Time ran out" not in client.get(reverse("drafting:pod", args=[pod.pk])).content.decode()


def test_rochester_phone_says_when_the_timer_picked_and_which_card(client):
    table = make_table(team_size=2, review=0)
    seat = draft_seat_to_pick(table=table)
    oldest = DraftCard.objects.filter(table=table, pack_index=0).order_by("position").first()
    expire_table(table)
    assert draft_timeout_apply(table_id=table.pk, pack_index=0, pick_number=1)
    client.force_login(draft_seat_players(table=table)[seat].player.user)
    page = client.get(reverse("drafting:table", args=[table.pk])).content.decode()
    assert f"Time ran out: the timer picked {oldest.name} for you." in page


def _real_packs(pod, name):
    from drafting.services.pods import thg_pod_enter_packs, thg_pod_start

    size = pod.teams.count()
    thg_pod_enter_packs(pod_id=pod.pk, by=None, packs=[[name] * 3 for _ in range(3 * size)])
    thg_pod_start(pod_id=pod.pk, by=None)


def test_card_names_show_in_the_players_language_with_the_english_name_beside(client, _cards_committed):  # noqa: F811
    from cards.models import CardName

    german = CardName.objects.filter(card__name="Lightning Bolt", kind="printed", language="de").first()
    assert german is not None, "the bundled card data has Lightning Bolt's German name"
    pod = make_booster_pods(players=2, start=False)[0]
    _real_packs(pod, "Lightning Bolt")
    client.force_login(player(PodTeam.objects.get(pod=pod, seat=0)))
    page = client.get(reverse("drafting:pod", args=[pod.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f'{german.name} <span class="card-english" lang="en">(Lightning Bolt)</span>' in page
    english = client.get(reverse("drafting:pod", args=[pod.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert german.name not in english and ">Lightning Bolt</button>" in english


@pytest.mark.parametrize(("language", "printed"), [("ja", "稲妻"), ("fr", "Foudre"), ("pt-br", "Raio")])
def test_card_names_show_in_japanese_and_french_in_the_pack(client, _cards_committed, language, printed):  # noqa: F811
    """The pack a Japanese, French or Brazilian player drafts from names each card as printed in their language (the
    bundled card data's names), the English name beside it."""
    pod = make_booster_pods(players=2, start=False)[0]
    _real_packs(pod, "Lightning Bolt")
    client.force_login(player(PodTeam.objects.get(pod=pod, seat=0)))
    page = client.get(reverse("drafting:pod", args=[pod.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<html lang="{language}">' in page
    assert f'{printed} <span class="card-english" lang="en">(Lightning Bolt)</span>' in page


def test_organizer_seats_the_players_in_booster_pods_from_the_events_page(client):
    from drafting.models import Pod
    from tournaments.models import EventLogEntry
    from tests.factories import BoosterDraftEventFactory, SoloRegistrationFactory

    event = BoosterDraftEventFactory()
    for _ in range(10):
        SoloRegistrationFactory(event=event)
    client.force_login(event.organizer)
    url = reverse("drafting:booster_event", args=[event.pk])
    assert "Seat the players in pods" in client.get(url).content.decode()
    page = client.post(url, follow=True).content.decode()
    assert "10 players seated in 2 pods." in page
    assert [p.teams.count() for p in Pod.objects.filter(event=event).order_by("number")] == [5, 5]
    assert EventLogEntry.objects.filter(event=event, action="pods_seated", user=event.organizer).count() == 2
    again = client.post(url, follow=True).content.decode()
    assert "already has its pods" in again


def test_booster_pods_page_is_not_for_players(client):
    pod = make_booster_pods(players=2, start=False)[0]
    client.force_login(player(PodTeam.objects.get(pod=pod, seat=0)))
    assert client.get(reverse("drafting:booster_event", args=[pod.event_id])).status_code == 404
    assert client.post(reverse("drafting:booster_event", args=[pod.event_id])).status_code == 404


def _timed_out_notice(page: str) -> str:
    start = page.index('class="message timed-out"')
    return page[start : page.index("</p>", start)]


@pytest.mark.parametrize(("language", "printed"), [("ja", "稲妻"), ("fr", "Foudre")])
def test_booster_timer_notice_names_the_card_as_printed_in_the_readers_language(
    client,
    language,
    printed,
    _cards_committed,  # noqa: F811 (the fixture last, so the formatter keeps the noqa on it)
):
    """ "Time ran out: the timer picked X" names X as printed in the reader's language, the English name beside it."""
    pod = make_booster_pods(players=2, start=False)[0]
    _real_packs(pod, "Lightning Bolt")
    seat = PodTeam.objects.get(pod=pod, seat=0)
    expire(pod)
    assert thg_timeout_apply(pod_id=pod.pk, pack_round=0, step=0)
    client.force_login(player(seat))
    page = client.get(reverse("drafting:pod", args=[pod.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'{printed} <span class="card-english" lang="en">(Lightning Bolt)</span>' in _timed_out_notice(page)
    english = client.get(reverse("drafting:pod", args=[pod.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert _timed_out_notice(english).endswith("Time ran out: the timer picked Lightning Bolt for you.")


@pytest.mark.parametrize(("language", "printed"), [("ja", "稲妻"), ("fr", "Foudre")])
def test_rochester_latest_pick_and_timer_notice_name_the_card_as_printed(client, _cards_committed, language, printed):  # noqa: F811
    """The Rochester table's "latest pick" column and the timer's notice name the card as printed in the reader's
    language; a card the data has no printing of keeps its English name."""
    table = make_table(team_size=2, review=0)
    DraftCard.objects.filter(table=table, pack_index=0).update(name="Lightning Bolt")
    seat = draft_seat_to_pick(table=table)
    expire_table(table)
    assert draft_timeout_apply(table_id=table.pk, pack_index=0, pick_number=1)
    client.force_login(draft_seat_players(table=table)[seat].player.user)
    page = client.get(reverse("drafting:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    shown = f'{printed} <span class="card-english" lang="en">(Lightning Bolt)</span>'
    assert shown in _timed_out_notice(page)
    assert f"<td>{shown}</td>" in page  # the seat's latest pick
    english = client.get(reverse("drafting:table", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<td>Lightning Bolt</td>" in english and printed not in english


def test_late_pick_refusal_names_the_oldest_card_as_printed(_cards_committed):  # noqa: F811
    """A pick too late gets the oldest card, and the refusal names it in the reader's language."""
    from django.utils import translation

    from drafting.core import DraftRefused
    from drafting.services.picks import draft_pick

    table = make_table(team_size=2, review=0)
    DraftCard.objects.filter(table=table, pack_index=0).update(name="Lightning Bolt")
    seat = draft_seat_to_pick(table=table)
    card = DraftCard.objects.filter(table=table, pack_index=0).order_by("position").last()
    expire_table(table, ago=0.5)
    with translation.override("ja"), pytest.raises(DraftRefused) as refused:
        draft_pick(table_id=table.pk, seat=seat, card_id=card.pk, pack_index=0, pick_number=1)
    assert "稲妻 (Lightning Bolt)" in str(refused.value)
