"""The models as the admin names them: every model has its own plural, translated (no "Rundenuhrs"). Check-in and
announcements were the desk's (issue 55)."""

import pytest
from django.apps import apps
from django.utils import translation


@pytest.mark.parametrize(("model", "german"), [("checkin", "Check-ins"), ("announcement", "Ansagen")])
def test_eventday_models_have_their_german_plural(model, german):
    meta = apps.get_model("tournaments", model)._meta
    assert "verbose_name_plural" in meta.original_attrs
    with translation.override("de"):
        assert str(meta.verbose_name_plural) == german


def test_every_model_of_ours_names_its_plural():
    ours = [m for m in apps.get_models() if not m.__module__.startswith(("django.", "axes.", "rest_framework."))]
    assert [m._meta.label for m in ours if "verbose_name_plural" not in m._meta.original_attrs] == []
