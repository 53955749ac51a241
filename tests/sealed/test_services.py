"""sealed.services: the same product for every team, registration checked and locked (RULES.md 7)."""

import pytest
from django.core.exceptions import ValidationError

from sealed import rules
from sealed.models import PoolAction, PoolCard, SealedPool
from sealed.rules import MAIN, SIDE, Assignment
from sealed.services import (
    NotYourPool,
    PoolRefused,
    sealed_pool_enter,
    sealed_pool_log_entries,
    sealed_pool_register,
    sealed_pool_register_lists,
    sealed_pool_save,
    sealed_pool_unlock,
    sealed_pools_open,
    sealed_settings_set,
)
from tests.factories import (
    PoolCardFactory,
    RegistrationFactory,
    RoundFactory,
    SealedEventFactory,
    SealedPoolFactory,
    SealedSettingsFactory,
    UserFactory,
)
from tournaments.enums import FormatKind, Structure

pytestmark = pytest.mark.django_db


def member(pool: SealedPool, letter: str = "A"):
    return pool.registration.seats.get(letter=letter).player.user


def pool_with_cards(n: int = 130, **kwargs) -> SealedPool:
    pool = SealedPoolFactory(**kwargs)
    PoolCard.objects.bulk_create([PoolCardFactory.build(pool=pool, position=k) for k in range(1, n + 1)])
    return pool


def legal(pool: SealedPool, *, seats: str | None = None, main: int = 40) -> list[Assignment]:
    """`main` cards to each seat's main deck, the rest to the first seat's sideboard."""
    seats = seats or pool.event.seat_letters
    out = []
    for index, card in enumerate(pool.cards.order_by("position")):
        if index // main < len(seats):
            out.append(Assignment(card.pk, seats[index // main], MAIN))
        else:
            out.append(Assignment(card.pk, seats[0], SIDE))
    return out


def move(assignments: list[Assignment], card_id: int, seat: str, zone: str) -> list[Assignment]:
    return [Assignment(a.card_id, seat, zone) if a.card_id == card_id else a for a in assignments]


def test_sealed_pools_open_gives_every_team_the_same_product():
    settings_ = SealedSettingsFactory(set_code="DOM")
    for _ in range(3):
        RegistrationFactory(event=settings_.event)
    pools = sealed_pools_open(event=settings_.event)
    assert len(pools) == 3
    assert {(p.set_code, p.booster_count) for p in pools} == {("DOM", 12)}
    assert [p.cards.count() for p in pools] == [180, 180, 180]
    assert [sorted(set(p.cards.values_list("booster", flat=True))) for p in pools] == [list(range(12))] * 3
    # Sealed is opened per team: each team its own stored seed, so contents differ.
    assert len({p.seed for p in pools}) == 3
    contents = [tuple(p.cards.values_list("name", flat=True)) for p in pools]
    assert len(set(contents)) == 3


def test_sealed_pools_open_teams_of_two_and_two_headed_giant_get_eight_boosters():
    for event in (
        SealedEventFactory(team_size=2),
        SealedEventFactory(
            team_size=2,
            structure=Structure.TWO_HEADED_GIANT,
            format_kind=FormatKind.THG_SEALED,
            shared_life=30,
            shared_poison=15,
        ),
    ):
        SealedSettingsFactory(event=event, set_code="M19")
        RegistrationFactory(event=event)
        (pool,) = sealed_pools_open(event=event)
        assert pool.booster_count == 8
        assert pool.cards.count() == 8 * 15


def test_sealed_pools_open_organizer_sets_the_count():
    settings_ = SealedSettingsFactory(set_code="DOM", booster_count=6)
    RegistrationFactory(event=settings_.event)
    (pool,) = sealed_pools_open(event=settings_.event)
    assert pool.booster_count == 6
    assert pool.cards.count() == 90


def test_sealed_pools_open_identical_pools_share_one_seed():
    settings_ = SealedSettingsFactory(set_code="DOM", identical_pools=True, booster_count=3)
    RegistrationFactory(event=settings_.event)
    RegistrationFactory(event=settings_.event)
    first, second = sealed_pools_open(event=settings_.event)
    assert first.seed == second.seed != ""
    assert list(first.cards.values_list("name", "rarity")) == list(second.cards.values_list("name", "rarity"))


def test_sealed_pools_open_skips_teams_with_a_pool_and_dropped_teams():
    settings_ = SealedSettingsFactory(set_code="DOM", booster_count=1)
    RegistrationFactory(event=settings_.event)
    RegistrationFactory(event=settings_.event, dropped_round=0)
    assert len(sealed_pools_open(event=settings_.event)) == 1
    assert sealed_pools_open(event=settings_.event) == []


def test_sealed_pools_open_without_a_set_is_refused():
    settings_ = SealedSettingsFactory(set_code="")
    with pytest.raises(ValidationError, match="Choose the set"):
        sealed_pools_open(event=settings_.event)


def test_sealed_pool_enter_takes_card_details_from_the_set():
    registration = RegistrationFactory(event=SealedEventFactory())
    pool = sealed_pool_enter(
        registration=registration, text="2 Shivan Fire\nLlanowar Elves\n1 Not A Card", set_code="dom"
    )
    rows = list(pool.cards.values_list("position", "name", "colors", "types", "set_code"))
    assert rows[:3] == [
        (1, "Shivan Fire", "R", "Instant", "DOM"),
        (2, "Shivan Fire", "R", "Instant", "DOM"),
        (3, "Llanowar Elves", "G", "Creature", "DOM"),
    ]
    assert rows[3][1:3] == ("Not A Card", "")


def test_sealed_pool_register_legal_assignment_locks_the_pool():
    pool = pool_with_cards(130)
    user = member(pool)
    sealed_pool_register(pool=pool, user=user, assignments=legal(pool), version=0)
    pool.refresh_from_db()
    assert pool.is_registered
    assert pool.cards.filter(zone=MAIN).count() == 120
    assert list(sealed_pool_log_entries(pool=pool).values_list("action", flat=True)) == [
        f"pool_{PoolAction.REGISTERED}"
    ]


def test_sealed_pool_register_card_used_twice_is_refused_with_its_name():
    pool = pool_with_cards(130)
    assignments = legal(pool)
    card = pool.cards.get(position=12)
    with pytest.raises(PoolRefused) as refused:
        sealed_pool_register(pool=pool, user=member(pool), assignments=[*assignments, Assignment(card.pk, "C", SIDE)])
    assert [(p.code, p.card) for p in refused.value.problems] == [("used_twice", "Pool Card 012")]
    assert not SealedPool.objects.get(pk=pool.pk).is_registered
    assert not pool.cards.exclude(zone="").exists()  # nothing written


def test_sealed_pool_register_missing_card_is_refused_with_its_name():
    pool = pool_with_cards(130)
    missing = pool.cards.get(position=125).pk
    with pytest.raises(PoolRefused) as refused:
        sealed_pool_register(pool=pool, user=member(pool), assignments=[a for a in legal(pool) if a.card_id != missing])
    assert [(p.code, p.card) for p in refused.value.problems] == [("missing", "Pool Card 125")]


def test_sealed_pool_register_lists_card_of_another_team_is_refused_with_its_name():
    pool = pool_with_cards(120)
    other = SealedPoolFactory(registration=RegistrationFactory(event=pool.event))
    PoolCardFactory(pool=other, position=1, name="Shivan Dragon")
    lists = {
        (seat, MAIN): "\n".join(f"Pool Card {n:03d}" for n in range(i * 40 + 1, i * 40 + 41))
        for i, seat in enumerate("ABC")
    }
    lists[("A", SIDE)] = "Shivan Dragon"
    with pytest.raises(PoolRefused) as refused:
        sealed_pool_register_lists(pool=pool, user=member(pool), lists=lists)
    assert [(p.code, p.card) for p in refused.value.problems] == [("not_in_pool", "Shivan Dragon")]
    assert "Shivan Dragon is not in your pool." in refused.value.messages


def test_sealed_pool_register_lists_card_used_twice_and_missing_are_named():
    pool = pool_with_cards(121)
    lists = {
        (seat, MAIN): "\n".join(f"Pool Card {n:03d}" for n in range(i * 40 + 1, i * 40 + 41))
        for i, seat in enumerate("ABC")
    }
    lists[("B", SIDE)] = "Pool Card 007"
    with pytest.raises(PoolRefused) as refused:
        sealed_pool_register_lists(pool=pool, user=member(pool), lists=lists)
    assert [(p.code, p.card) for p in refused.value.problems] == [
        ("used_twice", "Pool Card 007"),
        ("missing", "Pool Card 121"),
    ]


def test_sealed_pool_register_lists_legal_lists_register():
    pool = pool_with_cards(120)
    lists = {
        (seat, MAIN): "\n".join(f"Pool Card {n:03d}" for n in range(i * 40 + 1, i * 40 + 41))
        for i, seat in enumerate("ABC")
    }
    sealed_pool_register_lists(pool=pool, user=member(pool), lists=lists)
    assert list(pool.cards.filter(position__in=[1, 41, 81]).values_list("seat", flat=True)) == ["A", "B", "C"]


def test_sealed_pool_register_card_row_of_another_team_must_not_leak_its_name():
    pool = pool_with_cards(120)
    other = SealedPoolFactory(registration=RegistrationFactory(event=pool.event))
    secret = PoolCardFactory(pool=other, position=1, name="Secret Bomb Rare")
    with pytest.raises(PoolRefused) as refused:
        sealed_pool_register(pool=pool, user=member(pool), assignments=[*legal(pool), Assignment(secret.pk, "A", SIDE)])
    assert [p.code for p in refused.value.problems] == ["other_team"]
    assert "Secret Bomb Rare" not in " ".join(refused.value.messages)
    assert f"#{secret.pk}" in refused.value.messages[0]


def test_sealed_pool_register_short_deck_names_the_seat():
    pool = pool_with_cards(130)
    with pytest.raises(PoolRefused) as refused:
        sealed_pool_register(pool=pool, user=member(pool), assignments=legal(pool, main=35))
    assert [(p.code, p.seat) for p in refused.value.problems] == [
        ("short_deck", "A"),
        ("short_deck", "B"),
        ("short_deck", "C"),
    ]
    sealed_pool_register(
        pool=pool,
        user=member(pool),
        assignments=legal(pool, main=35),
        basics={"A": {"Forest": 5}, "B": {"Island": 5}, "C": {"Swamp": 3, "Plains": 2}},
    )
    assert SealedPool.objects.get(pk=pool.pk).basics["C"] == {"Swamp": 3, "Plains": 2}


def test_sealed_pool_register_two_headed_giant_sideboard_is_shared():
    event = SealedEventFactory(
        team_size=2,
        structure=Structure.TWO_HEADED_GIANT,
        format_kind=FormatKind.THG_SEALED,
        shared_life=30,
        shared_poison=15,
    )
    pool = pool_with_cards(120, registration=RegistrationFactory(event=event))
    # The page may post a sideboard card under either member; it is stored as the team's.
    sealed_pool_register(pool=pool, user=member(pool, "B"), assignments=legal(pool, seats="AB"))
    assert set(pool.cards.filter(zone=SIDE).values_list("seat", flat=True)) == {rules.SHARED}
    assert pool.cards.filter(zone=SIDE).count() == 40


def test_sealed_pool_register_after_registration_no_card_moves_between_members():
    pool = pool_with_cards(130)
    user = member(pool)
    assignments = legal(pool)
    sealed_pool_register(pool=pool, user=user, assignments=assignments)
    moved = move(assignments, pool.cards.get(position=125).pk, "B", MAIN)
    with pytest.raises(PoolRefused, match=r"Pool Card 125: A side -> B main"):
        sealed_pool_register(pool=pool, user=user, assignments=moved)
    assert pool.cards.get(position=125).seat == "A"
    # Registering the same decks again is no change and is fine.
    sealed_pool_register(pool=pool, user=user, assignments=assignments)


def test_sealed_pool_register_between_rounds_change_where_the_event_allows_it():
    pool = pool_with_cards(130)
    sealed_settings_set(event=pool.event, allow_changes_between_rounds=True)
    user = member(pool)
    assignments = legal(pool)
    sealed_pool_register(pool=pool, user=user, assignments=assignments)
    moved = move(assignments, pool.cards.get(position=125).pk, "B", MAIN)
    round_1 = RoundFactory(event=pool.event, number=1)
    with pytest.raises(PoolRefused, match="Round 1 is being played"):
        sealed_pool_register(pool=pool, user=user, assignments=moved)
    round_1.is_finished = True
    round_1.save()
    sealed_pool_register(pool=pool, user=user, assignments=moved)
    assert pool.cards.get(position=125).seat == "B"
    log = sealed_pool_log_entries(pool=pool).last()
    assert (log.action, log.round_number, log.data["detail"]) == (
        "pool_changed",
        1,
        ["Pool Card 125: A side -> B main"],
    )
    assert (log.user, log.registration_id, log.after) == (
        user,
        pool.registration_id,
        {"moved": ["Pool Card 125: A side -> B main"]},
    )


def test_sealed_pool_save_keeps_work_in_progress_and_refuses_a_stale_page():
    pool = pool_with_cards(50)
    user = member(pool)
    sealed_pool_save(pool=pool, user=user, assignments=legal(pool)[:10], version=0)
    assert pool.cards.exclude(zone="").count() == 10
    with pytest.raises(ValidationError, match="A teammate changed this pool"):
        sealed_pool_save(pool=pool, user=member(pool, "B"), assignments=legal(pool)[:20], version=0)


def test_sealed_pool_register_user_of_another_team_is_refused():
    pool = pool_with_cards(10)
    stranger = RegistrationFactory(event=pool.event).seats.first().player.user
    with pytest.raises(NotYourPool):
        sealed_pool_register(pool=pool, user=stranger, assignments=legal(pool))
    with pytest.raises(NotYourPool):
        sealed_pool_save(pool=pool, user=UserFactory(), assignments=[])


def test_sealed_pool_unlock_lets_the_team_register_again():
    pool = pool_with_cards(130)
    user = member(pool)
    sealed_pool_register(pool=pool, user=user, assignments=legal(pool))
    with pytest.raises(NotYourPool):
        sealed_pool_unlock(pool=pool, by=user)
    sealed_pool_unlock(pool=pool, by=pool.event.organizer)
    assert not SealedPool.objects.get(pk=pool.pk).is_registered
    sealed_pool_save(pool=pool, user=user, assignments=[])
    assert not PoolCard.objects.filter(pool=pool).exclude(zone="").exists()
