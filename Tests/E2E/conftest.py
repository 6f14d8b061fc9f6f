"""Shared fixtures for Plume's end-to-end tests: they drive the real `plume` binary."""
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def pytest_configure(config):
    config.addinivalue_line("markers", "alone: a test that loads the machine or bounds a wait; `make test` runs these "
                            "after the others, one at a time, not beside them")


@pytest.fixture(scope="session", autouse=True)
def no_faketime_leftovers():
    """A faketime wrapper killed by an earlier run left files that a new wrapper with its pid
    would trip on (faked_clock.py); they go before the run starts."""
    from faked_clock import clear_leftovers
    clear_leftovers()


@pytest.fixture(scope="session")
def plume_bin():
    path = pathlib.Path(os.environ.get("PLUME_BIN", ROOT / ".build" / "debug" / "plume"))
    if not path.exists():
        pytest.fail(f"{path} is missing: run `swift build` first (make test does)")
    return str(path)


@pytest.fixture
def plume(plume_bin):
    """Runs plume with arguments and optional stdin; returns the CompletedProcess."""

    def run(*args, stdin=None, timeout=30):
        return subprocess.run([plume_bin, *args], input=stdin, capture_output=True, timeout=timeout)

    return run


@pytest.fixture
def game(plume_bin, tmp_path):
    """Starts the real game in a pty with its data in tmp_path/data; `command` runs it under
    another program (faketime, strace) as [program, ..., plume]. Every game is closed at the end."""
    from pty_game import Game
    started = []

    def start(command=None, **options):
        command = command or [plume_bin]
        g = Game(command[0], tmp_path / "data", args=command[1:], **options)
        started.append(g)
        return g

    yield start
    for g in started:
        g.close()


@pytest.fixture(scope="session")
def postgres_cluster():
    """One real PostgreSQL for the session (started on first use, stopped at the end)."""
    from postgres_cluster import PostgresCluster
    cluster = PostgresCluster()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, tmp_path):
    """A new, empty database for the server: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "scores.sqlite")
    return request.getfixturevalue("postgres_cluster").new_database()
