"""The settings the servers and workers of a benchmark run (benchmarks/servers.py): the benchmark's own, but
production's where it runs config.settings.bench, so production figures are measured on production's settings."""

import pytest

from benchmarks.servers import free_port, measured_settings_module


@pytest.mark.parametrize(
    ("own", "measured"),
    [
        ("config.settings.bench", "config.settings.production"),
        ("config.settings.production", "config.settings.production"),
        ("config.settings.dev", "config.settings.dev"),
        ("config.settings.test", "config.settings.test"),
    ],
)
def test_the_servers_run_the_benchmarks_settings_but_production_for_bench(monkeypatch, own, measured):
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", own)
    assert measured_settings_module() == measured


def test_without_settings_named_the_servers_run_development(monkeypatch):
    monkeypatch.delenv("DJANGO_SETTINGS_MODULE")
    assert measured_settings_module() == "config.settings.dev"


def test_a_free_port_is_a_port():
    assert 0 < free_port() < 65536
