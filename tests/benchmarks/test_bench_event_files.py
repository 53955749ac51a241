"""bench_event_files: a whole event file exported and imported again, the figures as JSON, nothing left behind."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_bench_event_files_prints_its_figures_as_json_last():
    out = StringIO()
    call_command("bench_event_files", "--teams", "8", "--rounds", "3", stdout=out)
    figures = json.loads(out.getvalue().strip().splitlines()[-1])
    assert figures["teams"] == 8 and figures["matches"] == 12
    assert figures["import_s"] > 0 and figures["export_s"] > 0
    assert not Event.objects.filter(name__contains="benchmark").exists()
