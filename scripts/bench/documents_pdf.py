"""Documents over real public PDFs: does a question whose answer is a passage get that passage first?

    .venv/bin/python scripts/bench/documents_pdf.py [--pdfs scripts/bench/pdfs] [--limit 10]

Against the Neo4j that ``NEO4J_URI`` names (use a bench instance: it writes the user ``bench-pdf-user`` and
deletes it at the start and the end). The PDFs and their questions are in ``--pdfs`` (``questions.json``: for each
question its PDF and the ``keys`` the answering passage holds; ``README.md`` there names each file's source and
licence): a three-column Federal Register notice and a table on a page rotated by 90°.

The user first says three things of their own in a conversation (one names a city the notice names, so their
entity links to the notice's); then each PDF goes through ``ingest_document_bytes`` and its ``parse_document`` and
``index_document`` jobs (the sandboxed parser, no OCR). Each question is recalled (``--limit`` hits; run it
without ``LLM_*`` and ``RERANKER_*`` set); a hit answers it when it is a passage of the question's PDF holding
every key (case, spacing and dashes folded). Reported per PDF and in all: the share whose first hit answers
(first), the share with an answer in the first three hits (@3), the share of first hits that are passages, and how
many hits derived from a document (not passages: its ``DOCUMENT`` event, impressions resting only on it) rank
above the first answering passage (should be 0). Also: the documents' entities, the user's entities and the links
between them (a document's entities are not the user's). Prints a table and one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from graphsvc.config import Settings  # noqa: E402
from graphsvc.conversation import MessageIn  # noqa: E402
from graphsvc.pipeline.recall.hits import RecallHit  # noqa: E402
from graphsvc.service import MemoryService  # noqa: E402

USER = "bench-pdf-user"
PDFS = Path(__file__).resolve().parent / "pdfs"
OWN_WORDS = (
    "I am learning to fly small planes at the local airfield.",
    "My sister moved to Jakarta last spring.",
    "I keep a spreadsheet of my hiking trips.",
)
_DASHES = re.compile(r"[\u2010-\u2015\u2212]")


@dataclass(frozen=True)
class Question:
    pdf: str
    question: str
    keys: tuple[str, ...]


def fold(text: str) -> str:
    """Case, width, dashes and spacing folded (pure): what a key is looked for in."""
    text = _DASHES.sub("-", unicodedata.normalize("NFKC", text)).casefold()
    return " ".join(text.split())


def answers(hit: RecallHit, question: Question, document_uid: str) -> bool:
    """Whether the hit is a passage of the question's PDF holding every key."""
    content = fold(hit.content)
    return hit.kind == "chunk" and hit.document_id == document_uid and all(fold(k) in content for k in question.keys)


def score(hits: list[RecallHit], question: Question, document_uid: str, document_events: set[str]) -> dict[str, Any]:
    """One question's outcome: the rank of its first answering hit (None: none in the list), whether the first hit
    is a passage, and how many hits derived from a document rank above the first answer."""
    rank = next((i for i, h in enumerate(hits) if answers(h, question, document_uid)), None)
    above = hits if rank is None else hits[:rank]
    derived = [
        h for h in above if h.kind != "chunk" and h.source_event_uids and set(h.source_event_uids) <= document_events
    ]
    return {
        "question": question.question,
        "pdf": question.pdf,
        "rank": None if rank is None else rank + 1,
        "first_is_passage": bool(hits) and hits[0].kind == "chunk",
        "derived_above": len(derived),
        "first_hit": f"{hits[0].kind}: {hits[0].content[:80]}" if hits else None,
    }


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    return {
        "questions": n,
        "first": round(sum(r["rank"] == 1 for r in rows) / n, 3) if n else 0.0,
        "at3": round(sum(r["rank"] is not None and r["rank"] <= 3 for r in rows) / n, 3) if n else 0.0,
        "first_is_passage": round(sum(r["first_is_passage"] for r in rows) / n, 3) if n else 0.0,
        "derived_above": sum(r["derived_above"] for r in rows),
    }


async def count(service: MemoryService, cypher: str) -> int:
    async with service.db.driver.session() as session:
        record = await (await session.run(cypher, u=USER)).single()
        return int(record["n"]) if record else 0


async def cleanup(service: MemoryService) -> None:
    async with service.db.driver.session() as session:
        await (
            await session.run("MATCH (n) WHERE n.user_id = $u CALL (n) { DETACH DELETE n } IN TRANSACTIONS", u=USER)
        ).consume()


async def main_async(pdfs: Path, limit: int) -> dict[str, Any]:
    questions = [
        Question(q["pdf"], q["question"], tuple(q["keys"]))
        for q in json.loads((pdfs / "questions.json").read_text(encoding="utf-8"))
    ]
    service = await MemoryService.open(Settings(daily_learning=False))
    try:
        await cleanup(service)
        said = datetime(2026, 3, 2, 9, tzinfo=UTC)
        messages = [
            MessageIn(role="user", content=text, occurred_at=said, message_id=f"m{i}", speaker="Sam")
            for i, text in enumerate(OWN_WORDS)
        ]
        await service.ingest_messages(user_id=USER, session_id="own-words", messages=messages)
        await service.end_conversation(user_id=USER, session_id="own-words")
        documents: dict[str, str] = {}
        for name in sorted({q.pdf for q in questions}):
            outcome = await service.ingest_document_bytes(
                user_id=USER, filename=name, content=(pdfs / name).read_bytes(), mime_type="application/pdf"
            )
            documents[name] = outcome.document.uid
        await service.wait_for_jobs()
        events: set[str] = set()
        for name, uid in documents.items():
            document = await service.document(user_id=USER, document_id=uid)
            if document.status != "ready":
                raise click.ClickException(f"{name} is {document.status}: {document.error}")
            events |= {document.event_uid} if document.event_uid else set()
        rows = []
        for q in questions:
            hits = await service.recall(user_id=USER, query=q.question, limit=limit)
            rows.append(score(hits, q, documents[q.pdf], events))
        by_pdf = {name: summary([r for r in rows if r["pdf"] == name]) for name in documents}
        scope = {
            "entities_of_documents": await count(
                service, "MATCH (m:DocumentEntity {user_id: $u}) RETURN count(m) AS n"
            ),
            "user_entities": await count(service, "MATCH (e:Entity {user_id: $u}) RETURN count(e) AS n"),
            "links": await count(
                service, "MATCH (:Entity {user_id: $u})-[r:DOCUMENT_MENTION]->() RETURN count(r) AS n"
            ),
            "impressions_from_documents": await count(
                service,
                "MATCH (i:Impression {user_id: $u})<-[:SUPPORTS]-(:Evidence)-[:FROM_EVENT]->(:Event "
                "{source_type: 'document'}) RETURN count(DISTINCT i) AS n",
            ),
        }
        return {"all": summary(rows), "by_pdf": by_pdf, "scope": scope, "questions": rows}
    finally:
        await cleanup(service)
        await service.close()


@click.command()
@click.option("--pdfs", type=click.Path(exists=True, file_okay=False, path_type=Path), default=PDFS, show_default=True)
@click.option("--limit", default=10, show_default=True, help="Hits per recall.")
def main(pdfs: Path, limit: int) -> None:
    result = asyncio.run(main_async(pdfs, limit))
    click.echo("| PDF | questions | first | @3 | first hit a passage | derived hits above the answer |")
    click.echo("|---|---|---|---|---|---|")
    for name, row in [*result["by_pdf"].items(), ("all", result["all"])]:
        click.echo(
            f"| {name} | {row['questions']} | {row['first']:.3f} | {row['at3']:.3f} | "
            f"{row['first_is_passage']:.3f} | {row['derived_above']} |"
        )
    click.echo(f"scope: {result['scope']}")
    for row in result["questions"]:
        click.echo(f"  rank {row['rank']}: {row['question']} -> {row['first_hit']}")
    click.echo(json.dumps(result))


if __name__ == "__main__":
    main()
