"""Every rule of the rulebook does what its own examples say, and does not fire on its counterexamples.

Each example is said by one speaker (the language's example speaker unless it names one) as a one-message
conversation (a ``voice`` rule's in a group's conversation, by a member, but an ``included`` one's, whose "we" is the
speaker's own, in a person's own conversation) and judged by the same code the extraction
job runs, with every rule enabled, so a rule is checked in the company it keeps: a statement decision by
:func:`graphsvc.rulebook.extract.judge_message`; an entity kind by the entity detection
(:func:`graphsvc.pipeline.impressions.active.detect_mentions`), its example expecting ``"Name (kind)"``; a relation
by the offline observation planner (:mod:`graphsvc.pipeline.impressions.offline`), its example expecting
``"Source -relation-> Target"`` (a feature's value as the target). A ``listener`` relation's conversation opens
with a greeting by :data:`LISTENERS`. A rule with no output of its own to point at (a ``none`` entity rule, a
``feature`` relation rule) fired when its example's output is there with it and not without it.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.conversation import ConversationMessage
from graphsvc.graph.identity import IdentityIndex
from graphsvc.pipeline.impressions import offline
from graphsvc.pipeline.impressions.active import build_active_entities, detect_mentions
from graphsvc.rulebook import book
from graphsvc.rulebook.engine import Selection
from graphsvc.rulebook.extract import GroupVoice, MessageTrace, judge_conversation, judge_message
from graphsvc.rulebook.rule import EXAMPLE_GROUPS, EXAMPLE_SPEAKERS, Example, Rule
from graphsvc.text.language import Language

SAID_AT = datetime(2025, 7, 1, 12, 0, tzinfo=UTC)
EVERY_RULE = Selection(frozenset(r.id for r in book.RULES))
STATEMENT_DECISIONS = ("answer", "voice", "trim", "refuse", "split", "refer", "keep", "type", "subject", "pastime")
NAME_DECISIONS = ("entity_kind", "relation")
LISTENERS: dict[Language, tuple[str, str]] = {"en": ("Tomasz", "Hi!"), "zh": ("李娜", "你好！")}
"""Who a ``listener`` relation's example speaks to, and what they say first."""


def _trace(rule: Rule, said: str, speaker: str | None = None) -> MessageTrace:
    """A ``voice`` rule's example is said by a member (with a user id) in :data:`EXAMPLE_GROUPS`' conversation; an
    ``answer`` rule's is the assistant's question and the speaker's reply, after an earlier message of the speaker's
    when it has three parts (the reply's trace)."""
    if rule.decision == "answer":  # the turns alternate back from the reply: reply, question, earlier message…
        parts = [part.strip() for part in said.split("|")]
        who = speaker or EXAMPLE_SPEAKERS[rule.language]
        roles = [("user", who) if (len(parts) - n) % 2 else ("assistant", "Assistant") for n in range(len(parts))]
        turns = [(role, name, text) for (role, name), text in zip(roles, parts, strict=True)]
        messages = [
            ConversationMessage(message_id=f"m{n}", role=role, speaker=who, content=text, occurred_at=SAID_AT)
            for n, (role, who, text) in enumerate(turns)
        ]
        return judge_conversation(messages, selection=EVERY_RULE)[-1]
    voice = rule.decision == "voice" and rule.output != "included"  # "we" including the speaker: their own talk
    message = ConversationMessage(
        message_id="m1",
        role="user",
        speaker=speaker or EXAMPLE_SPEAKERS[rule.language],
        speaker_id="member-1" if voice else None,
        content=said,
        occurred_at=SAID_AT,
    )
    return judge_message(
        message, selection=EVERY_RULE, voice=GroupVoice(EXAMPLE_GROUPS[rule.language]) if voice else None
    )


def _fired(rule: Rule, trace: MessageTrace) -> bool:
    if rule.decision == "refuse" or (rule.decision == "voice" and rule.output == "personal"):
        return trace.refused_by == rule.id or any(j.refused_by == rule.id for j in trace.judgements)
    if rule.decision in ("keep", "pastime"):
        return any(j.statement is not None and j.statement.rule_id == rule.id for j in trace.judgements)
    shaped = [*(r for j in trace.judgements for r in j.shaped_by)]
    shaped += [r for j in trace.judgements if j.statement is not None for r in j.statement.shaped_by]
    return rule.id in shaped


def _contents(trace: MessageTrace) -> list[str]:
    return [j.statement.content for j in trace.judgements if j.statement is not None]


def _cases(kind: str, decisions: tuple[str, ...] = STATEMENT_DECISIONS) -> list[tuple[Rule, Example | str]]:
    out: list[tuple[Rule, Example | str]] = []
    for rule in book.RULES:
        if rule.decision not in decisions:
            continue
        items = rule.examples if kind == "example" else rule.counterexamples
        out.extend((rule, item) for item in items)
    return out


@pytest.mark.parametrize(
    ("rule", "example"), _cases("example"), ids=lambda v: v.id if isinstance(v, Rule) else str(getattr(v, "said", v))
)
def test_rule_fires_on_its_examples(rule: Rule, example: Example) -> None:
    trace = _trace(rule, example.said, example.speaker)
    assert _fired(rule, trace), f"{rule.id} did not fire on {example.said!r}: {trace}"
    if example.expect is not None:
        assert example.expect in _contents(trace), f"{rule.id} on {example.said!r} gave {_contents(trace)}"


@pytest.mark.parametrize(
    ("rule", "said"), _cases("counterexample"), ids=lambda v: v.id if isinstance(v, Rule) else str(v)
)
def test_rule_does_not_fire_on_its_counterexamples(rule: Rule, said: str) -> None:
    trace = _trace(rule, said)
    assert not _fired(rule, trace), f"{rule.id} fired on {said!r}: {trace}"


def _conversation(rule: Rule, said: str, speaker: str | None = None) -> list[ConversationMessage]:
    """The example as the conversation it is said in (a ``listener`` relation's opens with the listener)."""
    opening = [LISTENERS[rule.language]] if "listener" in rule.tags else []
    turns = [*opening, (speaker or EXAMPLE_SPEAKERS[rule.language], said)]
    return [
        ConversationMessage(message_id=f"m{n}", role="user", speaker=who, content=text, occurred_at=SAID_AT)
        for n, (who, text) in enumerate(turns)
    ]


def _outputs(rule: Rule, messages: list[ConversationMessage], selection: Selection) -> dict[str, str | None]:
    """What detection or the planner made of a conversation: each entity as "Name (kind)", each relation and
    feature as "Source -relation-> Target", with the rule that decided it (None: no rule is recorded)."""
    mentions = detect_mentions(messages, selection=selection)
    if rule.decision == "entity_kind":
        return {f"{m.name} ({m.kind})": m.kind_rule for m in mentions}
    active = build_active_entities(mentions, messages, index=IdentityIndex(), batch_size=50)
    analysis = offline.analyse(messages, statements=[], entities=active.entities, selection=selection)
    out: dict[str, str | None] = {}
    for batch in active.batches:
        for o in offline.plan_batch(batch, analysis).observations:
            out |= {f"{o.proposed_subject} -{f.key}-> {f.value}": None for f in o.features}
            out |= {f"{o.proposed_subject} -{r.relation}-> {r.target}": r.rule_id for r in o.relations}
    return out


def _decided(rule: Rule, said: str, speaker: str | None = None) -> set[str]:
    """The outputs this rule decides on ``said``: recorded as its, or made with it and not without it."""
    messages = _conversation(rule, said, speaker)
    made = _outputs(rule, messages, EVERY_RULE)
    if rule.output == "none" or "feature" in rule.tags:
        without = _outputs(rule, messages, Selection(EVERY_RULE.enabled - {rule.id}))
        return set(made.keys() ^ without.keys())
    decided = {output for output, rule_id in made.items() if rule_id == rule.id}
    if rule.decision == "entity_kind":  # the speaker's own name aside: what the text names
        return {output for output in decided if output.rsplit(" (", 1)[0] in said}
    return decided


@pytest.mark.parametrize(
    ("rule", "example"),
    _cases("example", NAME_DECISIONS),
    ids=lambda v: v.id if isinstance(v, Rule) else str(getattr(v, "said", v)),
)
def test_entity_and_relation_rules_decide_their_examples(rule: Rule, example: Example) -> None:
    messages = _conversation(rule, example.said, example.speaker)
    if "speaker" in rule.tags and example.expect == f"{messages[-1].speaker} (person)":
        assert _outputs(rule, messages, EVERY_RULE).get(example.expect) == rule.id
        return
    decided = _decided(rule, example.said, example.speaker)
    assert decided, f"{rule.id} decided nothing on {example.said!r}: {_outputs(rule, messages, EVERY_RULE)}"
    if example.expect is not None:
        assert example.expect in decided, f"{rule.id} on {example.said!r} decided {sorted(decided)}"


@pytest.mark.parametrize(
    ("rule", "said"), _cases("counterexample", NAME_DECISIONS), ids=lambda v: v.id if isinstance(v, Rule) else str(v)
)
def test_entity_and_relation_rules_do_not_decide_their_counterexamples(rule: Rule, said: str) -> None:
    assert _decided(rule, said) == set(), f"{rule.id} decided on {said!r}"


def test_every_rule_has_an_example_and_a_counterexample() -> None:
    decisions = (*STATEMENT_DECISIONS, *NAME_DECISIONS)
    missing = [r.id for r in book.RULES if r.decision in decisions and not (r.examples and r.counterexamples)]
    assert missing == []


def test_rule_ids_are_unique_and_named_by_language_and_decision() -> None:
    ids = [r.id for r in book.RULES]
    assert len(ids) == len(set(ids))
    assert all(r.id.startswith(f"{r.language}.{r.decision}.") for r in book.RULES)
