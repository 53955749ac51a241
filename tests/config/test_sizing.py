"""The server's sizes follow the machine's cores unless the environment says otherwise (issue 54, config/sizing.py)."""

import pytest

from config import sizing


@pytest.fixture
def machine(monkeypatch):
    for name in ("WEB_CONCURRENCY", "DATABASE_POOL_MAX", "HYDRA_WEB_SLOTS"):
        monkeypatch.delenv(name, raising=False)

    def cores(n):
        monkeypatch.setattr(sizing, "cores", lambda: n)

    return cores


@pytest.mark.parametrize(
    ("cores", "processes", "pool"),
    [(1, 3, 8), (2, 5, 8), (4, 9, 8), (8, 17, 4), (32, 65, 2)],
)
def test_processes_and_connections_from_the_cores(machine, cores, processes, pool):
    machine(cores)
    assert sizing.web_processes() == processes
    assert sizing.database_pool_max() == pool
    assert sizing.web_slots() == min(pool, 4)  # a request that runs has its connection
    # together the web processes stay within PostgreSQL's default max_connections, with room for the workers
    assert processes * pool <= sizing.CONNECTION_BUDGET or pool == 2


def test_the_environment_decides_when_it_says(machine, monkeypatch):
    machine(2)
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    monkeypatch.setenv("DATABASE_POOL_MAX", "12")
    assert (sizing.web_processes(), sizing.database_pool_max(), sizing.web_slots()) == (3, 12, 4)
    monkeypatch.setenv("DATABASE_POOL_MAX", "3")
    assert sizing.web_slots() == 3  # never more requests at once than connections
    monkeypatch.setenv("HYDRA_WEB_SLOTS", "6")
    assert sizing.web_slots() == 6
