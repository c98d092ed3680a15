"""The interface template ``cardbase.pot`` refreshed from the code, and the catalogs with it.

``pybabel extract`` rewrites the whole template (new creation date, locations, another order), so
one changed string made hundreds of lines of diff. Here the messages are extracted with the
project's ``babel.cfg`` (the same rules when cardbase is installed: they are built in), the
existing template is kept and only its messages change: sorted, without locations, at the width
it has always had, its creation date moved only when a message came or went. Asked to, every
language's interface catalog is then updated as ``pybabel update`` would (translations kept, a
changed message matched to its old translation and marked fuzzy with its previous source, a
removed one kept as obsolete). Every file goes where ``cardbase.paths`` says catalogs are written,
never into the installed package.
"""

from __future__ import annotations

import io
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from ..errors import CardbaseError
from ..paths import PACKAGE, Locales, as_locales
from .catalogs import INTERFACE, merge_interface, new_catalog, read
from .pofile import TEMPLATE_WIDTH, write

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "gettext": None}
#: What babel.cfg says, relative to the package itself, for an installed cardbase that has no
#: babel.cfg beside it (only the package is then searched, not all of site-packages)
PACKAGE_MAPPING = """[cardbase.translate.pyextract.extract: **.py]
[jinja2: site/templates/**.j2]
extensions = jinja2.ext.i18n
"""


def _mapping(root: Path) -> tuple[Path, tuple]:
    """The folder to search and its mapping: the project's babel.cfg, else the package's own."""
    from babel.messages.frontend import parse_mapping_cfg

    config = root / "babel.cfg"
    if config.is_file():
        return root, parse_mapping_cfg(io.StringIO(config.read_text(encoding="utf-8")))
    return root / "cardbase", parse_mapping_cfg(io.StringIO(PACKAGE_MAPPING))


def _flags(message) -> set[str]:
    text = message if isinstance(message, str) else message[0]
    return {"python-brace-format"} if "{" in text else set()


def extract_messages(root: Path | None = None) -> list:
    """Every message of the code under ``root`` (the folder holding the ``cardbase`` package),
    each once, in the order first found."""
    from babel.messages.extract import extract_from_dir

    root = Path(root) if root is not None else Path(PACKAGE).parent
    folder, (method_map, options_map) = _mapping(root)
    found: dict = {}
    for _filename, _line, message, _comments, _context in extract_from_dir(
            str(folder), method_map, options_map, keywords=KEYWORDS):
        found.setdefault(message, None)
    return list(found)


def refresh_template(existing: Catalog | None, messages: list) -> tuple[Catalog, list, list]:
    """``existing`` with exactly ``messages``: the template, and the messages added and removed."""
    template = existing if existing is not None else new_catalog(None, INTERFACE)
    key = {(m if isinstance(m, str) else m[0]): m for m in messages}
    have = {(m.id if isinstance(m.id, str) else m.id[0]): m for m in template if m.id}
    added = [key[k] for k in key if k not in have or have[k].id != key[k]]
    removed = [have[k].id for k in have if k not in key or have[k].id != key[k]]
    for message_id in removed:
        del template[message_id]
    for message in added:
        template[message] = Message(message, flags=_flags(message))
    if added or removed:
        template.creation_date = datetime.now(timezone.utc).replace(second=0, microsecond=0)
    return template, added, removed


def extract(locales: Locales | Path, *, update: bool = False, root: Path | None = None) -> dict:
    """Refresh ``cardbase.pot`` from the code; with ``update``, every language's interface
    catalog too. Returns what was written and how many messages came and went."""
    locales = as_locales(locales)
    if locales.writable is None:
        locales.target("en", INTERFACE)  # raises the one clear error about where to write
    source = locales.template()
    existing = None
    if source is not None:
        from babel.messages.pofile import read_po

        try:
            with source.open("rb") as handle:
                existing = read_po(handle)
        except Exception as exc:  # noqa: BLE001 - Babel raises many kinds for a broken file
            raise CardbaseError(str(exc), path=str(source), stage="translate") from None
    template, added, removed = refresh_template(existing, extract_messages(root))
    target = locales.writable / "cardbase.pot"
    write(target, template, TEMPLATE_WIDTH)
    written = [target]
    updated = []
    if update:
        for lang in locales.languages():
            path = locales.catalog(lang, INTERFACE)
            if path is None:
                continue
            catalog = merge_interface(read(path, lang), template, lang)
            out = locales.target(lang, INTERFACE)
            write(out, catalog)
            written.append(out)
            updated.append(lang)
    return {"written": [str(p) for p in written], "added": len(added), "removed": len(removed),
            "updated": updated}
