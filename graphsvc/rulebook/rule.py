"""One rule of the offline rulebook: a named, declarative decision with its own examples.

A rule says, for one language, one decision about a piece of text: which words to trim from a statement, whether
to refuse it, whether (and as what type of memory) to keep it, how to retype it, how to name its subject, which
kind an entity is, which relation a sentence states, how to phrase a trait. Its pattern is a spaCy ``Matcher``
pattern over the parse (:class:`Tokens`: English tokens with their lemmas, parts of speech and dependencies;
Chinese words from jieba's segmenter with its part-of-speech flags as ``TAG``), or, only where the surface form
itself is the point (codes, dates, numbers), a regular expression (:class:`Surface`). Word lists come from the
lexicon (:mod:`graphsvc.rulebook.lexicon`), never spelled in a rule.

Every output records the id of the rule that made it, so precision can be reported per rule and a person can see
why something was kept or refused. A rule's examples and counterexamples are run by one parametrised test
(``tests/unit/rulebook/test_rule_examples.py``) through the same code the service runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from graphsvc.text.language import Language

Decision = Literal[
    "answer",
    "voice",
    "trim",
    "refuse",
    "split",
    "refer",
    "keep",
    "type",
    "subject",
    "entity_kind",
    "relation",
    "trait",
    "pastime",
]
"""What a rule decides:

- ``answer``: a question of the assistant's whose reply, a bare phrase ("Leeds", 南京), is read with the question's
  words ("Where do you live?" → "I live in Leeds"; ``output`` names how: :mod:`graphsvc.rulebook.answers`), so the
  reply is judged as if said in full;
- ``trim``: words at the start or end of a statement that say nothing about the speaker (a discourse marker,
  an interjection, a telling preamble, an answer stub); the rest is judged on its own;
- ``refuse``: the statement is not a memory (a question, a greeting, a request, a reaction, pep talk, a pointer
  into another turn...); when unsure, nothing is kept (the message stays searchable as an event);
- ``split``: where one sentence holds several statements ("I live in Lisbon and work as a nurse");
- ``refer``: a third-person pronoun that stands for the one person the speaker last named ("My sister Funmi got
  engaged. Her fiancé is Tunde": "her" is "my sister"), so the statement is judged as if said in full
  (:mod:`graphsvc.rulebook.referents`);
- ``keep``: the statement is a memory of the type the rule's ``output`` names, at its ``confidence``;
- ``type``: a kept statement is retyped (a dated past happening is an event);
- ``subject``: how the speaker is named ("I" → "Ana", "my" → "Ana's", 我 → the name), or a dropped subject
  restored;
- ``entity_kind``: which kind a name is (``output``: person, place, organization, work, animal, thing);
- ``relation``: which relation a sentence states between a person and a person, place, organisation or pet;
- ``trait``: how a reflection phrases what several memories of one person share.
- ``voice``: in a group's conversation, whose a sentence is: the group's ("our standup is at 9:30", said as the
  group, ``output`` ``group``) or the member's own ("I live in Lyon", filed in their own space, ``output``
  ``personal``: the group does not keep it).
- ``pastime``: a sport, game, instrument or outing the speaker mentions doing in passing ("badminton after work
  again"), worded by ``output`` ("plays {object}") as a candidate that another conversation's mention makes a
  memory (:mod:`graphsvc.rulebook.pastimes`).
"""
DECISIONS: tuple[Decision, ...] = (
    "answer",
    "voice",
    "trim",
    "refuse",
    "split",
    "refer",
    "keep",
    "type",
    "subject",
    "entity_kind",
    "relation",
    "trait",
    "pastime",
)

_RULE_ID = re.compile(r"^(?P<language>en|zh)\.(?P<decision>[a-z_]+)\.[a-z0-9_]+(?:\.[a-z0-9_]+)*$")


@dataclass(frozen=True)
class Tokens:
    """spaCy ``Matcher`` patterns, each a list of token specifications; a rule fires when any of them matches.

    Attributes:
        alternatives: the patterns (``[{"LOWER": "i"}, {"LEMMA": {"IN": [...]}}]`` ...).
        anchored: the match must start where the statement starts (after trimmed words); else anywhere.
        whole: the match must also end where the statement ends (its final punctuation aside).
    """

    alternatives: tuple[tuple[dict[str, Any], ...], ...]
    anchored: bool = True
    whole: bool = False


@dataclass(frozen=True)
class Surface:
    """A regular expression over the text, for a surface form that is itself the point: a code, a date, a number.

    Attributes:
        regex: the expression (compiled case-insensitively); its named group ``value``, when present, is what the
            rule outputs.
    """

    regex: str

    def compiled(self) -> re.Pattern[str]:
        return _compile(self.regex)


_COMPILED: dict[str, re.Pattern[str]] = {}


def _compile(regex: str) -> re.Pattern[str]:
    found = _COMPILED.get(regex)
    if found is None:
        found = _COMPILED[regex] = re.compile(regex, re.IGNORECASE)
    return found


Pattern = Tokens | Surface


@dataclass(frozen=True)
class Example:
    """What a speaker says, and what the rule must make of it.

    Attributes:
        said: one message of the speaker (a sentence or a few); for a trait rule, memories joined by ``" | "``;
            for an ``answer`` rule, the assistant's question and the speaker's reply, joined by ``" | "`` (after an
            earlier message of the speaker's, for a question about someone they named).
        expect: the output expected of this rule: the memory's text (the speaker named), an entity as
            ``"Name (kind)"``, a relation as ``"Source -relation-> Target"``, a trait's text; None when only the
            firing is checked (a refusal, a trim).
        speaker: who says it; None for the language's example speaker (:data:`EXAMPLE_SPEAKERS`).
    """

    said: str
    expect: str | None = None
    speaker: str | None = None


EXAMPLE_SPEAKERS: dict[Language, str] = {"en": "Ana", "zh": "王芳"}
"""The speaker of an example that names none."""
EXAMPLE_GROUPS: dict[Language, str] = {"en": "Team Falcon", "zh": "产品组"}
"""The group whose conversation a ``voice`` rule's example is said in (by the example speaker, a member)."""


@dataclass(frozen=True, eq=False)
class Rule:
    """One named decision of the rulebook.

    Rules compare and hash by identity: each is a module constant, declared once.

    Attributes:
        id: ``<language>.<decision>.<name>`` ("en.keep.allergy"), unique in the rulebook, stable across releases
            (outputs record it).
        language: ``en`` or ``zh``.
        decision: see :data:`Decision`.
        pattern: where it fires.
        output: what it decides: a memory type (keep, type), an entity kind, a relation, a trait template
            (``"Enjoys {object}"``), a rewrite (subject: ``name``, ``possessive``, ``restore``); empty for trim,
            refuse and split.
        confidence: how sure its output is, 0-1 (a kept memory's confidence; an entity kind's strength).
        examples: what it must do on text it was written for.
        counterexamples: text it must not fire on (one speaker's message each).
        description: one sentence a person reads on the rulebook page and the dashboard.
        slot: for a keep rule whose statement holds one current value of an attribute (where the speaker lives,
            a code), the slot a newer value supersedes (``lives_in``; ``{noun}`` is filled from the statement).
        tags: what other code reads of the rule beside its decision: ``mention`` (a person named in passing),
            ``requested`` (kept only after a request to remember), ``note``, ``age``, ``studied`` (a pastime that
            counts only as studied: a language), ``untrimmed`` (a refusal judged on the sentence before its lead is
            trimmed: the lead is what it reads), ``habit`` (a trait rule of what recurs: where one goes to do it is
            no part of its item), ``fallback`` (a keep rule that decides only when no other fires, and only on a
            subject the speaker said: :func:`graphsvc.rulebook.engine.best_keep`).
    """

    id: str
    language: Language
    decision: Decision
    pattern: Pattern
    description: str
    output: str = ""
    confidence: float = 1.0
    examples: tuple[Example, ...] = ()
    counterexamples: tuple[str, ...] = ()
    slot: str | None = None
    tags: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        found = _RULE_ID.match(self.id)
        if found is None or found["language"] != self.language or found["decision"] != self.decision:
            raise ValueError(f"rule id {self.id!r} must read '{self.language}.{self.decision}.<name>'")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"rule {self.id}: confidence {self.confidence} is outside [0, 1]")
        if not self.description.strip():
            raise ValueError(f"rule {self.id} needs a description")
