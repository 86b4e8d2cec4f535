"""Items judged by the learning benchmark, their gold labels, and precision with its Wilson interval.

An item is one output of the service as a user sees it: a memory or a trait by its content, an entity as
``"name (kind)"``, a relation as ``"source -relation-> target"``. It is keyed by the first 16 hex digits of
``sha256("kind|user|text")`` (``user``: the data set's user id), the key of the gold files
(``precision/LABELLING.md``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from splits import Half

from graphsvc.rulebook import book
from graphsvc.rulebook.book import wilson

Label = tuple[str, str]
"""``("right" | "wrong", the labelling rule that decided)``."""

CJK = re.compile(r"[\u3400-\u9fff]")
KINDS = ("memory", "trait", "entity", "relation")


def item_hash(kind: str, user: str, text: str) -> str:
    """The gold files' key of an item: 16 hex digits of ``sha256("kind|user|text")``."""
    return hashlib.sha256(f"{kind}|{user}|{text}".encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Item:
    """One output of the service, in the half of its user's split unit.

    Attributes:
        rule: the id of the rule that made it (``rule_id`` / ``kind_rule`` on the stored output), None without.
        forced: a trait that appeared only after ``--force-reflection-at-end``.
        detail: what else was read back (a memory's type, status and message ids; a trait's stage, evidence and
            speakers; an entity's name and kind; a relation's ends), for matching and for the labeller.
    """

    kind: str
    user: str
    text: str
    data_set: str
    half: Half
    rule: str | None = None
    forced: bool = False
    detail: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def key(self) -> str:
        return item_hash(self.kind, self.user, self.text)

    @property
    def language(self) -> str:
        """``zh`` when the text holds a CJK character, else ``en``."""
        return "zh" if CJK.search(self.text) else "en"

    def row(self, label: Label | None) -> dict[str, Any]:
        """The item as one line of the ``--items`` / ``--unlabelled`` files (with its text)."""
        head = {"hash": self.key, "kind": self.kind, "data_set": self.data_set, "half": self.half, "user": self.user}
        judged = {"label": label[0], "label_rule": label[1]} if label else {}
        return head | {"rule": self.rule, "forced": self.forced, "text": self.text} | self.detail | judged


def on_by_default(rule: str | None) -> bool:
    """Whether the rule that made an output runs in the product's default selection
    (:func:`graphsvc.rulebook.book.on_by_default`, from ``measured.json`` as it is now); an output no rule made
    (an LLM's, a person's) counts as shipped.

    Leaving out the outputs of rules that are off by default approximates a run with the defaults: with such a
    rule off, a later rule may take the sentence it took, which this cannot see.
    """
    found = book.by_id().get(rule or "")
    return found is None or book.on_by_default(found)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """The objects of a JSON-lines file (blank lines skipped)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def load_gold(paths: Iterable[Path]) -> dict[str, dict[str, Any]]:
    """``{hash: label row}`` of the gold files that exist (a later file wins on a hash in two)."""
    return {row["hash"]: row for path in paths if path.exists() for row in read_jsonl(path)}


def tally(labels: list[Label | None]) -> dict[str, Any]:
    """Outputs, labelled, right, precision (right / labelled) with its Wilson 95 % interval, unlabelled."""
    judged = [label for label in labels if label is not None]
    right = sum(label[0] == "right" for label in judged)
    return {
        "output": len(labels),
        "labelled": len(judged),
        "right": right,
        "precision": round(right / len(judged), 4) if judged else None,
        "ci95": wilson(right, len(judged)),
        "unlabelled": len(labels) - len(judged),
    }
