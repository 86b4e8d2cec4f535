"""Full-text ranking with the tenant's own BM25 statistics.

Neo4j's full-text indexes hold every tenant's documents, so Lucene's BM25 weighs a term by how rare it
is across all users. The names of one user's world (their partner, their town) are rare across users
and common in that user's own data, so Lucene over-weights them and ranks any message naming the
partner above the one that answers the question. Recall therefore takes Lucene's tenant-filtered
candidates (a pool larger than it needs) and re-ranks them with BM25 computed from the tenant's own
statistics: the user's document count and, per query term, how many of the user's documents hold it
(both counted by Lucene inside the tenant filter, in recall's first read: :func:`count_asks`,
:func:`tenant_statistics`).

Scoring is Lucene's BM25 (Robertson & Zaragoza 2009, "The Probabilistic Relevance Framework"; Lucene
``BM25Similarity``: ``idf = ln(1 + (N − df + 0.5) / (df + 0.5))``, ``k1 = 1.2``, ``b = 0.75``), with the
average document length taken over the candidate pool. Texts are analysed as the index analysers do:
English — lower case, Lucene's 33 stop words dropped, Porter stems (PyStemmer); CJK — bigrams.

Measured on LoCoMo dev, an experiment outside the bench scripts (rank_bm25 over the turns, the same
query terms, Lucene's idf): BM25 with each conversation's own statistics ranked the evidence in the top
10 for 0.634 of the questions, with statistics pooled over all five conversations 0.578. Through
scripts/bench/locomo.py the whole recall went from 0.704 to 0.717 any@10 with this and query stop words.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from graphsvc import keys
from graphsvc.graph.recall import Scored, TextMatch
from graphsvc.text import lucene
from graphsvc.text.lucene import Family, analyse, term_frequencies

K1 = 1.2
B = 0.75


@dataclass(frozen=True)
class TenantStatistics:
    """``documents``: the user's documents in the index; ``frequency``: query term → documents holding it."""

    documents: int
    frequency: dict[str, int]


@dataclass(frozen=True)
class CountAsk:
    """One document count tenant BM25 needs: the user's documents in ``index`` holding ``term`` ("" = all of
    them), as the Lucene ``query`` that counts them."""

    index: str
    term: str
    query: str


def count_asks(*, user_id: str, terms: list[str], indexes: dict[str, int | None]) -> list[CountAsk]:
    """The counts to ask Lucene for, inside the tenant filter, for several indexes at once.

    Args:
        terms: query terms from :func:`graphsvc.text.lucene.content_terms`.
        indexes: full-text index name (:func:`graphsvc.graph.recall.text_index`) → the user's document count
            in it when the caller knows it (None: counted with the terms).

    Raises:
        ValueError: a term or the tenant key holds a non-word character.
    """
    tenant = keys.tenant_key(user_id)
    return [
        CountAsk(index, term, lucene.term_query(term, tenant=tenant))
        for index, documents in indexes.items()
        for term in ([] if documents is not None else [""]) + terms
    ]


def tenant_statistics(
    asks: list[CountAsk], counts: dict[tuple[str, str], int], *, indexes: dict[str, int | None]
) -> dict[str, TenantStatistics]:
    """Each index's statistics from the counts of :func:`count_asks` (pure).

    Args:
        counts: ``(index, Lucene query)`` → the user's matching documents (a missing ask counts 0).
        indexes: as given to :func:`count_asks`.

    Returns:
        index name → its statistics; the document count is never below a term's count.
    """
    out: dict[str, TenantStatistics] = {}
    for index, documents in indexes.items():
        frequency = {a.term: counts.get((a.index, a.query), 0) for a in asks if a.index == index and a.term}
        if documents is None:
            documents = sum(counts.get((a.index, a.query), 0) for a in asks if a.index == index and not a.term)
        out[index] = TenantStatistics(documents=max(documents, max(frequency.values(), default=0)), frequency=frequency)
    return out


def rerank(pool: list[TextMatch], *, terms: list[str], family: Family, stats: TenantStatistics, k: int) -> list[Scored]:
    """Re-rank Lucene's candidates by tenant BM25.

    Args:
        pool: the candidate pool (one user's documents, with their text).
        terms: the query terms (as counted in ``stats``).

    Returns:
        the ``k`` best by tenant BM25 (ties by uid); documents scoring 0 are left out.
    """
    if not pool:
        return []
    docs = [(match.uid, term_frequencies(match.text, family)) for match in pool]
    lengths = [sum(tf.values()) for _, tf in docs]
    avgdl = max(sum(lengths) / len(lengths), 1.0)
    weights: list[tuple[str, float]] = []
    for term in terms:
        analysed = analyse(term, family)
        if not analysed:
            continue
        df = stats.frequency.get(term, 0)
        idf = math.log(1.0 + (stats.documents - df + 0.5) / (df + 0.5))
        weights.extend((a, idf) for a in analysed)
    scored: list[Scored] = []
    for (uid, tf), length in zip(docs, lengths, strict=True):
        norm = K1 * (1.0 - B + B * length / avgdl)
        score = sum(idf * tf[a] / (tf[a] + norm) for a, idf in weights if tf[a])
        if score > 0:
            scored.append(Scored(uid, score))
    scored.sort(key=lambda s: (-s.score, s.uid))
    return scored[:k]
