"""A TopDeck.gg pod event read into Hydra (issue 50): eventfile/topdeck.py, the importer, the API and
compare_standings. The fixture is in TopDeck's API shape (tests/eventfile/data/README.md says how it was made)."""

import copy
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from rest_framework.test import APIClient

from eventfile.importer import event_import
from eventfile.topdeck import is_topdeck_document, topdeck_to_event_file
from multiplayer.engine import POD_CONVENTIONS
from multiplayer.models import MultiplayerBye, MultiplayerTable
from multiplayer.selectors import multiplayer_final_places, multiplayer_standings
from tests.factories import OrganizerTokenFactory, UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db

FILE = Path(__file__).parent / "data" / "topdeck-synthetic-cedh-top10-2025-02-14.json"


def _document() -> dict:
    return json.loads(FILE.read_text())


def _by_name(event):
    return {row.registration.team.name: row.standing for row in multiplayer_standings(event=event)}


def test_a_topdeck_event_is_recognised_and_hydra_files_are_not():
    assert is_topdeck_document(_document())
    assert not is_topdeck_document({"format": "hydra-event", "version": 1, "rounds": []})
    assert not is_topdeck_document({"Tournament": {}, "Rounds": []})


def test_it_imports_as_a_pod_event_counted_as_topdeck_counted_on_its_date():
    event = event_import(document=_document(), user=UserFactory())
    assert event.is_multiplayer and event.team_size == 1
    january = POD_CONVENTIONS["topdeck_2025_01"]
    assert (event.pod_win_points, event.pod_draw_points, event.pod_bye_points) == (5, 1, 5)
    assert event.pod_tiebreak == january.tiebreak and event.pod_opponent_floor == 20 and event.pod_byes_at_floor
    assert event.registrations.count() == 18  # two players named Ava Moss stay two players
    assert MultiplayerTable.objects.filter(round__event=event, round__kind="swiss").count() == 16
    assert MultiplayerTable.objects.filter(round__event=event, round__kind="playoff").count() == 3
    # 2 + 2 + 1 byes from the "Byes" tables, 2 in round 4, and Quin Shaw's round 3, read from his published bye.
    assert MultiplayerBye.objects.filter(round__event=event).count() == 8
    assert MultiplayerBye.objects.filter(round__event=event, round__number=3, registration__team__name="Quin Shaw")
    warnings = " ".join(event.import_warnings)
    for said in ('"Draw"', "1 pod(s) have no winner", "Quin Shaw (round 3)", "'Ava Moss (td017)'", "Top 10"):
        assert said in warnings, (said, warnings)


def test_points_and_records_come_out_as_the_pods_give_them():
    standing = _by_name(event_import(document=_document(), user=UserFactory()))
    # Worked by hand from the fixture's tables: a win 5, a draw 1, a bye 5.
    assert (standing["Jo Reyes"].points, standing["Jo Reyes"].wins) == (10, 2)  # won rounds 1 and 2, lost 3 and 4
    assert (standing["Quin Shaw"].points, standing["Quin Shaw"].byes) == (10, 2)  # lost 1 and 2, byes in 3 and 4
    assert standing["Pia Holm"].points == 15  # a bye, two wins, a loss
    assert (standing["Hana Sato"].points, standing["Hana Sato"].draws) == (6, 1)  # the draw of round 2, a win
    # Round 4's unreported pod counts for nobody: Ben Kerr played three reported pods, a bye in round 1 excepted.
    assert standing["Ben Kerr"].games == 3
    # A bye counts as three opponents at the 20% floor in the opponents' average.
    quin = standing["Quin Shaw"]
    assert sum(1 for opponent, share in quin.opponent_parts if opponent is None and share * 5 == 1) == 6


def test_the_top_10_playoff_orders_the_top_of_the_final_places():
    event = event_import(document=_document(), user=UserFactory())
    places = [r.team.name for r in multiplayer_final_places(event=event)]
    assert places[0] == "Dev Rao"  # won the final pod
    assert set(places[1:4]) == {"Ava Moss", "Ben Kerr", "Gus Ortiz"}  # the rest of the final pod
    assert set(places[4:10]) == {"Cleo Hart", "Jo Reyes", "Fay Lund", "Ivo Brandt", "Eli Park", "Hana Sato"}
    swiss = [row.registration.team.name for row in multiplayer_standings(event=event)]
    assert places[1:4] == [n for n in swiss if n in places[1:4]]  # by their Swiss places
    assert places[10:] == [n for n in swiss if n not in places[:10]]


def test_a_winner_not_at_the_table_is_refused_naming_the_place_and_nothing_is_written():
    document = _document()
    document["rounds"][0]["tables"][0]["winner"] = "Nobody Here"
    document["rounds"][0]["tables"][0].pop("winner_id", None)
    before = Event.objects.count()
    with pytest.raises(ValidationError) as refused:
        event_import(document=document, user=UserFactory())
    assert "rounds[0].tables[0].winner" in refused.value.message_dict
    assert Event.objects.count() == before


def test_the_api_imports_a_topdeck_event_with_its_warnings_and_refuses_a_broken_one():
    token = OrganizerTokenFactory()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.raw}")
    answer = api.post("/api/v1/events/import", _document(), format="json")
    assert answer.status_code == 201, answer.content[:500]
    assert any("Quin Shaw" in w for w in answer.json()["warnings"])
    broken = _document()
    broken["rounds"][1]["tables"][1]["players"].append(broken["rounds"][1]["tables"][1]["players"][0])
    answer = api.post("/api/v1/events/import", broken, format="json")
    assert answer.status_code == 400 and "rounds[1].tables[1].players" in answer.json()["errors"]


def test_compare_standings_names_the_convention_that_reproduces_a_published_order(tmp_path):
    """The published standings here are the order TopDeck's late-2025 form gives (opponents' win rate) while the
    event's date says January 2025 (opponents' points): each difference is explained by the late form."""
    document = _document()
    event = event_import(document=copy.deepcopy(document), user=UserFactory())
    late = POD_CONVENTIONS["topdeck_2025_late"]
    standing = {row.registration.pk: row.standing for row in multiplayer_standings(event=event, convention=late)}
    order = multiplayer_final_places(event=event, convention=late)
    january = [r.pk for r in multiplayer_final_places(event=event)]
    assert [r.pk for r in order] != january  # the two forms order this event differently
    hydra_name = {}  # TopDeck's (name, id) as the import named the player
    for row in document["standings"]:
        taken = row["name"] in {name for name, _id in hydra_name.values()}
        hydra_name[f"{row['name']} ({row['id']})" if taken else row["name"]] = (row["name"], row["id"])
    document["standings"] = [
        {
            "name": hydra_name[r.team.name][0],
            "id": hydra_name[r.team.name][1],
            "winsSwiss": standing[r.pk].wins,
            "draws": standing[r.pk].draws,
            "lossesSwiss": standing[r.pk].games - standing[r.pk].wins - standing[r.pk].draws,
            "byes": standing[r.pk].byes,
        }
        for r in order
    ]
    path = tmp_path / "published.json"
    path.write_text(json.dumps(document))
    out = StringIO()
    call_command("compare_standings", str(path), "--event", str(event.pk), stdout=out)
    report = json.loads(out.getvalue().strip().splitlines()[-1])
    assert report["convention"] == "topdeck_2025_01" and report["players"] == 18
    assert report["equal_rows"]["topdeck_2025_late"] == 18
    ranks = [d for d in report["differences"] if d["field"] == "rank"]
    assert ranks and all("topdeck_2025_late" in d["explained_by"] for d in ranks)
    assert all("topdeck_2025_01" not in d["explained_by"] for d in ranks)
    # Without --event the file is imported in a transaction that is rolled back: the same report, nothing kept.
    events = Event.objects.count()
    out = StringIO()
    call_command("compare_standings", str(path), stdout=out)
    assert json.loads(out.getvalue().strip().splitlines()[-1])["differences"] == report["differences"]
    assert Event.objects.count() == events


def test_the_converted_file_is_hydras_own_format():
    converted = topdeck_to_event_file(_document())
    assert converted["format"] == "hydra-event" and converted["event"]["structure"] == "multiplayer_pods"
    assert converted["log"][0]["data"] == {
        "source": "TopDeck.gg",
        "tid": "hydra-synthetic-cedh-2025-02",
        "convention": "topdeck_2025_01",
    }
