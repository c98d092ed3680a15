"""Shared fixtures: the real data folder, a database built from it once per session, a CLI runner."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite the golden snapshots from the current output")


@pytest.fixture(scope="session")
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


@pytest.fixture(scope="session")
def corpus():
    from cardbase.ingest import ingest

    return ingest(DATA)


@pytest.fixture(scope="session")
def built_db(tmp_path_factory) -> Path:
    from cardbase.ingest import build_database

    path = tmp_path_factory.mktemp("db") / "cardbase.db"
    build_database(DATA, path)
    return path


@pytest.fixture
def conn(built_db):
    from cardbase.storage.database import connect

    connection = connect(built_db)
    yield connection
    connection.close()


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A writable copy of the data folder, for tests that damage it."""
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
