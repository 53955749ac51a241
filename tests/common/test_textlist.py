"""Lists of names in a sentence, per language: ", " and the language's "and"; 、 in Chinese and Japanese."""

import pytest
from django.utils import translation

from common.textlist import list_separator, text_list
from tournaments.logtext import LogText, log_text_render
from django.utils.translation import gettext_lazy


@pytest.mark.parametrize(
    ("language", "listed", "bare"),
    [
        ("en", "A, B and C", "A, B, C"),
        ("de", "A, B und C", "A, B, C"),
        ("fr", "A, B et C", "A, B, C"),
        ("es", "A, B y C", "A, B, C"),
        ("it", "A, B e C", "A, B, C"),
        ("pt-br", "A, B e C", "A, B, C"),
        ("ja", "A、B と C", "A、B、C"),
        ("zh-hans", "A、B 和 C", "A、B、C"),
    ],
)
def test_text_list_joins_names_in_the_readers_language(language, listed, bare):
    with translation.override(language):
        assert text_list(["A", "B", "C"]) == listed
        assert text_list(["A", "B", "C"], conjunction=False) == bare
        assert text_list(["A"]) == "A"
        assert text_list([]) == ""


def test_list_separator_of_a_given_language_whatever_the_active_one():
    with translation.override("fr"):
        assert list_separator("ja") == "、" and list_separator("zh-hans") == "、" and list_separator() == ", "


def test_a_logged_list_is_joined_in_the_language_it_is_read_in():
    """The event log keeps the names as a list, so each reader gets their own language's separator."""
    stored = LogText(gettext_lazy("Pod %(pod)d: a draw among %(names)s."), {"pod": 1, "names": ["Ann", "Bo"]}).as_json()
    with translation.override("en"):
        assert log_text_render(stored) == "Pod 1: a draw among Ann, Bo."
    with translation.override("ja"):
        assert "Ann、Bo" in log_text_render(stored)
