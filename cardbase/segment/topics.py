"""The shared topic vocabulary, and assigning a topic to each rule section.

``data/topics.yaml`` names the rule topics every rulebook shares (combat, running away, selling
items...), with a title in each language and keywords per language. A section's topic comes from
its rulebook's outline when a human set one; otherwise from keywords: a keyword in the heading
weighs far more than one in the body, and a section no keyword points to takes its parent's topic.
Ids are read as written (``text_of``), and a key the vocabulary does not have is refused at its
line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataError, excerpt
from ..search.textkeys import fold, has_cjk
from ..yamlfile import Problems, load_yaml, text_of, texts_of, unknown_keys

HEADING_WEIGHT = 10.0
BODY_WEIGHT = 1.0
MIN_BODY_SCORE = 3.0
_TOPIC_KEYS = ("id", "parent", "titles", "keywords", "games")


@dataclass(frozen=True)
class Topic:
    id: str
    parent: str | None
    titles: dict[str, str]
    keywords: dict[str, tuple[str, ...]]
    games: tuple[str, ...] = ()

    def title(self, lang: str) -> str:
        return self.titles.get(lang) or self.titles.get("en") or self.id


@dataclass
class Vocabulary:
    topics: dict[str, Topic] = field(default_factory=dict)

    def __contains__(self, topic_id: str) -> bool:
        return topic_id in self.topics

    def ids(self) -> set[str]:
        return set(self.topics)


def load_topics(path: Path) -> Vocabulary:
    doc = load_yaml(path)
    problem = Problems(path, "topics")

    items = doc.get("topics") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise DataError("expected `topics`: a list of topics", path=str(path), line=1,
                        stage="topics")
    unknown_keys(problem, doc, ("topics",), "the topic vocabulary")
    vocabulary = Vocabulary()
    for index, item in enumerate(items):
        topic_id = text_of(item, "id")
        if not isinstance(item, dict) or not isinstance(topic_id, str) or not topic_id.strip():
            problem("expected a topic with an `id`", items, index)
            continue
        unknown_keys(problem, item, _TOPIC_KEYS, "a topic")
        titles = item.get("titles")
        if not isinstance(titles, dict) or not text_of(titles, "en"):
            problem(f"topic {excerpt(topic_id)!r} needs `titles` with at least `en`", item,
                    "titles")
            titles = {}
        keywords = item.get("keywords") or {}
        if isinstance(keywords, dict):
            keywords = {lang: texts_of(words) for lang, words in keywords.items()}
        if not isinstance(keywords, dict) or any(
                not isinstance(v, list) or not all(isinstance(k, str) for k in v)
                for v in keywords.values()):
            problem("`keywords` must map a language to a list of words", item, "keywords")
            keywords = {}
        games = texts_of(item.get("games") or [])
        if not isinstance(games, list) or not all(isinstance(g, str) for g in games):
            problem("`games` must be a list of game ids", item, "games")
            games = []
        parent = text_of(item, "parent")
        if parent is not None and not isinstance(parent, str):
            problem("`parent` must be a topic id", item, "parent")
            parent = None
        if topic_id in vocabulary.topics:
            problem(f"duplicate topic id {excerpt(topic_id)!r}", item, "id")
        vocabulary.topics[topic_id] = Topic(
            id=topic_id, parent=parent,
            titles={str(k): str(text_of(titles, k)) for k in titles},
            keywords={str(k): tuple(v) for k, v in keywords.items()},
            games=tuple(games))
    for topic in vocabulary.topics.values():
        if topic.parent and topic.parent not in vocabulary.topics:
            problem(f"topic {excerpt(topic.id)!r} has unknown parent {excerpt(topic.parent)!r}")
    problem.raise_if_any()
    return vocabulary


def _pattern(keyword: str) -> re.Pattern:
    folded = re.escape(fold(keyword))
    if has_cjk(keyword):
        return re.compile(folded)
    return re.compile(rf"(?<!\w){folded}(?!\w)")


class TopicMatcher:
    """Scores sections against the vocabulary's keywords for one language and game.

    All keywords are compiled into one alternation, longest first, so a body is scanned once
    whatever the size of the vocabulary.
    """

    def __init__(self, vocabulary: Vocabulary, lang: str, game: str):
        self.keywords: dict[str, list[str]] = {}
        for topic in vocabulary.topics.values():
            if topic.games and game not in topic.games:
                continue
            words = set(topic.keywords.get(lang, ())) | set(topic.keywords.get("en", ()))
            for word in sorted(words):
                key = fold(word).strip()
                if key:
                    self.keywords.setdefault(key, []).append(topic.id)
        keys = sorted(self.keywords, key=lambda k: (-len(k), k))
        self.pattern = re.compile("|".join(_pattern(k).pattern for k in keys)) if keys else None

    def _hits(self, text: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        if self.pattern is not None:
            for match in self.pattern.finditer(text):
                counts[match.group()] = counts.get(match.group(), 0) + 1
        return counts

    def scores(self, heading: str, body: str) -> dict[str, float]:
        result: dict[str, float] = {}
        for key in self._hits(fold(heading)):
            for topic_id in self.keywords[key]:
                result[topic_id] = result.get(topic_id, 0.0) + HEADING_WEIGHT * len(key)
        for key, hits in self._hits(fold(body)).items():
            for topic_id in self.keywords[key]:
                result[topic_id] = result.get(topic_id, 0.0) + BODY_WEIGHT * min(hits, 5)
        return result

    def best(self, heading: str, body: str) -> str | None:
        scores = self.scores(heading, body)
        if not scores:
            return None
        topic_id, score = max(sorted(scores.items()), key=lambda item: item[1])
        if score < HEADING_WEIGHT and score < MIN_BODY_SCORE:
            return None
        return topic_id
