"""The games cardbase knows, each declared once, in a module of this package.

A game's declaration (``Game``) is what every part of cardbase reads about it: the rules
checker validates a question against its phases, card types and state keys; the decision table
asks its actions in each of its phases; the fight calculator and the combat roles exist for a
game that declares combats; the site's "Can I play this?" form, its decision tables and ``diff``
are written from the same declaration. Adding a game is a module here that sets ``GAME``, the
rule modules it names under ``cardbase.rules``, and its rulebooks in ``data/``. A declaration
is plain data and is imported only when its game is asked about (module ``munchkin_warhammer_aos``
declares ``munchkin-warhammer-aos``); ``ids()`` finds them all by reading this package.
"""

from __future__ import annotations

from .vocabulary import Game

__all__ = ["Game", "get", "ids", "known", "all_games"]

_LOADED: dict[str, Game] = {}
_IDS: list[tuple[str, ...]] = []


def _module_name(game_id: str) -> str | None:
    name = game_id.replace("-", "_")
    if not name.isidentifier() or name.startswith("_") or not name.islower() \
            or name == "vocabulary":
        return None
    return name


def known(game_id) -> Game | None:
    """The declaration of ``game_id``, or ``None`` if no module of this package declares it."""
    game = _LOADED.get(game_id) if isinstance(game_id, str) else None
    if game is not None or not isinstance(game_id, str):
        return game
    name = _module_name(game_id)
    if name is None:
        return None
    import importlib

    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__name__}.{name}":
            return None
        raise
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game) or game.id != game_id:
        return None
    _LOADED[game_id] = game
    return game


def get(game_id: str) -> Game:
    """The declaration of ``game_id``; ``KeyError`` for a game no module declares."""
    game = known(game_id)
    if game is None:
        raise KeyError(game_id)
    return game


def ids() -> tuple[str, ...]:
    """Every declared game, in alphabetical order (read from this package's modules)."""
    if not _IDS:
        import pkgutil

        found = []
        for module in pkgutil.iter_modules(__path__):
            game = known(module.name.replace("_", "-"))
            if game is not None:
                found.append(game.id)
        _IDS.append(tuple(sorted(found)))
    return _IDS[0]


def all_games() -> list[Game]:
    return [get(game_id) for game_id in ids()]
