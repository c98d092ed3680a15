"""Building the languages of the site at the same time, one worker process per processor.

mkdocs keeps global state (its logging, its plugin events, the theme's Jinja environment) and is
not safe to run in threads, so each language is built in a process of its own. The workers are
started fresh ("spawn"), open the database read-only themselves, and receive what does not
depend on the language already computed (``shared.compute``), pickled. A language that fails
comes back as its error message, naming the page; the remaining languages are cancelled, the
running ones are waited for, and the caller keeps the previous site.
"""

from __future__ import annotations

import os
from typing import Callable

from ..errors import CardbaseError
from ..i18n import _


def database_file(conn) -> str | None:
    """The file of ``conn``'s main database, or ``None`` for one that lives in memory."""
    for _seq, name, path in conn.execute("PRAGMA database_list").fetchall():
        if name == "main":
            return path or None
    return None


def worker_count(jobs: int | None, languages: int) -> int:
    """How many languages to build at once: ``jobs``, else one per available processor; never
    more than there are languages."""
    if jobs is None:
        try:
            jobs = len(os.sched_getaffinity(0))
        except AttributeError:  # not on Linux
            jobs = os.cpu_count() or 1
    return max(1, min(jobs, languages))


def _message_languages() -> list[str] | None:
    """The languages this process's messages are in, for the workers to speak them too."""
    from .. import i18n

    current = i18n._translations()
    for (languages, _locales), translations in i18n._loaded.items():
        if translations is current:
            return list(languages)
    return None


def _die_with_parent(parent: int) -> None:
    """In a worker: end when the building process ends, even killed, so that nothing writes
    into its staging folder afterwards (Linux ``prctl(PR_SET_PDEATHSIG)``)."""
    import signal

    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    except (AttributeError, OSError):  # not on Linux: a killed build leaves its workers
        pass
    if os.getppid() != parent:  # the parent was gone before the request
        os._exit(1)


def _work(database: str, lang: str, args: tuple, message_langs: list[str] | None
          ) -> tuple[str, object]:
    """In a worker: build one language; ``("ok", figures)`` or ``("error", message)``."""
    from .. import i18n
    from ..storage.database import connect
    from .build import _build_language

    if message_langs is not None:
        i18n._current = i18n._load(message_langs)
    conn = connect(database)
    try:
        return "ok", _build_language(conn, lang, *args)
    except CardbaseError as exc:
        return "error", exc.message
    finally:
        conn.close()


def build_in_workers(database: str, languages: tuple[str, ...], args: tuple, jobs: int,
                     progress: Callable[[str], None] | None = None) -> dict[str, dict]:
    """Build every language in ``jobs`` worker processes; return each language's figures."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    message_langs = _message_languages()
    built: dict[str, dict] = {}
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_die_with_parent, initargs=(os.getpid(),))
    try:
        futures = {}
        for lang in languages:
            if progress:
                progress(lang)
            futures[pool.submit(_work, database, lang, args, message_langs)] = lang
        for future in as_completed(futures):
            lang = futures[future]
            try:
                status, value = future.result()
            except BrokenProcessPool as exc:
                raise CardbaseError(_("the {lang} site failed to build: {detail}", lang=lang,
                                      detail=_("its build process stopped ({error})",
                                               error=exc)), stage="site") from exc
            if status == "error":
                raise CardbaseError(str(value), stage="site")
            built[lang] = value
    finally:
        # on a failure: no new language starts, the running ones finish before the staging
        # folder they write into is removed
        pool.shutdown(wait=True, cancel_futures=True)
    return built
