"""Which cards and glossary terms each section mentions, and where.

Names and words are matched on folded text (case, accents, width forms), whole words only, the
longest name winning where several start at the same word (``Wanderndes Monster`` over
``Monster``). Text written without spaces (Japanese) is matched by substring. Each mention keeps
its span in the section's body, so a card page can show every passage, in every language, that
names the card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .search.textkeys import fold, fold_with_map, has_cjk

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Mention:
    kind: str        # "card" or "term"
    target: str      # card id or term id
    start: int       # span in the section body
    end: int
    surface: str


class MentionFinder:
    """Finds the names it was given in any text; build once, use for every section."""

    def __init__(self, names: list[tuple[str, str, str]]):
        """``names``: (kind, target id, name) triples."""
        self._spaced: dict[str, list[tuple[tuple[str, ...], str, str]]] = {}
        self._unspaced: list[tuple[str, str, str]] = []
        seen = set()
        for kind, target, name in names:
            key = fold(name).strip()
            if len(key) < 2 or (kind, target, key) in seen:
                continue
            seen.add((kind, target, key))
            if has_cjk(key):
                self._unspaced.append((key, kind, target))
            else:
                words = tuple(_WORD.findall(key))
                if words:
                    self._spaced.setdefault(words[0], []).append((words, kind, target))
        for entries in self._spaced.values():
            entries.sort(key=lambda e: -len(e[0]))
        self._unspaced.sort(key=lambda e: -len(e[0]))

    def find(self, text: str) -> list[Mention]:
        folded, index = fold_with_map(text)

        def source(position: int) -> int:
            return index[position] if index else position

        def source_end(position: int) -> int:
            return (index[position - 1] + 1) if index else position

        mentions: list[Mention] = []
        taken: list[tuple[int, int]] = []
        words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(folded)]
        i = 0
        while i < len(words):
            matched = None
            for name_words, kind, target in self._spaced.get(words[i][0], ()):
                n = len(name_words)
                if tuple(w for w, _, _ in words[i:i + n]) == name_words:
                    matched = (n, kind, target)
                    break
            if matched:
                n, kind, target = matched
                start, end = source(words[i][1]), source_end(words[i + n - 1][2])
                mentions.append(Mention(kind, target, start, end, text[start:end]))
                taken.append((words[i][1], words[i + n - 1][2]))
                i += n
            else:
                i += 1
        for key, kind, target in self._unspaced:
            position = folded.find(key)
            while position >= 0:
                end = position + len(key)
                if not any(position < e and s < end for s, e in taken):
                    taken.append((position, end))
                    start, stop = source(position), source_end(end)
                    mentions.append(Mention(kind, target, start, stop, text[start:stop]))
                position = folded.find(key, end)
        return sorted(mentions, key=lambda m: (m.start, m.end, m.kind, m.target))
