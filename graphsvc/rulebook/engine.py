"""Where rules fire: one spaCy ``Matcher`` per language and decision, built from the rules' patterns.

:func:`matches` answers, for a parsed statement, every enabled rule of one decision that fires on it, with the span
it covers (token offsets into the ``Doc``). Which rules are enabled is a :class:`Selection` (the rulebook's
defaults, or the service's settings: ``RULEBOOK_DISABLED`` / ``RULEBOOK_ENABLED``), passed down from the caller,
never read from a global.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from graphsvc.rulebook.parse import vocab
from graphsvc.rulebook.rule import Decision, Rule, Surface, Tokens
from graphsvc.text.language import Language


@dataclass(frozen=True)
class Selection:
    """Which rules run: every rule of the rulebook whose id is in ``enabled``.

    Build one with :func:`graphsvc.rulebook.book.selection`; the default selection is the rulebook's own
    (:data:`graphsvc.rulebook.book.DEFAULT`).
    """

    enabled: frozenset[str]

    def allows(self, rule: Rule) -> bool:
        return rule.id in self.enabled


@dataclass(frozen=True)
class Hit:
    """A rule firing on a statement: the rule, the token span ``[start, end)`` it covers, and, for a
    :class:`~graphsvc.rulebook.rule.Surface` pattern with a ``value`` group, that value."""

    rule: Rule
    start: int
    end: int
    value: str | None = None


_LOCK = threading.Lock()


def _content_end(doc: Any) -> int:
    """The index after the last token that is not punctuation (what a ``whole`` match must reach)."""
    end = len(doc)
    while end > 0 and doc[end - 1].is_punct:
        end -= 1
    return end


def _content_start(doc: Any) -> int:
    start = 0
    while start < len(doc) and doc[start].is_punct:
        start += 1
    return start


@lru_cache(maxsize=64)
def _matcher(language: Language, rules: tuple[Rule, ...]) -> Any | None:
    """A ``Matcher`` holding every :class:`Tokens` rule of ``rules`` under its id; None without the vocabulary."""
    shared = vocab(language)
    if shared is None:
        return None
    from spacy.matcher import Matcher

    matcher = Matcher(shared, validate=True)
    for rule in rules:
        if isinstance(rule.pattern, Tokens):
            matcher.add(rule.id, [list(p) for p in rule.pattern.alternatives])
    return matcher


def matches(doc: Any, rules: Iterable[Rule], *, every: bool = False) -> list[Hit]:
    """The rules of ``rules`` that fire on ``doc``.

    Args:
        doc: the statement's parse (:func:`graphsvc.rulebook.parse.parse`).
        rules: rules of one language (callers pass one decision's enabled rules).
        every: every acceptable span of every rule, by position, the longest first and then in the order of
            ``rules`` (a split cuts at each); else one hit per firing rule (its first acceptable span), in the order
            of ``rules``.

    Returns:
        the hits (anchored rules start at the statement's first non-punctuation token; ``whole`` ones also end at
        its last); empty when none fires or the parse is unavailable.
    """
    ordered = tuple(rules)
    if not ordered or len(doc) == 0:
        return []
    language = ordered[0].language
    by_id = {rule.id: rule for rule in ordered}
    start0, end0 = _content_start(doc), _content_end(doc)
    hits: list[Hit] = []
    token_rules = tuple(r for r in ordered if isinstance(r.pattern, Tokens))
    matcher = _matcher(language, token_rules) if token_rules else None
    if matcher is not None:
        with _LOCK:  # spaCy documents no thread safety for a matcher
            spans = matcher(doc)
        for match_id, start, end in sorted(spans, key=lambda s: (s[1], -s[2])):
            rule = by_id[shared_string(language, match_id)]
            pattern = rule.pattern
            assert isinstance(pattern, Tokens)
            if (pattern.anchored and start != start0) or (pattern.whole and end != end0):
                continue
            hits.append(Hit(rule, start, end))
    for rule in ordered:
        if isinstance(rule.pattern, Surface):
            hits.extend(_surface_hits(doc, rule, rule.pattern))
    if every:
        place = {rule.id: i for i, rule in enumerate(ordered)}
        return sorted(hits, key=lambda h: (h.start, -h.end, place[h.rule.id]))  # a tie goes to the earlier rule
    first: dict[str, Hit] = {}
    for hit in hits:
        first.setdefault(hit.rule.id, hit)
    return [first[r.id] for r in ordered if r.id in first]


GIVEN_SUBJECT = ("restore", "restore_kin", "restore_have", "carry")
"""The outputs of the rules that give a clause a subject it did not say (a restored "I" or 我, one carried over)."""


def subject_given(rules: Iterable[Rule], shaped_by: Iterable[str]) -> bool:
    """Whether one of the rules that shaped a statement (``shaped_by``, ids of ``rules``) gave it its subject."""
    shaped = set(shaped_by)
    return any(r.output in GIVEN_SUBJECT and r.id in shaped for r in rules)


def best_keep(doc: Any, rules: Sequence[Rule], requested: bool, *, subject_given: bool = False) -> Hit | None:
    """The keep rule that decides a statement: the most confident that fires (the earlier on a tie), a ``requested``
    rule only when no other fires, a ``fallback`` rule only when neither does.

    Args:
        rules: the enabled keep rules of the statement's language.
        requested: a request to remember came before; ``requested`` rules fire only then.
        subject_given: a rule gave the statement its subject (:func:`subject_given`); ``fallback`` rules then do
            not fire (they keep only what the speaker said of someone they named).
    """
    usable = [
        r
        for r in rules
        if (requested or "requested" not in r.tags)
        and "mention" not in r.tags
        and not (subject_given and "fallback" in r.tags)
    ]
    hits = matches(doc, usable)
    for tier in (
        [h for h in hits if not {"requested", "fallback"} & h.rule.tags],
        [h for h in hits if "requested" in h.rule.tags],
        hits,
    ):
        if tier:
            return max(tier, key=lambda h: (h.rule.confidence, -usable.index(h.rule)))
    return None


def shared_string(language: Language, key: int) -> str:
    """The string of a hash in the vocabulary of ``language`` (a rule id of a match)."""
    return str(vocab(language).strings[key])


def _surface_hits(doc: Any, rule: Rule, pattern: Surface) -> list[Hit]:
    out: list[Hit] = []
    for found in pattern.compiled().finditer(doc.text):
        span = doc.char_span(found.start(), found.end(), alignment_mode="expand")
        if span is not None:
            value = found.groupdict().get("value")
            out.append(Hit(rule, span.start, span.end, value.strip() if value else None))
    return out


def of_decision(
    rules: Iterable[Rule], language: Language, decision: Decision, selection: Selection
) -> tuple[Rule, ...]:
    """The enabled rules of one language and decision, in rulebook order."""
    return tuple(r for r in rules if r.language == language and r.decision == decision and selection.allows(r))
