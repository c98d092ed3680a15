"""Where cardbase looks for things: flag, then environment, then project folder, then package."""

from pathlib import Path

import pytest

from cardbase import paths
from cardbase.errors import CardbaseError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "manifest.yaml").write_text("rulebooks: []\n", encoding="utf-8")
    for name in ("CARDBASE_DATA", "CARDBASE_DB", "CARDBASE_LOCALES", "CARDBASE_SITE_PAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_data_folder_comes_from_the_flag_then_the_environment_then_the_project(
        project, tmp_path_factory, monkeypatch):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    assert paths.data_dir() == project / "data"
    monkeypatch.setenv("CARDBASE_DATA", str(elsewhere))
    assert paths.data_dir() == elsewhere
    assert paths.data_dir(Path("given")) == project / "given"


def test_outside_a_project_the_data_folder_must_be_named(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDBASE_DATA", raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(CardbaseError, match="--data"):
        paths.data_dir()


def test_relative_paths_are_made_absolute_at_the_edge(project):
    assert paths.database(Path("x.db")) == project / "x.db"
    assert paths.site_output() == project / "public"
    assert paths.site_output(Path("out/site")).is_absolute()


def test_a_projects_catalog_overrides_the_packages_and_the_others_stay(project):
    own = project / "locales" / "de" / "LC_MESSAGES"
    own.mkdir(parents=True)
    (own / "cardbase.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    locales = paths.locales()
    assert locales.writable == project / "locales"
    assert locales.catalog("de", "cardbase") == own / "cardbase.po"
    shipped = paths.shipped_root() / "locales"
    assert locales.catalog("ja", "cardbase") == shipped / "ja" / "LC_MESSAGES" / "cardbase.po"
    assert {"de", "es", "ja", "vi"} <= set(locales.languages())


def test_the_flag_wins_over_the_environment_for_catalogs(project, tmp_path_factory, monkeypatch):
    env, flag = tmp_path_factory.mktemp("env"), tmp_path_factory.mktemp("flag")
    monkeypatch.setenv("CARDBASE_LOCALES", str(env))
    assert paths.locales(flag).writable == flag
    assert paths.locales().writable == env


def test_catalogs_are_never_written_into_the_package(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDBASE_LOCALES", raising=False)
    monkeypatch.chdir(tmp_path)
    locales = paths.locales()
    assert locales.writable is None
    with pytest.raises(CardbaseError, match="--locales"):
        locales.target("fr", "cardbase")
    assert locales.catalog("es", "cardbase") is not None  # reading still works


def test_site_pages_and_mkdocs_config_fall_back_to_the_package(tmp_path, monkeypatch):
    monkeypatch.delenv("CARDBASE_SITE_PAGES", raising=False)
    monkeypatch.chdir(tmp_path)
    assert paths.site_pages() == paths.shipped_root() / "site"
    assert (paths.site_pages() / "overrides" / "partials" / "alternate.html").is_file()
    assert paths.mkdocs_config().is_file()
