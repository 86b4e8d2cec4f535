"""memoryContext: a prompt-ready block of what graphsvc knows, within a token budget.

Seed 003's ``build_memory_context``: long-term memory joined with recent events. The block has up
to three sections, in this order and priority:

1. the user's established (and core) traits (seed 002 §8, ``user_traits(min_stage=established)``);
2. the memories, events and entities' impressions recalled for the query, each with its date
   (``recall``: hybrid, tenant-scoped);
3. the latest messages of the user's recent conversations, oldest first.

Each section takes at most its share of what the budget has left (traits 30 %, recalled memories
all but what the recent messages reserve, recent messages 25 %); a line that does not fit is left
out whole. Token counts are estimates (one per CJK character, one per four other characters).
No LLM call.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from graphsvc.errors import InvalidInputError
from graphsvc.pipeline.recall import rank
from graphsvc.pipeline.recall.hits import RecallHit
from graphsvc.pipeline.reflection.traits_query import user_traits
from graphsvc.runtime import Runtime
from graphsvc.text.tokens import estimate_tokens

MIN_TOKENS = 50
MAX_TOKENS = 32_000
TRAIT_SHARE = 0.30
RECENT_SHARE = 0.25
RECALL_LIMIT = 30
RECENT_EVENTS = 12


@dataclass
class MemoryContext:
    """The block and what it used. ``tokens`` is the estimate of ``text``."""

    text: str = ""
    tokens: int = 0
    trait_ids: list[str] = field(default_factory=list)
    memory_ids: list[str] = field(default_factory=list)
    impression_ids: list[str] = field(default_factory=list)
    event_ids: list[str] = field(default_factory=list)


class _Budget:
    def __init__(self, total: int) -> None:
        self.left = total
        self.lines: list[str] = []

    def section(self, title: str, items: list[tuple[str, str]], share: float, reserve: int = 0) -> list[str]:
        """Add ``title`` and as many ``(id, line)`` items as fit in ``share`` of what is left; ids used."""
        cap = min(int(self.left * share), self.left - reserve)
        header = estimate_tokens(title)
        used, ids, lines = header, [], [title]
        for ident, line in items:
            cost = estimate_tokens(line)
            if used + cost > cap:
                continue
            used += cost
            ids.append(ident)
            lines.append(line)
        if ids:
            self.lines += [*lines, ""]
            self.left -= used
        return ids


async def run(rt: Runtime, *, user_id: str, query: str, max_tokens: int) -> MemoryContext:
    """Build the block for ``query``.

    Args:
        max_tokens: the budget, 50–32,000 estimated tokens.

    Returns:
        the block (empty text when the user has nothing stored) and the ids it cites.

    Raises:
        InvalidInputError: bad user id, query or budget.
    """
    if not MIN_TOKENS <= max_tokens <= MAX_TOKENS:
        raise InvalidInputError(field="maxTokens", problem=f"must be between {MIN_TOKENS} and {MAX_TOKENS}")
    hits = await rank.run(rt, user_id=user_id, query=query, limit=RECALL_LIMIT)
    traits = await user_traits(db=rt.db, settings=rt.settings, user_id=user_id, min_stage="established")
    recent = list(reversed(await rt.db.read("recent_events", user_id=user_id, limit=RECENT_EVENTS)))
    budget = _Budget(max_tokens)
    context = MemoryContext()
    context.trait_ids = budget.section(
        "What you know about the user:",
        [(t.uid, f"- {t.content} ({t.stage}, {t.subtype}, confidence {t.confidence or 0:.2f})") for t in traits],
        TRAIT_SHARE,
    )
    recent_lines = [
        (
            str(r["uid"]),
            f"- [{r['occurred_at'].to_native():%Y-%m-%d %H:%M}] {r['speaker'] or r['role']}: {r['content']}",
        )
        for r in recent
    ]
    reserve = min(int(budget.left * RECENT_SHARE), sum(estimate_tokens(line) for _, line in recent_lines))
    recalled = [(h.uid, _recalled_line(h)) for h in hits if h.kind != "trait" or h.uid not in context.trait_ids]
    used = budget.section("Relevant memories:", recalled, 1.0, reserve=reserve)
    kinds = {h.uid: h.kind for h in hits}
    context.memory_ids = [u for u in used if kinds.get(u) in ("memory", "trait")]
    context.impression_ids = [u for u in used if kinds.get(u) == "impression"]
    context.event_ids = [u for u in used if kinds.get(u) == "event"]
    context.event_ids += budget.section("Recent conversation:", recent_lines, 1.0)
    context.text = "\n".join(budget.lines).strip()
    context.tokens = estimate_tokens(context.text) if context.text else 0
    return context


def _recalled_line(hit: RecallHit) -> str:
    """``- [YYYY-MM-DD] text``; an impression says which entity it is about."""
    text = f"about {hit.entity}: {hit.content}" if hit.kind == "impression" and hit.entity else hit.content
    return f"- [{hit.occurred_at:%Y-%m-%d}] {text}" if hit.occurred_at else f"- {text}"
