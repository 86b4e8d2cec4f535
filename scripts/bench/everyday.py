"""The everyday set's gold (``scripts/bench/everyday/gold.jsonl``): what its author wrote down, before any rule ran
on it, that the service should learn, and what it must not.

One object per line, by ``kind``:

- ``memory``: ``userId, sessionId, messageId, about, type, plain, text``: a statement the message makes about
  ``about`` (``plain``: one of the plain things people tell an assistant, which the issue holds to 0.90 kept);
- ``trait`` / ``trait_maybe``: ``userId, about, text, sessions, keywords``: a habit stated in ``sessions``; a
  ``trait`` (three sessions or more) must form, a ``trait_maybe`` may;
- ``trait_never``: ``userId, about, text, sessions``: a one-off that must not become a trait;
- ``entity``: ``userId, name, entity_kind`` (a kind the service has no kind for, such as ``product``, is matched by
  the neutral ``thing``); ``entity_never``: ``userId, name`` (not an entity at all);
- ``relation``: ``userId, source, relation, target``.

**Text match** (:func:`holds`), language-aware and deliberately simple: the gold text's content units, outside
the name of the person it is about, at least half of them in the output's. English units are Porter stems of the
words (letters and digits) that are not stop words (bm25s's English list); Chinese units are the character
bigrams of each run of CJK characters (a run of one character is its own unit).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import Stemmer
from bm25s.stopwords import STOPWORDS_EN_PLUS
from judging import CJK, Item, Label, read_jsonl

from graphsvc.vocabulary import ENTITY_KINDS

STOPWORDS = frozenset(STOPWORDS_EN_PLUS)
STEMMER = Stemmer.Stemmer("english")
CJK_RUN = re.compile(r"[\u3400-\u9fff]+")


def content_units(text: str, name: str) -> set[str]:
    """The units :func:`holds` compares (see the module), ``name``'s own left out."""
    if CJK.search(text):
        runs = CJK_RUN.findall(text.replace(name, " ") if name else text)
        return {run[i : i + 2] for run in runs for i in range(max(1, len(run) - 1))}
    dropped = STOPWORDS | set(re.findall(r"[a-z0-9]+", name.lower()))
    words = [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in dropped]
    return set(STEMMER.stemWords(words))


def holds(gold: str, output: str, name: str) -> bool:
    """Does ``output`` say what ``gold`` says: at least half of the gold's content units in it?"""
    wanted = content_units(gold, name)
    return 2 * len(wanted & content_units(output, name)) >= len(wanted)


def _same(a: str | None, b: str | None) -> bool:
    return (a or "").strip().casefold() == (b or "").strip().casefold()


def _ends(row: dict[str, Any]) -> tuple[str, ...]:
    """A relation's source, relation and target, compared without case."""
    return tuple((row.get(k) or "").strip().casefold() for k in ("source", "relation", "target"))


def kind_fits(gold: str, output: str | None) -> bool:
    """The gold's kind, or the neutral ``thing`` for a gold kind the service has no kind for (``product``,
    ``language``, ``animal``: the issue asks for their own kinds or a neutral one)."""
    return _same(gold, output) or (gold not in ENTITY_KINDS and output == "thing")


class EverydayGold:
    """The gold rows, by kind and user."""

    def __init__(self, rows: Iterable[dict[str, Any]]) -> None:
        self.rows: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
        for row in rows:
            self.rows[row["kind"]][row["userId"]].append(row)

    @classmethod
    def load(cls, path: Path) -> EverydayGold:
        return cls(read_jsonl(path))

    def of(self, kind: str, user: str) -> list[dict[str, Any]]:
        return self.rows[kind].get(user, [])

    def memory_matches(self, gold: dict[str, Any], item: Item) -> bool:
        """An output memory extracted from the gold's message that says what the gold says."""
        cited = gold["messageId"] in item.detail.get("message_ids", [])
        return item.user == gold["userId"] and cited and holds(gold["text"], item.text, gold.get("about") or "")

    def label(self, item: Item) -> Label | None:
        """What the gold says of an output of the set, or None (it needs a person's label).

        A memory matching a gold memory is right (``M``); an entity named as a gold entity is right with the
        same kind (``E``), wrong with another (``E2``), and an ``entity_never`` name is wrong (``E1``); a relation
        in the gold is right (``R``). Traits are judged by labels only.
        """
        if item.kind == "memory" and any(self.memory_matches(g, item) for g in self.of("memory", item.user)):
            return "right", "M"
        if item.kind == "entity":
            name = item.detail.get("name")
            for g in self.of("entity", item.user):
                if _same(g["name"], name):
                    return (
                        ("right", "E")
                        if kind_fits(g["entity_kind"], item.detail.get("entity_kind"))
                        else ("wrong", "E2")
                    )
            if any(_same(g["name"], name) for g in self.of("entity_never", item.user)):
                return "wrong", "E1"
        if item.kind == "relation" and _ends(item.detail) in {_ends(g) for g in self.of("relation", item.user)}:
            return "right", "R"
        return None

    def extras(self, items: list[Item], users: set[str]) -> dict[str, Any]:
        """The set's own figures over ``users`` (one half), from the outputs of those users.

        - plain statements kept: the share of ``plain`` gold memories with a matching output memory, and the
          same over every gold memory;
        - traits: gold traits of three sessions or more formed (an active trait holding one of the keywords,
          about the same person where the trait names whom), ``trait_maybe`` formed, ``trait_never`` matched
          (by :func:`holds` on the text, the same ``about`` check); a forced reflection's traits do not count;
        - entities and relations of the gold found (an entity with its kind).
        """
        memories = [g for u in users for g in self.of("memory", u)]
        outputs = [i for i in items if i.user in users]

        def kept(golds: list[dict[str, Any]]) -> dict[str, int]:
            found = sum(any(self.memory_matches(g, i) for i in outputs if i.kind == "memory") for g in golds)
            return {"kept": found, "of": len(golds)}

        traits = [i for i in outputs if i.kind == "trait" and not i.forced]
        entities = {
            (i.user, i.detail["name"].casefold()): i.detail["entity_kind"] for i in outputs if i.kind == "entity"
        }
        relations = {(i.user, _ends(i.detail)) for i in outputs if i.kind == "relation"}
        gold_entities = [g for u in users for g in self.of("entity", u)]
        gold_relations = [g for u in users for g in self.of("relation", u)]
        return {
            "plain_kept": kept([g for g in memories if g.get("plain")]),
            "all_kept": kept(memories),
            "traits_formed": self._traits(users, "trait", traits, by_keyword=True, sessions=3),
            "trait_maybe_formed": self._traits(users, "trait_maybe", traits, by_keyword=True),
            "trait_never_matched": self._traits(users, "trait_never", traits, by_keyword=False),
            "entities_found": {
                "found": sum(
                    kind_fits(g["entity_kind"], entities.get((g["userId"], g["name"].casefold())))
                    for g in gold_entities
                ),
                "of": len(gold_entities),
            },
            "relations_found": {
                "found": sum((g["userId"], _ends(g)) in relations for g in gold_relations),
                "of": len(gold_relations),
            },
        }

    def _traits(
        self, users: set[str], kind: str, traits: list[Item], *, by_keyword: bool, sessions: int = 0
    ) -> dict[str, int]:
        golds = [g for u in users for g in self.of(kind, u) if len(g.get("sessions", [])) >= sessions]

        def matches(g: dict[str, Any], t: Item) -> bool:
            about = t.detail.get("about")
            if t.user != g["userId"] or (about and not _same(about, g.get("about"))):
                return False
            if by_keyword:
                return any(k.casefold() in t.text.casefold() for k in g.get("keywords", []))
            return holds(g["text"], t.text, g.get("about") or "")

        return {"matched": sum(any(matches(g, t) for t in traits) for g in golds), "of": len(golds)}
