"""Reads of the cards app against the bundled catalogue."""

from cards.selectors import card_find, card_name_index, card_rules_for_names, team_decklists_check


def test_card_find_by_any_name(names):
    assert card_find(name="blitzschlag").name == "Lightning Bolt"
    assert card_find(name="Delver of Secrets").name == "Delver of Secrets // Insectile Aberration"
    assert card_find(name="Fire") is None
    assert card_find(name="No Such Card") is None


def test_card_name_index_is_cached_until_the_catalogue_changes(names, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert card_name_index() is names


def test_card_rules_for_names_real_data(names):
    rules = card_rules_for_names(names=["Seven Dwarves", "Island", "Relentless Rats", "Nope"])
    assert sorted(rules) == ["Island", "Relentless Rats", "Seven Dwarves"]
    assert rules["Seven Dwarves"].deck_limit == 7
    assert rules["Island"].is_basic is True


def test_team_decklists_check_reports_parse_errors_and_problems_together(names):
    check = team_decklists_check(
        decklists=[
            ("Seat A", "4 Lightning Bolt\n56 Mountain\n"),
            ("Seat B", "1 Lightnig Bolt\n2 Blitzschlag\n58 Mountain"),
        ],
        rule="four-copies",
        formats="modern",
        extra_banned=["Nicht Ein Karte"],
    )
    assert check.legal is False
    assert [e.code for e in check.parse_errors["Seat B"]] == ["unknown-card"]
    assert [p.code for p in check.problems] == ["unknown-banned-card", "team-too-many-copies"]
    assert check.problems[1].counts == (4, 2)
