"""Set codes of sealed events and entered pools are checked against the sets Hydra knows, with a suggestion;
pools open the imported data's own boosters (play boosters before draft boosters) where it has them."""

import pytest
from django.core.exceptions import ValidationError

from cards.services import cards_import_file
from sealed.services import sealed_pool_enter, sealed_pools_open, sealed_settings_set
from tests.cards.test_import_data import allprintings, write
from tests.factories import RegistrationFactory, SealedEventFactory, SealedSettingsFactory

pytestmark = pytest.mark.django_db


def test_sealed_settings_refuse_an_unknown_set_code_with_the_nearest():
    event = SealedEventFactory()
    with pytest.raises(ValidationError) as refused:
        sealed_settings_set(event=event, set_code="DOMM")
    assert refused.value.message_dict["set_code"] == [
        "DOMM? There is no set with that code. Did you mean DOM (Dominaria), PDOM (Dominaria Promos)?"
    ]
    with pytest.raises(ValidationError, match=r"Did you mean M20 \(Core Set 2020\)\?"):
        sealed_settings_set(event=event, set_code="M2O")
    with pytest.raises(ValidationError, match="no set with that code. The admin's list of sets"):
        sealed_settings_set(event=event, set_code="QQQQ")


def test_sealed_settings_store_a_known_code_as_the_data_writes_it():
    assert sealed_settings_set(event=SealedEventFactory(), set_code=" neo ").set_code == "NEO"


def test_sealed_pool_enter_refuses_an_unknown_set_code():
    registration = RegistrationFactory(event=SealedSettingsFactory(set_code="").event)
    with pytest.raises(ValidationError, match="Did you mean DOM"):
        sealed_pool_enter(registration=registration, text="1 Shivan Fire", set_code="Dominaria!")


def test_sealed_pools_open_the_imported_play_boosters(tmp_path):
    cards_import_file(path=write(tmp_path / "AllPrintings.json", allprintings()))
    settings_ = SealedSettingsFactory(set_code="TS1", booster_count=2)
    RegistrationFactory(event=settings_.event)
    [pool] = sealed_pools_open(event=settings_.event)
    # TS1's play booster is one card from a sheet holding only Hydra Zap.
    assert list(pool.cards.values_list("name", "set_code", "number")) == [("Hydra Zap", "TS1", "1")] * 2
