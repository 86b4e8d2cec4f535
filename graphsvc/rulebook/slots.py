"""What an entity or relation rule names: the slots of its pattern, and where they fall in a sentence.

A rule that decides something about a name (an entity's kind, a relation) marks the words of its ``Tokens``
pattern that are that name with a :class:`Slot`: ``name`` (the entity whose kind it decides, a relation's target),
``source`` (a relation's source where the sentence names one: "Cormac's sister Ailbhe"), ``value`` (a feature's value:
"I work as a nurse"). :func:`slot_hits` answers every firing of such rules on a parsed sentence with the token span
each slot covers (spaCy's ``Matcher`` with ``with_alignments``: which pattern piece each matched word matched; each
alternative its longest match). A ``Surface`` rule's ``value`` group is its ``name``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from graphsvc.rulebook.parse import vocab
from graphsvc.rulebook.rule import Rule, Surface, Tokens
from graphsvc.text.language import Language

SlotName = Literal["name", "source", "value"]
Span = tuple[int, int]
"""Token offsets ``[start, end)`` into the ``Doc``."""


class Slot(dict[str, Any]):
    """A token specification of a pattern whose words are one slot of the rule's output.

    It matches exactly as the specification it wraps (spaCy reads it as the dict it is).
    """

    def __init__(self, slot: SlotName, spec: Mapping[str, Any]) -> None:
        super().__init__(spec)
        self.slot: SlotName = slot


@dataclass(frozen=True)
class SlotHit:
    """A rule firing on a sentence: the span ``[start, end)`` it covers and the span of each slot it fills; for a
    ``Surface`` rule, its ``value`` group as written (a part of a word, where jieba glued it to another: 昆明人)."""

    rule: Rule
    start: int
    end: int
    slots: Mapping[SlotName, Span]
    value: str | None = None

    def slot(self, name: SlotName) -> Span | None:
        return self.slots.get(name)


_LOCK = threading.Lock()


@lru_cache(maxsize=16)
def _matcher(language: Language, rules: tuple[Rule, ...]) -> tuple[Any, dict[str, tuple[Rule, int]]] | None:
    """A ``Matcher`` with one key per alternative of each :class:`Tokens` rule (``<id>#<n>``, longest match
    only), and key → (rule, alternative); None without the vocabulary."""
    shared = vocab(language)
    if shared is None:
        return None
    from spacy.matcher import Matcher

    matcher = Matcher(shared, validate=True)
    keys: dict[str, tuple[Rule, int]] = {}
    for rule in rules:
        if isinstance(rule.pattern, Tokens):
            for n, alternative in enumerate(rule.pattern.alternatives):
                key = f"{rule.id}#{n}"
                matcher.add(key, [list(alternative)], greedy="LONGEST")
                keys[key] = (rule, n)
    return matcher, keys


def _slots(alternative: tuple[dict[str, Any], ...], start: int, alignment: list[int]) -> dict[SlotName, Span]:
    """The span of each slot of one match: the words aligned to the alternative's :class:`Slot` pieces."""
    found: dict[SlotName, Span] = {}
    for offset, piece in enumerate(alignment):
        spec = alternative[piece]
        if isinstance(spec, Slot):
            first, _ = found.get(spec.slot, (start + offset, start + offset))
            found[spec.slot] = (first, start + offset + 1)
    return found


def _bounds(doc: Any) -> Span:
    """The offsets of the first and after the last token that is not punctuation."""
    start, end = 0, len(doc)
    while start < end and doc[start].is_punct:
        start += 1
    while end > start and doc[end - 1].is_punct:
        end -= 1
    return start, end


def slot_hits(doc: Any, rules: Iterable[Rule]) -> list[SlotHit]:
    """Every firing of ``rules`` (of one language) on ``doc``, with its slots, by position.

    A ``Tokens`` rule fires once per acceptable longest match of each alternative (``anchored``: it starts at the
    sentence's first word; ``whole``: it also ends at its last); a ``Surface`` rule once per match of its
    expression, its ``value`` group (when it has one) the ``name`` slot.

    Returns:
        hits ordered by start, longer first; empty when none fires or the parse is unavailable.
    """
    ordered = tuple(rules)
    if not ordered or len(doc) == 0:
        return []
    first, last = _bounds(doc)
    hits: list[SlotHit] = []
    built = _matcher(ordered[0].language, tuple(r for r in ordered if isinstance(r.pattern, Tokens)))
    if built is not None:
        matcher, keys = built
        with _LOCK:  # spaCy documents no thread safety for a matcher
            found = matcher(doc, with_alignments=True)
        for match_id, start, end, alignment in found:
            rule, n = keys[doc.vocab.strings[match_id]]
            pattern = rule.pattern
            assert isinstance(pattern, Tokens)
            if (pattern.anchored and start != first) or (pattern.whole and end != last):
                continue
            hits.append(SlotHit(rule, start, end, _slots(pattern.alternatives[n], start, alignment)))
    for rule in ordered:
        if isinstance(rule.pattern, Surface):
            hits.extend(_surface_hits(doc, rule, rule.pattern))
    return sorted(hits, key=lambda h: (h.start, -h.end))


def _surface_hits(doc: Any, rule: Rule, pattern: Surface) -> list[SlotHit]:
    out: list[SlotHit] = []
    for found in pattern.compiled().finditer(doc.text):
        span = doc.char_span(found.start(), found.end(), alignment_mode="expand")
        if span is None:
            continue
        slots: dict[SlotName, Span] = {}
        value = found.groupdict().get("value")
        if value:
            covered = doc.char_span(found.start("value"), found.end("value"), alignment_mode="expand")
            if covered is not None:
                slots["name"] = (covered.start, covered.end)
        out.append(SlotHit(rule, span.start, span.end, slots, value.strip() if value else None))
    return out
