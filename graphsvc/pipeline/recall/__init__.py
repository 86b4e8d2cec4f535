"""Recall (the read path): one ranked list over events, memories, impressions and traits.

``rank.run`` ranks (vector, full text with tenant BM25, graph expansion; fused, then seed 002 §7's
adjustment); ``context.run`` builds the prompt-ready memoryContext block on top of it.
"""
