"""LogText (tournaments/logtext.py): a sentence kept as its msgid and values and read in the reader's language."""

from django.utils import translation
from django.utils.translation import gettext_lazy, ngettext_lazy

from tournaments.logtext import LogText, log_text_render


def test_log_text_keeps_the_msgid_and_reads_in_each_language():
    text = LogText(gettext_lazy("%(team)s dropped after round %(n)d."), {"team": "Ants", "n": 2})
    assert text.as_json() == {"t": "%(team)s dropped after round %(n)d.", "p": {"team": "Ants", "n": 2}}
    with translation.override("de"):
        german = str(text)
        assert text.english() == "Ants dropped after round 2."
    assert german != "Ants dropped after round 2." and "Ants" in german and "2" in german


def test_log_text_plural_keeps_both_forms_and_picks_by_the_count():
    plural = ngettext_lazy(
        "%(n)d team has not checked in: %(teams)s.", "%(n)d teams have not checked in: %(teams)s.", "n"
    )
    one, two = LogText(plural, {"n": 1, "teams": "A"}), LogText(plural, {"n": 2, "teams": "A, B"})
    assert one.as_json()["pl"] == "%(n)d teams have not checked in: %(teams)s." and one.as_json()["n"] == "n"
    assert (str(one), str(two)) == ("1 team has not checked in: A.", "2 teams have not checked in: A, B.")


def test_log_text_values_that_are_words_or_lists_are_translated_when_read():
    text = LogText(gettext_lazy("Settings changed: %(fields)s."), {"fields": [gettext_lazy("Swiss rounds"), "x"]})
    assert str(text) == "Settings changed: Swiss rounds, x."
    with translation.override("de"):
        assert "Swiss rounds" not in str(text)


def test_log_text_render_falls_back_when_the_values_dont_fit():
    assert log_text_render({"t": "%(missing)s here", "p": {"other": 1}}, fallback="as written") == "as written"
    assert log_text_render("plain, as stored") == "plain, as stored"
    assert "Ants" in LogText(gettext_lazy("%(team)s was reinstated."), {"team": "Ants"})


def test_log_text_keeps_a_pgettext_context():
    text = LogText(
        gettext_lazy("Pushed to %(base)s (event %(id)s there, %(action)s)."),
        {"base": "https://b", "id": 3, "action": translation.pgettext_lazy("event file sync", "created")},
    )
    assert text.as_json()["p"]["action"] == {"t": "created", "c": "event file sync"}
    assert str(text) == "Pushed to https://b (event 3 there, created)."
