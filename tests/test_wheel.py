"""The wheel is the product: built, installed into a fresh virtualenv and used from another folder.

The new environment borrows the test environment's dependencies (a ``.pth`` file naming its
site-packages) so that nothing is downloaded, and gets cardbase itself only from the wheel. It
runs with its own HOME and cache, in a folder that is not the checkout, in several languages.
"""

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out),
                    str(ROOT)], check=True)
    return next(out.glob("cardbase-*.whl"))


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> dict:
    home = tmp_path_factory.mktemp("home")
    env_dir = home / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    purelib = Path(subprocess.run(
        [str(env_dir / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True).stdout.strip())
    (purelib / "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n",
                                                       encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"),
                    "install", "--no-deps", "--quiet", str(wheel)], check=True)
    work = home / "work"
    work.mkdir()
    environ = {"PATH": f"{env_dir / 'bin'}:/usr/bin:/bin", "HOME": str(home),
               "XDG_CACHE_HOME": str(home / "cache"), "LANG": "C.UTF-8"}
    return {"bin": env_dir / "bin", "work": work, "env": environ, "purelib": purelib}


def _run(installed, *args, lang: str | None = None, check=True) -> subprocess.CompletedProcess:
    env = dict(installed["env"])
    if lang:
        env["LANG"] = f"{lang}.UTF-8"
    result = subprocess.run([str(installed["bin"] / "cardbase"), *args], cwd=installed["work"],
                            env=env, capture_output=True, text=True)
    if check:
        assert result.returncode == 0, result.stderr
    return result


def test_the_wheel_carries_catalogs_templates_site_pages_and_mkdocs_config(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in ("es", "de", "ja", "vi"):
        assert f"cardbase/_shipped/locales/{lang}/LC_MESSAGES/cardbase.po" in names
    assert "cardbase/_shipped/locales/cardbase.pot" in names
    assert "cardbase/_shipped/mkdocs.yml" in names
    assert "cardbase/_shipped/site/overrides/partials/alternate.html" in names
    assert "cardbase/_shipped/site/en/index.md" in names
    assert "cardbase/site/templates/card.md.j2" in names
    assert not any(name.endswith(".mo") or "/tests/" in name for name in names)


def test_the_installed_wheel_builds_answers_and_speaks_five_languages(installed):
    work = installed["work"]
    _run(installed, "build", "--data", str(ROOT / "data"), "-q")
    assert (work / "cardbase.db").is_file()
    assert "Huir" in _run(installed, "rule", "huir").stdout
    headers = {lang: _run(installed, "rulebooks", lang=lang).stdout.splitlines()[0]
               for lang in ("en_US", "es_ES", "de_DE", "ja_JP", "vi_VN")}
    assert headers["en_US"].split()[:2] == ["id", "game"]
    assert len(set(headers.values())) == 5, headers
    status = _run(installed, "translate", "status", "--json")
    assert '"lang": "ja"' in status.stdout


def test_the_installed_wheel_builds_the_site_from_another_folder(installed):
    _run(installed, "build", "--data", str(ROOT / "data"), "-q")
    _run(installed, "site", "build", "--out", "site-out", "-q")
    out = installed["work"] / "site-out"
    for lang in ("en", "es", "de", "ja", "vi"):
        assert (out / lang / "index.html").is_file()
        assert (out / lang / "search" / "search_index.json").is_file()
    assert (out / "en" / "assets" / "cardbase.css").is_file()
    assert [p.name for p in installed["work"].iterdir() if p.name.startswith(".")] == []


def test_translators_catalogs_go_to_a_project_folder_never_into_the_package(installed, tmp_path):
    _run(installed, "build", "--data", str(ROOT / "data"), "-q")
    refused = _run(installed, "translate", "init", "fr", check=False)
    assert refused.returncode != 0 and "--locales" in refused.stderr
    assert "Traceback" not in refused.stderr
    _run(installed, "translate", "init", "fr", "--locales", str(tmp_path / "mine"))
    assert (tmp_path / "mine" / "fr" / "LC_MESSAGES" / "content.po").is_file()
    shipped = installed["purelib"] / "cardbase" / "_shipped" / "locales"
    assert not (shipped / "fr").exists()
