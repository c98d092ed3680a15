"""The README is the truth: CI runs its two commands as written."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^    (python3 -m venv .*)$", text, flags=re.M)


def test_the_readme_gives_the_main_job_then_the_tests():
    main_job, tests = _readme_commands()
    assert "cardbase build" in main_job and "cardbase site build" in main_job
    assert "pytest" in tests


def test_ci_runs_exactly_the_readmes_commands():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    extraction = re.search(r"sed -n '([^']+)' README\.md", script)
    assert extraction, "CI must take its commands from README.md"
    found = subprocess.run(["sed", "-n", extraction.group(1), str(ROOT / "README.md")],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert found == _readme_commands()
    assert 'bash -euo pipefail -c "$main_job"' in script
    assert 'bash -euo pipefail -c "$tests"' in script
