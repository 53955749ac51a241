"""The leaderboard and a player's rating plot as Chromium draws them: the nav link, the category's table best
first, the region filter, the click through to a player, the SVG plot with one point per event."""

import datetime as dt

import pytest

from ratings.services import ratings_recalculate
from tests.factories import PlayerFactory
from tests.ratings.conftest import A, B, played_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_leaderboard_and_player_plot(browsers):
    p = [
        PlayerFactory(name=name)
        for name in ("Ada Lovelace", "Ben Okri", "Cleo Park", "Dev Shah", "Eva Stone", "Finn Moss")
    ]
    played_event(
        teams=[p[0:2], p[2:4]],
        results=[[(0, 1, A)]],
        region="North",
        date=dt.date(2026, 1, 5),
        name="January Team Open",
    )
    played_event(
        teams=[p[0:2], p[4:6]],
        results=[[(0, 1, A)]],
        region="South",
        date=dt.date(2026, 2, 5),
        name="February Team Open",
        rating_importance="competitive",
    )
    played_event(
        teams=[p[0:2], p[2:4]], results=[[(0, 1, B)]], region="North", date=dt.date(2026, 3, 5), name="March Team Open"
    )
    ratings_recalculate()
    visitor = browsers()

    visitor.get("/")
    visitor.link("Ratings").click()
    visitor.wait_for_text("Team constructed, teams of 2", css="main")
    rows = visitor.rows("table.leaderboard tbody tr")
    assert [row[1] for row in rows[:2]] == ["Ada Lovelace", "Ben Okri"]
    assert [row[0] for row in rows] == ["1", "2", "3", "4", "5", "6"]
    visitor.screenshot("ratings-leaderboard", laptop=True)

    from selenium.webdriver.support.ui import Select

    Select(visitor.find("#region")).select_by_visible_text("South")
    visitor.button("Show").click()
    visitor.wait_for_text("4 rated players", css="main")
    assert sorted(row[1] for row in visitor.rows("table.leaderboard tbody tr")) == [
        "Ada Lovelace",
        "Ben Okri",
        "Eva Stone",
        "Finn Moss",
    ]

    visitor.link("Ada Lovelace").click()
    visitor.wait_for_text("January Team Open", css="main")
    assert visitor.find("svg.rating-svg title").get_attribute("textContent") == (
        "Rating history of Ada Lovelace: Team constructed, teams of 2"
    )
    points = visitor.driver.execute_script(
        "return Array.from(document.querySelectorAll('svg.rating-svg circle')).map(function (c) {"
        "  var box = c.getBoundingClientRect(); return [box.width > 0, c.getAttribute('cy')]; });"
    )
    assert len(points) == 4 and all(drawn for drawn, _ in points)  # the start and three events, all drawn
    ys = [float(y) for _, y in points]
    assert ys[1] < ys[0] and ys[2] < ys[1] and ys[3] > ys[2]  # up, up, down: SVG y grows downwards
    history = visitor.rows("table.rating-history tbody tr")
    assert [row[1] for row in history] == ["March Team Open", "February Team Open", "January Team Open"]
    visitor.screenshot("ratings-player", laptop=True)
