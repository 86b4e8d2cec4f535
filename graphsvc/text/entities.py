"""Who and what a conversation names, and of which kind: the rulebook's entity rules over every message.

The one entity notion of an extraction job: :class:`EntityMention` (a name, its aliases in this conversation, a
kind, the rule that decided the kind, the messages naming it). Each sentence of each message is read by the
``entity_kind`` rules of its language (:func:`graphsvc.rulebook.entities.name_entities`); a name's kind is the most
confident decision over all its mentions, and every message naming it is a mention of it. Every speaker is a person
(the rule tagged ``speaker``). A name that is only ever addressed ("Thanks Sam", "Hey Assistant") is no entity,
unless it addresses a speaker: then it is that speaker's name, and a short form of the speaker's first name ("Hey
Mel!" to Melanie, three letters or more) is their alias. A two-character Chinese given name that ends exactly one
three-character person's name (伟明 of 张伟明) is that person's alias; a Latin short form is never an alias on that
ground alone ("Ann" is not "Anna").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from graphsvc.conversation import ConversationMessage
from graphsvc.rulebook.engine import Selection
from graphsvc.rulebook.entities import name_entities, speaker_rule
from graphsvc.text.language import detect_language, han_characters, split_sentences
from graphsvc.vocabulary import EntityKind

MIN_VOCATIVE_ALIAS_CHARS = 3
"""A short name addressing a speaker is their alias only from this many characters ("Mel", not "Jo")."""


class EntityMention(BaseModel):
    """A person, place, organization, work, animal or thing named in a conversation."""

    name: str = Field(description="Canonical name: the fullest form used in the conversation.")
    aliases: list[str] = Field(
        default=[], description='Other names used for the same entity in the conversation, e.g. "Kat".'
    )
    kind: EntityKind = Field(description="person, place, organization, work, animal or thing.")
    kind_rule: str | None = Field(default=None, description="Id of the rulebook rule that decided the kind.")
    source_message_ids: list[str] = Field(description="message_id of every message that names the entity.")


@dataclass
class _Entity:
    name: str
    kind: EntityKind | None = None
    rule_id: str | None = None
    confidence: float = -1.0
    source_ids: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)

    def decide(self, kind: EntityKind | None, rule_id: str | None, confidence: float, message_id: str) -> None:
        """One mention's decision: a kind replaces a weaker one (an addressed mention decides nothing)."""
        if kind is not None and confidence > self.confidence:
            self.kind, self.rule_id, self.confidence = kind, rule_id, confidence
        if message_id not in self.source_ids:
            self.source_ids.append(message_id)


def extract_entities(
    messages: Sequence[ConversationMessage], *, selection: Selection | None = None
) -> list[EntityMention]:
    """The entities of a conversation's source messages (no assistant turns, no injected messages).

    Args:
        messages: the messages to read, in conversation order.
        selection: the rules that run (None: the rulebook's defaults).

    Returns:
        entities with source ids in conversation order: speakers first (as persons), then the others in order of
        first mention; see the module docstring for kinds and aliases.
    """
    found: dict[str, _Entity] = {}
    speakers: list[str] = []
    for message in messages:
        speaker = (message.speaker or "").strip()
        if speaker:
            if speaker not in speakers:
                speakers.append(speaker)
            rule = speaker_rule(speaker, selection=selection)
            found.setdefault(speaker, _Entity(speaker)).decide(
                "person", rule.id if rule else None, 2.0, message.message_id
            )
    for message in messages:
        language = detect_language(message.content)
        for sentence in split_sentences(message.content):
            for named in name_entities(sentence, language, selection=selection):
                entity = found.setdefault(named.name, _Entity(named.name))
                entity.decide(named.kind, named.rule_id, named.confidence, message.message_id)
    _settle_addressed(found, speakers)
    _merge_given_names(found, speakers)
    _add_mentions(found, messages)
    order = {m.message_id: i for i, m in enumerate(messages)}
    return [
        EntityMention(
            name=e.name,
            aliases=e.aliases,
            kind=e.kind,
            kind_rule=e.rule_id,
            source_message_ids=sorted(e.source_ids, key=order.__getitem__),
        )
        for e in found.values()
        if e.kind is not None
    ]


def _settle_addressed(found: dict[str, _Entity], speakers: list[str]) -> None:
    """A name only ever addressed: a speaker's short form becomes their alias (its messages theirs); any other is
    left without a kind (no entity)."""
    for name, entity in list(found.items()):
        if entity.kind is not None:
            continue
        addressed = [s for s in speakers if _short_form(name, s)]
        if len(addressed) == 1:
            speaker = found[addressed[0]]
            speaker.aliases.append(name)
            speaker.source_ids += [i for i in entity.source_ids if i not in speaker.source_ids]
            del found[name]


def _add_mentions(found: dict[str, _Entity], messages: Sequence[ConversationMessage]) -> None:
    """Every message that names an entity (by a name or alias, as written) is a mention of it, where no rule
    decided anything about that name ("Jon opened a studio" once Jon is known as a person)."""
    for entity in found.values():
        if entity.kind is None:
            continue
        pattern = names_pattern([entity.name, *entity.aliases])
        entity.source_ids += [
            m.message_id for m in messages if m.message_id not in entity.source_ids and pattern.search(m.content)
        ]


def names_pattern(names: Sequence[str]) -> re.Pattern[str]:
    """A pattern finding any of ``names`` as written: a Latin name as a whole word, a Chinese one anywhere."""
    ordered = sorted(set(names), key=len, reverse=True)
    return re.compile("|".join(re.escape(n) if han_characters(n) else rf"(?<!\w){re.escape(n)}(?!\w)" for n in ordered))


def _short_form(name: str, speaker: str) -> bool:
    first = speaker.split()[0]
    return " " not in name and len(name) >= MIN_VOCATIVE_ALIAS_CHARS and name != first and first.startswith(name)


def _merge_given_names(found: dict[str, _Entity], speakers: list[str]) -> None:
    """A two-character Chinese name (not a speaker's) that ends exactly one three-character person's name is its
    alias."""
    persons = [e.name for e in found.values() if e.kind == "person" and len(han_characters(e.name)) == len(e.name) == 3]
    for short in list(found):
        entity = found[short]
        if entity.kind != "person" or short in speakers or len(han_characters(short)) != 2 or len(short) != 2:
            continue
        longer = [p for p in persons if p.endswith(short)]
        if len(longer) == 1:
            target = found[longer[0]]
            target.aliases.append(short)
            target.source_ids += [i for i in entity.source_ids if i not in target.source_ids]
            del found[short]
