"""Every rule of the rulebook does what its own examples say, and does not fire on its counterexamples.

Each example is said by one speaker (the language's example speaker unless it names one) as a one-message
conversation and judged by the same code the extraction job runs (:func:`graphsvc.rulebook.extract.judge_message`),
with every rule enabled, so a rule is checked in the company it keeps.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graphsvc.conversation import ConversationMessage
from graphsvc.rulebook import book
from graphsvc.rulebook.engine import Selection
from graphsvc.rulebook.extract import MessageTrace, judge_message
from graphsvc.rulebook.rule import EXAMPLE_SPEAKERS, Example, Rule

SAID_AT = datetime(2025, 7, 1, 12, 0, tzinfo=UTC)
EVERY_RULE = Selection(frozenset(r.id for r in book.RULES))
STATEMENT_DECISIONS = ("trim", "refuse", "split", "keep", "type", "subject")


def _trace(rule: Rule, said: str, speaker: str | None = None) -> MessageTrace:
    message = ConversationMessage(
        message_id="m1",
        role="user",
        speaker=speaker or EXAMPLE_SPEAKERS[rule.language],
        content=said,
        occurred_at=SAID_AT,
    )
    return judge_message(message, selection=EVERY_RULE)


def _fired(rule: Rule, trace: MessageTrace) -> bool:
    if rule.decision == "refuse":
        return trace.refused_by == rule.id or any(j.refused_by == rule.id for j in trace.judgements)
    if rule.decision == "keep":
        return any(j.statement is not None and j.statement.rule_id == rule.id for j in trace.judgements)
    shaped = [*(r for j in trace.judgements for r in j.shaped_by)]
    shaped += [r for j in trace.judgements if j.statement is not None for r in j.statement.shaped_by]
    return rule.id in shaped


def _contents(trace: MessageTrace) -> list[str]:
    return [j.statement.content for j in trace.judgements if j.statement is not None]


def _cases(kind: str) -> list[tuple[Rule, Example | str]]:
    out: list[tuple[Rule, Example | str]] = []
    for rule in book.RULES:
        if rule.decision not in STATEMENT_DECISIONS:
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


def test_every_statement_rule_has_an_example_and_a_counterexample() -> None:
    missing = [r.id for r in book.RULES if r.decision in STATEMENT_DECISIONS and not (r.examples and r.counterexamples)]
    assert missing == []


def test_rule_ids_are_unique_and_named_by_language_and_decision() -> None:
    ids = [r.id for r in book.RULES]
    assert len(ids) == len(set(ids))
    assert all(r.id.startswith(f"{r.language}.{r.decision}.") for r in book.RULES)
