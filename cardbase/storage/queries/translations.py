"""Read queries of translation: what the content template offers and which languages have what.

The content template needs each translatable source in English and whether a language already
has it from a published text; the translation status needs, per topic, the languages that have
it in a published rulebook or in a community translation; the section pages need the community
translations themselves. Each function takes a connection and returns rows or plain values.
"""

from __future__ import annotations

import sqlite3

from .rulebooks import RULE_KINDS_SQL

__all__ = [
    "english_topic_titles", "has_published_topic_title", "has_published_term_words",
    "has_community_card_name", "english_term_words", "rule_sections_with_lang",
    "published_topic_langs", "community_topic_langs", "section_translations",
    "all_section_translations", "fuzzy_translations",
]


def english_topic_titles(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """(topic id, English title) of every topic that has one, in the vocabulary's order."""
    return conn.execute(
        "SELECT t.id, tt.title FROM topics t JOIN topic_titles tt ON tt.topic_id = t.id "
        "AND tt.lang = 'en' ORDER BY t.ordinal").fetchall()


def has_published_topic_title(conn: sqlite3.Connection, topic_id: str, lang: str) -> bool:
    """Whether the topic vocabulary gives the topic a title in ``lang``."""
    return conn.execute("SELECT 1 FROM topic_titles WHERE topic_id = ? AND lang = ? AND "
                        "origin = 'vocabulary'", (topic_id, lang)).fetchone() is not None


def has_published_term_words(conn: sqlite3.Connection, term_id: str, lang: str) -> bool:
    """Whether the glossary gives the term a word in ``lang`` that a rulebook prints."""
    return conn.execute("SELECT 1 FROM term_words WHERE term_id = ? AND lang = ? AND ours = 0",
                        (term_id, lang)).fetchone() is not None


def has_community_card_name(conn: sqlite3.Connection, card_id: str, lang: str) -> bool:
    """Whether the card's name in ``lang`` comes from a community translation."""
    return conn.execute("SELECT 1 FROM card_names WHERE card_id = ? AND lang = ? AND "
                        "origin = 'community'", (card_id, lang)).fetchone() is not None


def english_term_words(conn: sqlite3.Connection, term_id: str) -> list[str]:
    """A term's English words, the usual one first."""
    return [r[0] for r in conn.execute(
        "SELECT word FROM term_words WHERE term_id = ? AND lang = 'en' ORDER BY ordinal",
        (term_id,))]


def rule_sections_with_lang(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """(ref, heading, body, lang) of every section that states rules, in id order."""
    return conn.execute(
        "SELECT s.ref, s.heading, s.body, r.lang FROM sections s JOIN rulebooks r ON "
        f"r.id = s.rulebook_id WHERE s.kind IN {RULE_KINDS_SQL} ORDER BY s.id").fetchall()


def published_topic_langs(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Distinct (topic_id, lang): the topic has a rule section in a rulebook in that language."""
    return conn.execute(
        "SELECT DISTINCT s.topic_id, r.lang FROM sections s JOIN rulebooks r ON "
        "r.id = s.rulebook_id WHERE s.topic_id IS NOT NULL AND s.kind IN "
        f"{RULE_KINDS_SQL}").fetchall()


def community_topic_langs(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Distinct (topic_id, lang): a section of the topic has a community translation in it."""
    return conn.execute(
        "SELECT DISTINCT s.topic_id, t.lang FROM section_translations t JOIN sections s ON "
        "s.id = t.section_id WHERE s.topic_id IS NOT NULL").fetchall()


def section_translations(conn: sqlite3.Connection, section_id: int) -> list[sqlite3.Row]:
    """(lang, text, fuzzy) of the community translations of one section, by language."""
    return conn.execute("SELECT lang, text, fuzzy FROM section_translations "
                        "WHERE section_id = ? ORDER BY lang", (section_id,)).fetchall()


def all_section_translations(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """(section_id, lang, text, fuzzy) of every community translation."""
    return conn.execute(
        "SELECT section_id, lang, text, fuzzy FROM section_translations").fetchall()


def fuzzy_translations(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """(lang, context, text) of every community translation whose source changed since."""
    return conn.execute("SELECT lang, context, text FROM translations WHERE fuzzy = 1 "
                        "ORDER BY lang, context").fetchall()
