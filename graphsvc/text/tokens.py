"""Token estimates for prompt and context budgets (no tokenizer needed)."""

from __future__ import annotations

from graphsvc.text.lucene import has_cjk


def estimate_tokens(text: str) -> int:
    """Rough token count: one per CJK character, one per four other characters (+ 8 of message overhead)."""
    cjk = sum(1 for ch in text if has_cjk(ch))
    return cjk + (len(text) - cjk) // 4 + 8
