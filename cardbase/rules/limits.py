"""The bounds of every number a fight is described with, declared once.

The ``combat`` command gives them to click (so ``--level -3`` is refused as it is parsed) and
``rules.fight`` checks them again for callers of the library. No Munchkin game comes near them
(levels end at 10 or 20, items and enhancers give a few points, a hand holds a handful of cards):
a value beyond them is a typing mistake to point out, not a fight to resolve. Standard library
only: the command line imports this module when it starts.
"""

from __future__ import annotations

#: name of a ``fight`` argument → (lowest, highest) value it may take
LIMITS = {
    "level": (1, 100), "bonus": (-100, 100), "berserk": (0, 50), "helper_level": (1, 100),
    "helper_bonus": (-100, 100), "monster": (0, 100), "enhancer": (-100, 100),
    "one_shot": (-100, 100), "against": (-100, 100),
}
#: how many monsters, enhancers or one-shot items one fight may name
MAX_CARDS = 20
#: a card name is a few words; longer text is neither a name nor a number
MAX_NAME = 200
