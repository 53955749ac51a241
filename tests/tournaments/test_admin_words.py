"""The admin's words in German and Chinese (issue 32): proper plurals, translated section names and site header,
labels that start with a capital letter."""

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

PROJECT_APPS = (
    "tournaments",
    "drafting",
    "api",
    "sealed",
    "sharedgame",
    "ratings",
    "signup",
    "judging",
    "cards",
    "eventfile",
    "webhooks",
    "venue",
)


@pytest.mark.parametrize(
    "model", [m for m in apps.get_models() if m._meta.app_label in PROJECT_APPS], ids=lambda m: m._meta.label
)
def test_every_model_names_its_plural_rather_than_getting_an_s_added(model):
    """Without verbose_name_plural Django adds an "s" to the translated singular: "Rundes", "Draft-Tischs"."""
    assert "verbose_name_plural" in model._meta.original_attrs


def _index(client, language):
    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw-for-tests"))
    return client.get(reverse("admin:index"), HTTP_ACCEPT_LANGUAGE=language).text


def test_the_german_admin_index_has_german_plurals_section_names_and_header(client):
    page = _index(client, "de")
    for plural in (
        "Draft-Tische",
        "Deckkontrollen",
        "Decklisten",
        "Runden",
        "Anmeldungen",
        "Poolkarten",
        "Gemeinsame Spiele",
        "Spielerwertungen",
        "Turniere",
        "Hydra — Teamturniere",
    ):
        assert plural in page
    for wrong in (
        "Draft-Tischs",
        "Deckkontrolles",
        "Decklistes",
        "Rundes",
        "Spielers",
        "Anmeldungs",
        "Poolkartes",
        "Gemeinsames Spiels",
        "Spielerwertungs",
        "team tournaments",
        "Shared-game life",
        "Event files",
    ):
        assert wrong not in page


def test_the_chinese_admin_index_has_chinese_section_names_and_header(client):
    page = _index(client, "zh-hans")
    assert "Hydra — 团队赛事" in page and "共享对局的生命与中毒" in page and "Tournaments" not in page


def test_admin_form_labels_start_with_a_capital_letter():
    from tournaments.admin import EventAdminForm

    with translation.override("en"):
        labels = [str(field.label) for field in EventAdminForm.base_fields.values() if field.label]
    assert labels and [label for label in labels if label[0].islower()] == []
