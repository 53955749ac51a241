"""Every portal page in every language Hydra ships (settings.LANGUAGES), chosen by the browser or by the player.

A page's phrase is written out for English, German and Simplified Chinese; for the other languages it is read from
the language's catalog through gettext, and the test fails while the catalog lacks it (docs/translating.md)."""

from html import unescape

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.factories import RochesterEventFactory
from tests.portal.scene import login_client

# Every language Hydra ships, and those whose phrases below are written out (the others read their catalogs).
LANGUAGES = [code for code, _name in settings.LANGUAGES]
WRITTEN = ["en", "de", "zh-hans"]


def said(language: str, msgid: str, fmt: str = "{}", **params) -> str:
    """`msgid` as `language`'s catalog says it (its values filled in, put into `fmt`). Fails while the catalog lacks
    it: a shipped language must have every message."""
    with translation.override(language):
        text = translation.gettext(msgid)
    if language != settings.LANGUAGE_CODE:
        assert text != msgid, f"{language}: {msgid!r} is not translated"
    return fmt.format(text % params if params else text)


def shows(page: str, phrase: str) -> bool:
    """Whether the page holds the phrase, as written or HTML-escaped ({% translate %} escapes its text, a
    {% blocktranslate %} only its values)."""
    return phrase in page or phrase in unescape(page)


def expected_phrase(phrases: tuple, spec: tuple, language: str) -> str:
    """The phrase written out for `language` (en, de, zh-hans), else the catalog's (`spec`: fmt, msgid, values)."""
    if language in WRITTEN:
        return phrases[WRITTEN.index(language)]
    fmt, msgid, *values = spec
    return said(language, msgid, fmt, **(values[0] if values else {}))


# page -> (who is signed in, a string of that page in en, de, zh-hans, and where the other languages find it)
PAGES = {
    "events": (None, ("<h1>Events</h1>", "<h1>Turniere</h1>", "<h1>赛事</h1>"), ("<h1>{}</h1>", "Events")),
    "home": ("alice", ("My opponent", "Mein Gegner", "我的对手"), ("{}", "My opponent")),
    "match": (
        "alice",
        ("One tap per seat", "Ein Tipp pro Platz", "每个座位点一下"),
        ("{}", "One tap per seat, counted from our side: 2-1 means our player won two games and theirs one."),
    ),
    "event": ("alice", ("Current round", "Aktuelle Runde", "当前轮次"), ("{}", "Current round")),
    "pairings": (
        None,
        ("Round 1 by table", "Runde 1 nach Tisch", "第 1 轮（按桌号）"),
        ("{}", "Round %(n)s by table", {"n": 1}),
    ),
    "pairings_by_team": (
        None,
        ("Round 1 by team", "Runde 1 nach Team", "第 1 轮（按队伍）"),
        ("{}", "Round %(n)s by team", {"n": 1}),
    ),
    "standings": (
        None,
        ("How teams are ranked", "Wie die Teams platziert werden", "排名规则"),
        ("{}", "How teams are ranked"),
    ),
    "bracket": (
        None,
        (
            "The top cut starts after the Swiss rounds.",
            "Der Top Cut beginnt nach den Schweizer Runden.",
            "淘汰赛在瑞士轮结束后开始。",
        ),
        ("{}", "The top cut starts after the Swiss rounds."),
    ),
    "draft_tables": (
        None,
        ("been set up yet", "sind noch nicht eingerichtet", "轮抽桌尚未设置"),
        ("{}", "The draft tables haven't been set up yet."),
    ),
    "decklist": (
        "alice",
        ("Nothing submitted yet.", "Noch nichts eingereicht.", "尚未提交。"),
        ("{}", "Nothing submitted yet."),
    ),
    "login": (None, ("Forgot your password?", "Passwort vergessen?", "忘记密码？"), ("{}", "Forgot your password?")),
    "password_reset": (None, ("Send the link", "Link senden", "发送链接"), ("{}", "Send the link")),
    "password_reset_done": (
        None,
        ("Check your e-mail", "Sieh in deinen E-Mails nach", "请查收邮件"),
        ("{}", "Check your e-mail"),
    ),
}


def _url(page: str, scene) -> str:
    if page in ("home",):
        return "/"
    if page == "match":
        return reverse("portal:match", args=[scene.match.pk])
    if page in ("events", "login", "password_reset", "password_reset_done"):
        return reverse(page if page != "events" else "portal:events")
    event = scene.event
    if page == "decklist":
        return reverse("portal:decklist", args=[event.pk])
    if page == "draft_tables":
        event = RochesterEventFactory(top_cut=0)
    elif page == "bracket":
        event.top_cut = 4
        event.save()
    return reverse(f"portal:{page}", args=[event.pk])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", list(PAGES))
def test_page_renders_in_the_browsers_language(scene, client, page, language):
    who, phrases, spec = PAGES[page]
    if who:
        login_client(client, getattr(scene, who))
    response = client.get(_url(page, scene), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert f'<html lang="{language}">' in response.text
    assert shows(response.text, expected_phrase(phrases, spec, language))


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("pt-BR,pt;q=0.9", "pt-br"),
        ("pt", "pt-br"),
        ("es-MX,es;q=0.8", "es"),
        ("fr-CA", "fr"),
        ("it-IT", "it"),
        ("ja-JP,ja;q=0.9,en;q=0.5", "ja"),
        ("zh-CN", "zh-hans"),
        ("de-AT", "de"),
        ("ko-KR", "en"),
    ],
)
def test_accept_language_of_real_browsers_picks_the_shipped_language(db, client, header, language):
    response = client.get("/events/", HTTP_ACCEPT_LANGUAGE=header)
    assert f'<html lang="{language}">' in response.text
    assert response["Content-Language"] == language


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_page_language_chosen_by_the_player_wins_over_the_browser(scene, client, language):
    response = client.post(
        reverse("set_language"), {"language": language, "next": "/events/"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 302 and response["Location"] == "/events/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    page = client.get("/events/", HTTP_ACCEPT_LANGUAGE="en").text
    assert f'<html lang="{language}">' in page
    if language in WRITTEN:
        assert PAGES["events"][1][WRITTEN.index(language)] in page


def test_page_language_switcher_posts_to_setlang_with_every_language_named_in_itself(db, client):
    page = client.get("/events/").text
    assert f'action="{reverse("set_language")}" method="post"' in page
    for code, name in settings.LANGUAGES:
        assert f'<option value="{code}" lang="{code}"' in page
        assert f">{name}</option>" in page
    for name in ("Português (Brasil)", "Español", "Français", "Italiano", "日本語"):
        assert f">{name}</option>" in page


def test_service_refusals_are_translated(scene, client):
    scene.round.is_finished = True
    scene.round.save()
    data = {f"seat_{x}": "1-1" for x in "ABC"}
    response = login_client(client, scene.alice).post(
        reverse("portal:match_report", args=[scene.match.pk]), data, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "Runde 1 ist vorbei" in response.text


# The player pages of the other apps: live life and poison, the sealed pool, the live draft, signing up.
OTHER_PAGES = {
    "sharedgame": ("Undo my last change", "Meine letzte Änderung zurücknehmen", "撤销我的最后一次更改"),
    "sealed": ("Sort and filter", "Sortieren und filtern", "排序和筛选"),
    "draft": (
        "Tap a card to choose it, then tap again to pick it.",
        "Tippe auf eine Karte, um sie auszuwählen, und noch einmal, um sie zu picken.",
        "点一下牌以选中，再点一下即抓牌。",
    ),
    "signup": ("Create an account", "Konto erstellen", "创建账户"),
}
LEFT_IN_ENGLISH = {  # a phrase of each page that must not stay English in a language that says it otherwise
    "sharedgame": "Poison",
    "sealed": "Goes to",
    "draft": "The pack",
    "signup": "Your name",
}


def _other_page(page: str):
    """(user or None, url) of a page with data that makes its main strings show."""
    from tests.drafting.conftest import end_review, make_table
    from tests.factories import PoolCardFactory, SharedMatchFactory

    if page == "sharedgame":
        match = SharedMatchFactory()
        return match.team_a.seats.get(letter="A").player.user, reverse("sharedgame:match", args=[match.pk])
    if page == "sealed":
        card = PoolCardFactory()
        return card.pool.registration.seats.get(letter="A").player.user, reverse("sealed:pool", args=[card.pool.pk])
    if page == "draft":
        table = end_review(make_table(review=0))
        user = table.team1.seats.get(letter="B").player.user  # 1B picks first at a table where team 1 starts
        return user, reverse("drafting:table", args=[table.pk])
    return None, reverse("signup")


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", list(OTHER_PAGES))
def test_player_pages_of_the_other_apps_render_in_every_language(client, page, language):
    user, url = _other_page(page)
    if user is not None:
        client.force_login(user)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert f'<html lang="{language}">' in response.text
    assert shows(response.text, expected_phrase(OTHER_PAGES[page], ("{}", OTHER_PAGES[page][0]), language))
    with translation.override(language):
        own_word = translation.gettext(LEFT_IN_ENGLISH[page])
    if language != "en" and own_word != LEFT_IN_ENGLISH[page]:  # French says "Poison" too
        assert LEFT_IN_ENGLISH[page] not in response.text


# What players meet further on: a played game, the index pages, and the refusals (status, en, de, zh-hans, and an
# English phrase of the same message that must not be left in another language). FURTHER_MSGIDS: where the other
# languages find the phrase (a case without one checks only that the English phrase is gone).
FURTHER = {
    "shared_game_won": (200, "lost the game", "hat das Spiel verloren", "输掉了本局", "won game 1"),
    "shared_game_refused": (
        200,
        "Choose team A or team B.",
        "Wähle Team A oder Team B.",
        "请选择 A 队或 B 队。",
        "Choose team",
    ),
    "shared_game_not_a_number": (
        200,
        "Life must be a whole number.",
        "Lebenspunkte: Gib eine ganze Zahl an.",
        "生命 必须是整数。",
        'role="alert">life',
    ),
    "sealed_index": (200, "My sealed pools", "Meine Sealed-Pools", "我的现开卡池", "My sealed pools"),
    "sealed_places": (
        200,
        '<option value="A:main">A main deck</option>',
        '<option value="A:main">Hauptdeck von A</option>',
        '<option value="A:main">A 的主牌</option>',
        ">A main<",
    ),
    "sealed_refused": (
        400,
        "Pool Card 003 is not assigned",
        "Pool Card 003 ist nicht zugeordnet",
        "Pool Card 003 未分配",
        "is not assigned",
    ),
    "draft_index": (200, "My drafts", "Meine Drafts", "我的轮抽", "My drafts"),
    "draft_pool_hidden": (
        403,
        "You may not look through your picks during the draft.",
        "Während des Drafts darfst du deine Picks nicht ansehen.",
        "轮抽进行期间不能查看你抓的牌。",
        "look through your picks during",
    ),
}


FURTHER_MSGIDS = {
    "shared_game_won": ("{}", "lost the game"),
    "shared_game_refused": ("{}", "Choose team A or team B."),
    "sealed_index": ("{}", "My sealed pools"),
    "sealed_places": ('<option value="A:main">{}</option>', "%(seat)s main deck", {"seat": "A"}),
    "sealed_refused": (
        "{}",
        "%(card)s is not assigned; every card of the pool goes to a deck or sideboard.",
        {"card": "Pool Card 003"},
    ),
    "draft_index": ("{}", "My drafts"),
    "draft_pool_hidden": ("{}", "You may not look through your picks during the draft."),
}


def _further(client, case: str, language: str):
    """Sign in the player of a fresh scene for `case` and return the page it leads to, in `language`."""
    from sharedgame.services import life_change_apply
    from tests.drafting.conftest import make_table
    from tests.factories import PoolCardFactory, SealedPoolFactory, SharedMatchFactory

    if case.startswith("shared_game"):
        match = SharedMatchFactory()
        client.force_login(match.team_a.seats.get(letter="A").player.user)
        if case == "shared_game_won":
            life_change_apply(
                match=match, user=match.team_b.seats.get(letter="A").player.user, game=1, team="A", life=-30
            )  # Two-Headed Giant: 30 life, so team A loses game 1
            return client.get(reverse("sharedgame:match", args=[match.pk]), HTTP_ACCEPT_LANGUAGE=language)
        life = "-1" if case == "shared_game_refused" else "lots"
        return client.post(
            reverse("sharedgame:change", args=[match.pk]),
            {"team": "X", "life": life, "game": "1"},
            HTTP_HX_REQUEST="true",
            HTTP_ACCEPT_LANGUAGE=language,
        )
    if case.startswith("sealed"):
        pool = SealedPoolFactory()
        cards = [PoolCardFactory(pool=pool, position=k) for k in (1, 2, 3)]
        client.force_login(pool.registration.seats.get(letter="A").player.user)
        if case == "sealed_index":
            return client.get(reverse("sealed:index"), HTTP_ACCEPT_LANGUAGE=language)
        if case == "sealed_places":
            return client.get(reverse("sealed:pool", args=[pool.pk]), HTTP_ACCEPT_LANGUAGE=language)
        data = {"action": "register", "version": "0", f"c{cards[0].pk}": "A:main", f"c{cards[1].pk}": "A:side"}
        return client.post(reverse("sealed:pool", args=[pool.pk]), data, HTTP_ACCEPT_LANGUAGE=language)
    table = make_table()
    client.force_login(table.team1.seats.get(letter="A").player.user)
    if case == "draft_index":
        return client.get(reverse("drafting:index"), HTTP_ACCEPT_LANGUAGE=language)
    return client.get(reverse("drafting:pool", args=[table.pk]), HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", list(FURTHER))
def test_played_pages_and_refusals_of_the_other_apps_speak_the_players_language(client, case, language):
    status, *expected, english = FURTHER[case]
    response = _further(client, case, language)
    assert response.status_code == status
    if language in WRITTEN or case in FURTHER_MSGIDS:
        assert shows(response.text, expected_phrase(expected, FURTHER_MSGIDS.get(case), language))
    if language != "en":
        assert english not in response.text


@pytest.mark.parametrize("language", [translation.to_locale(code) for code in LANGUAGES if code != "en"])
def test_every_message_is_translated_and_compiled(language):
    """A new string without its translation in every shipped language fails here: run makemessages, translate,
    compile (docs/translating.md)."""
    import polib

    base = settings.BASE_DIR / "locale" / language / "LC_MESSAGES"
    po = polib.pofile(str(base / "django.po"))
    assert [e.msgid for e in po.untranslated_entries()] == []
    assert [e.msgid for e in po.fuzzy_entries()] == []
    compiled = {(e.msgctxt, e.msgid): e for e in polib.mofile(str(base / "django.mo"))}
    stale = [
        e.msgid
        for e in po.translated_entries()
        if compiled.get((e.msgctxt, e.msgid)) is None
        or (compiled[(e.msgctxt, e.msgid)].msgstr or compiled[(e.msgctxt, e.msgid)].msgstr_plural)
        != (e.msgstr or e.msgstr_plural)
    ]
    assert stale == [], "compilemessages is due"


@pytest.mark.slow
def test_every_string_in_the_code_is_in_the_catalogs_translated(tmp_path):
    """Extract the strings again from a copy of the code (makemessages): any string marked for translation that isn't
    translated in every shipped language's catalog fails here, even one nobody extracted yet."""
    import os
    import shutil
    import subprocess
    import sys

    import polib

    if shutil.which("xgettext") is None:
        pytest.skip("xgettext (GNU gettext) is not installed: makemessages can't run")
    root = settings.BASE_DIR
    tracked = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout: the files to copy are unknown")
    for name in tracked.stdout.splitlines():
        if name.startswith(("tests/", "docs/")) or not (root / name).is_file():
            continue
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, tmp_path / name)
    catalogs = [translation.to_locale(code) for code in LANGUAGES if code != "en"]
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "makemessages",
            *[f"-l{locale}" for locale in catalogs],
            "--add-location=file",
            "-i",
            "staticfiles/*",
            "-i",
            "var/*",
            "-i",
            ".venv/*",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    for language in catalogs:
        po = polib.pofile(str(tmp_path / "locale" / language / "LC_MESSAGES" / "django.po"))
        missing = [e.msgid for e in po if not e.obsolete and (not e.translated() or "fuzzy" in e.flags)]
        assert missing == [], f"{language}: run makemessages and translate these"


def test_no_template_puts_english_punctuation_after_a_translated_text():
    """A full stop or colon written after a translated text in a template ("赛事已结束." on the desk, "队伍:") is
    English punctuation in every language: it belongs inside the translated string, where Chinese writes 。 and ：."""
    import re

    after_translation = re.compile(
        r'(\{% translate "[^"]*" %\}|\{% endblocktranslate %\}|\{\{ step\.label \}\}</strong>)[.:;!?]'
    )
    found = []
    for folder in [settings.BASE_DIR / "templates", *settings.BASE_DIR.glob("*/templates")]:
        for path in folder.rglob("*.html"):
            if "templates/admin/" in path.as_posix():  # Django's own admin templates, translated by Django
                continue
            found += [
                f"{path.relative_to(settings.BASE_DIR)}: {m.group(0)}"
                for m in after_translation.finditer(path.read_text(encoding="utf-8"))
            ]
    assert found == []


def test_chinese_sentences_end_with_chinese_punctuation():
    """No Chinese translation ends a sentence or a label with an English full stop, colon, comma, question or
    exclamation mark after a Chinese character (赛事已结束。, not 赛事已结束.)."""
    import re

    import polib

    english_after_chinese = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef”’][.!?;:,](?=\s|$|[\u4e00-\u9fff])")
    po = polib.pofile(str(settings.BASE_DIR / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"))
    wrong = [
        e.msgid
        for e in po
        if not e.obsolete
        for text in [e.msgstr, *e.msgstr_plural.values()]
        if text and english_after_chinese.search(text)
    ]
    assert wrong == []


def test_place_on_a_placings_table_is_the_rank_in_every_language():
    """ "Place" has two senses: a placing (de Platz, zh 名次) and where a sealed card goes (Zuordnung, 去处). Every
    placings table asks for the placing sense; only the sealed pool's filter keeps the other."""
    from pathlib import Path

    from django.utils import translation
    from django.utils.translation import pgettext

    root = Path(settings.BASE_DIR)
    plain = sorted(
        str(path.relative_to(root))
        for folder in ("templates", "ratings", "series", "signup", "desk")
        for path in (root / folder).rglob("*.html")
        if '{% translate "Place" %}' in path.read_text()
    )
    assert plain == ["templates/sealed/pool.html"]
    placings = root / "templates/portal/standings.html"
    assert '{% translate "Place" context "placing" %}' in placings.read_text()
    for language, word in (("de", "Platz"), ("zh-hans", "名次")):
        with translation.override(language):
            assert pgettext("placing", "Place") == word


def test_every_shipped_language_has_its_catalog_with_its_plural_rule():
    """Each language of settings.LANGUAGES has a catalog whose Plural-Forms is the language's own (Japanese has one
    form, French counts 0 and 1 alike, the others 1 apart: Brazilian Portuguese says "0 pontos", issue 56)."""
    import polib

    rules = {
        "de": "nplurals=2; plural=(n != 1);",
        "es": "nplurals=2; plural=(n != 1);",
        "it": "nplurals=2; plural=(n != 1);",
        "fr": "nplurals=2; plural=(n > 1);",
        "pt_BR": "nplurals=2; plural=(n != 1);",
        "ja": "nplurals=1; plural=0;",
        "zh_Hans": "nplurals=1; plural=0;",
    }
    for code in LANGUAGES:
        if code == "en":
            continue
        locale = translation.to_locale(code)
        po = polib.pofile(str(settings.BASE_DIR / "locale" / locale / "LC_MESSAGES" / "django.po"))
        assert po.metadata["Plural-Forms"].replace(" ", "") == rules[locale].replace(" ", ""), locale


@pytest.mark.parametrize("language", ["fr"])
def test_french_counts_zero_as_one(language):
    """fr takes the singular for 0 and 1 (plural=(n > 1)), and ngettext is given the count itself."""
    from django.utils.translation import ngettext

    singular, plural = "Hydra: %(n)d new notification", "Hydra: %(n)d new notifications"
    with translation.override(language):
        forms = [ngettext(singular, plural, n) % {"n": n} for n in (0, 1, 2)]
        assert ngettext(singular, plural, 0) == ngettext(singular, plural, 1) != ngettext(singular, plural, 2)
    assert all(str(n) in form for n, form in zip((0, 1, 2), forms))
    assert singular % {"n": 1} not in forms  # translated, not the English words


def test_japanese_has_one_form_for_every_count():
    from django.utils.translation import ngettext

    with translation.override("ja"):
        forms = {ngettext("Hydra: %(n)d new notification", "Hydra: %(n)d new notifications", n) for n in (0, 1, 2, 7)}
    assert len(forms) == 1 and "Hydra" in forms.pop()


def test_brazilian_portuguese_says_zero_points_in_the_plural():
    """Issue 56: "0 ponto" read wrong; Brazilians say "0 pontos" (plural=(n != 1))."""
    from django.utils.translation import ngettext

    singular, plural = "Hydra: %(n)d new notification", "Hydra: %(n)d new notifications"
    with translation.override("pt-br"):
        assert ngettext(singular, plural, 0) == ngettext(singular, plural, 2) != ngettext(singular, plural, 1)
