"""What decided an entity's kind and what stated a relation (:mod:`graphsvc.graph.entity_provenance`), pure: the
rulebook when a rule id is stored, nobody for a THING without one, an LLM when the extraction set it without a
rule (or a relation was observed in messages), else a person."""

from __future__ import annotations

import pytest

from graphsvc.graph.entities import EntityView, RelationView
from graphsvc.graph.entity_provenance import DecidedBy, kind_decided_by, relation_stated_by

EXTRACTION = "impressions"


def entity(kind: str, rule: str | None = None) -> EntityView:
    return EntityView(
        uid="e1", user_id="ana", subject="Biscuit", kind=kind, created_at=None, updated_at=None, kind_rule=rule
    )


@pytest.mark.parametrize(
    ("kind", "rule", "actor", "expected"),
    [
        ("animal", "en.entity_kind.animal", EXTRACTION, "rulebook"),
        ("animal", "en.entity_kind.animal", "api", "rulebook"),  # a merge keeps the rule of the kind it kept
        ("thing", None, EXTRACTION, "nobody"),
        ("thing", None, "api", "nobody"),
        ("animal", None, EXTRACTION, "llm"),
        ("person", None, "api", "person"),
        ("person", None, None, "person"),  # no history entry left: not claimed for an extraction
    ],
)
def test_what_decided_an_entitys_kind(kind: str, rule: str | None, actor: str | None, expected: DecidedBy) -> None:
    assert kind_decided_by(entity(kind, rule), kind_actor=actor, extraction_actor=EXTRACTION) == expected


@pytest.mark.parametrize(
    ("rule", "observed", "expected"),
    [("en.relation.pet", 2, "rulebook"), ("en.relation.pet", 0, "rulebook"), (None, 1, "llm"), (None, 0, "person")],
)
def test_what_stated_a_relation(rule: str | None, observed: int, expected: DecidedBy) -> None:
    relation = RelationView(relation="has_pet", strength=0.5, outgoing=True, other=entity("person"), rule_id=rule)
    assert relation_stated_by(relation, observed=observed) == expected
