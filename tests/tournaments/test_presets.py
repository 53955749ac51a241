"""The presets a new event starts from (tournaments/presets.py): the real-product ones of issue 40 as plain data."""

import pytest

from tournaments.enums import EnforcementLevel, FormatKind, Structure
from tournaments.presets import PRESETS, PRESETS_BY_KEY, preset_event_fields


def test_prerelease_preset_is_sealed_with_real_product_at_regular_rel_without_deck_registration():
    fields = preset_event_fields(
        preset=PRESETS_BY_KEY["prerelease"], expected=20, enforcement_level=EnforcementLevel.COMPETITIVE
    )
    assert (fields["team_size"], fields["structure"], fields["format_kind"]) == (
        1,
        Structure.SEAT_AGAINST_SEAT,
        FormatKind.TEAM_SEALED,
    )
    assert fields["real_product"] is True and fields["decklists_at_regular"] is False
    assert fields["enforcement_level"] == EnforcementLevel.REGULAR  # the preset's REL wins over the one asked
    assert fields["deck_building_minutes"] == 30 and fields["signup_open"] is True
    assert (fields["swiss_rounds"], fields["top_cut"]) == (5, 8)  # MTR Appendix E for 20 players


def test_sealed_with_real_product_is_competitive_and_so_registers_decks():
    fields = preset_event_fields(preset=PRESETS_BY_KEY["sealed_real_product"], expected=8)
    assert fields["real_product"] is True and fields["enforcement_level"] == EnforcementLevel.COMPETITIVE
    assert (fields["swiss_rounds"], fields["top_cut"]) == (3, 0)


@pytest.mark.parametrize("size", [2, 3])
def test_team_sealed_with_real_boxes_takes_teams_of_two_or_three_and_asks_every_members_deck(size):
    preset = PRESETS_BY_KEY["team_sealed_real_product"]
    fields = preset_event_fields(preset=preset, expected=6, team_size=size, enforcement_level=EnforcementLevel.REGULAR)
    assert fields["team_size"] == size and size in (preset.team_size, *preset.team_sizes)
    assert fields["real_product"] is True and fields["decklists_at_regular"] is True
    assert fields["enforcement_level"] == EnforcementLevel.REGULAR and fields["deck_building_minutes"] == 60
    assert "signup_open" not in fields


def test_only_limited_presets_fix_real_product():
    for preset in PRESETS:
        if preset.settings.get("real_product"):
            assert preset.is_limited, preset.key
