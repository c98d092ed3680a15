"""Benchmark: the translation workflow on a large content set.

Builds the database of the synthetic card set of bench/bench_cards.py (20,000 cards named in six
languages, plus our rulebooks), then times `cardbase translate init`, `export`, `import` (of a
content file where a tenth of the card names are translated) and `status` for Portuguese (a
language none of the synthetic names is in, so every card is to translate), each as a whole
process, with its peak memory.

    python bench/bench_translate.py [--cards 20000]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (precompile, ROOT, git_state, machine, markdown_table,  # noqa: E402
                     measure_child, venv_bin, write_json)


def fill_translations(path: Path, share: float = 0.1) -> int:
    """Translate a share of the card names of a content catalog (as a translator would)."""
    from babel.messages.pofile import read_po, write_po

    with path.open("rb") as handle:
        catalog = read_po(handle, locale="pt")
    names = [m for m in catalog if m.id and (m.context or "").endswith(":name")]
    chosen = names[:max(1, int(len(names) * share))]
    for message in chosen:
        message.string = f"{message.id} (pt)"
    with path.open("wb") as handle:
        write_po(handle, catalog)
    return len(chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=20000)
    args = parser.parse_args()
    precompile()
    from bench_cards import make_card_data

    cardbase = venv_bin("cardbase")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        data = make_card_data(tmp / "data", args.cards)
        db = tmp / "cards.db"
        built = measure_child([cardbase, "build", "-q", "--data", str(data), "--db", str(db)])
        if built["returncode"]:
            raise SystemExit(built["stderr"])
        locales = tmp / "locales"
        shutil.copytree(ROOT / "locales", locales)
        common = ["--locales", str(locales), "--db", str(db)]
        out = tmp / "po"

        def run(label: str, command: list[str]) -> None:
            result = measure_child([cardbase, "translate", *command, *common])
            if result["returncode"]:
                raise SystemExit(f"{label} failed:\n{result['stderr']}")
            rows.append({"step": label, "seconds": round(result["seconds"], 2),
                         "peak_mib": round(result["maxrss_mib"], 1)})

        run("init pt", ["init", "pt"])
        run("export pt", ["export", "pt", "--out", str(out)])
        translated = fill_translations(out / "pt-content.po")
        entries = sum(1 for line in (out / "pt-content.po").open(encoding="utf-8")
                      if line.startswith("msgctxt"))
        run(f"import pt ({translated} translations)", ["import", "pt", str(out / "pt-content.po")])
        run("status", ["status", "--json"])
        run("export pt again (nothing lost)", ["export", "pt"])
    data = {"machine": machine(), "code": git_state(), "cards": args.cards,
            "content_entries": entries, "steps": rows}
    write_json("translate.json", data)
    print(f"{args.cards} cards; {entries} content entries in the pt catalog")
    print(markdown_table(["step", "seconds", "peak MiB"],
                         [[r["step"], r["seconds"], r["peak_mib"]] for r in rows]))


if __name__ == "__main__":
    main()
