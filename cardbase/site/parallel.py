"""Building the languages of the site at the same time, one process per processor.

mkdocs keeps global state (its logging, its plugin events, the theme's Jinja environment) and is
not safe to run in threads, so the languages are built by processes: the building process itself
and worker processes, started fresh ("spawn") while the building process computes what does not
depend on the language (``shared.compute``), of which they compile half of the checker for the
"Can I play this?" page meanwhile. The workers open the database read-only themselves
and receive that shared data pickled. A language that fails
comes back as its error message, naming the page; the remaining languages are cancelled, the
running ones are waited for, and the caller keeps the previous site. A worker ends with the
process that started it, even one that was killed, so nothing writes into a staging folder
that the next build is about to remove.
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
    from .language import build_language

    if message_langs is not None:
        i18n._current = i18n._load(message_langs)
    conn = connect(database)
    try:
        return "ok", build_language(conn, lang, *args)
    except CardbaseError as exc:
        return "error", exc.message
    finally:
        conn.close()


def _compile_part(database: str, game: str, rulebooks: list[str], verbs: tuple[str, ...],
                  languages: tuple[str, ...], catalogs, message_langs: list[str] | None):
    """In a worker: compile ``verbs`` of ``game``'s checker; ``("ok", diagram)`` or
    ``("error", message)``."""
    from .. import i18n
    from ..rules.diagram import compile_game
    from ..storage.database import connect

    if message_langs is not None:
        i18n._current = i18n._load(message_langs)
    conn = connect(database)
    try:
        return "ok", compile_game(game, rulebooks, conn, languages=languages, verbs=verbs,
                                  catalogs=catalogs)
    except CardbaseError as exc:
        return "error", exc.message
    finally:
        conn.close()


class _Part:
    """A part of the checker compiled by a worker, read as ``future.result()`` is."""

    def __init__(self, future, game: str):
        self.future, self.game = future, game

    def result(self):
        from concurrent.futures.process import BrokenProcessPool

        try:
            status, value = self.future.result()
        except BrokenProcessPool as exc:
            raise CardbaseError(_("the checker of {game} failed to compile: {detail}",
                                  game=self.game, detail=_("its build process stopped ({error})",
                                                           error=exc)), stage="site") from exc
        if status == "error":
            raise CardbaseError(str(value), stage="site")
        return value


def _warm() -> None:
    """In a worker, while the building process computes the shared data: import what a
    language's build needs, so that the first language does not wait for it."""
    import mkdocs.commands.build  # noqa: F401
    import mkdocs.config  # noqa: F401

    from . import language, pages  # noqa: F401


def build_in_workers(conn, database: str, languages: tuple[str, ...],
                     prepare: Callable[[], tuple], jobs: int,
                     progress: Callable[[str], None] | None = None) -> dict[str, dict]:
    """Build every language, ``jobs`` at a time: some in this process, the others in ``jobs - 1``
    worker processes; return each language's figures.

    ``prepare(elsewhere)`` gives the arguments of a language's build (``language.build_language``,
    after the language); it runs while the workers start, and hands them part of the checker to
    compile through ``elsewhere`` (see ``checkpage.compile_all``). This process takes every
    ``jobs``-th language, from the first: it has no process to start, so it takes the larger
    share.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    from .language import build_language

    message_langs = _message_languages()
    built: dict[str, dict] = {}
    pool = ProcessPoolExecutor(jobs - 1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_die_with_parent, initargs=(os.getpid(),))
    try:
        for _worker in range(jobs - 1):
            pool.submit(_warm)

        def elsewhere(game, rulebooks, verbs, languages, catalogs):
            return _Part(pool.submit(_compile_part, database, game, rulebooks, verbs, languages,
                                     catalogs, message_langs), game)

        args = prepare(elsewhere)
        mine = languages[0::jobs]
        futures = {}
        for lang in languages:
            if lang not in mine:
                if progress:
                    progress(lang)
                futures[pool.submit(_work, database, lang, args, message_langs)] = lang
        for lang in mine:
            if progress:
                progress(lang)
            built[lang] = build_language(conn, lang, *args)
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
