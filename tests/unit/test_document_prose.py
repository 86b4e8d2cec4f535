"""A document is a source about the world: only the prose of its passages is read for its entities
(no table rows, no reference lines)."""

from __future__ import annotations

from graphsvc.pipeline.documents.index import prose


def test_prose_leaves_out_table_rows_and_reference_lines() -> None:
    content = (
        "The survey was led by Maria Alvarez in Lisbon.\n"
        "| city | share |\n|---|---|\n| Porto | 12 |\n"
        "[1] Novak, P. (2019). Coastal towns. Journal of Places, 4, 1-9.\n"
        "2. Hart, J. & Lee, K. (2020) Rivers. Oxford.\n"
        "Smith, J. A. (2018). Sea walls. doi:10.1000/xyz123\n"
        "https://example.org/report.pdf"
    )
    assert prose(content) == "The survey was led by Maria Alvarez in Lisbon."


def test_numbered_steps_and_ordinary_sentences_stay_prose() -> None:
    steps = "1. Pack a raincoat.\n2. Check the trains to Porto."
    assert prose(steps) == steps  # a numbered list is prose, not a reference list
    sentence = "Lisbon, the capital, sits on seven hills. The tram runs to Belém."
    assert prose(sentence) == sentence  # a name and a comma are not a citation
    assert prose("| Alfa | Lisbon | Porto |\n[2] Costa, R. (2021). Trains.") == ""


def test_a_documents_entities_are_read_from_prose_one_per_name_with_the_passages_naming_them() -> None:
    from datetime import UTC, datetime

    from graphsvc import keys
    from graphsvc.graph.documents import Passage
    from graphsvc.pipeline.documents.index import document_entities

    passages = [
        Passage("p1", "The survey was led by Maria Alvarez in Lisbon."),
        Passage("p2", "| Porto | 12 |\n[1] Novak, P. (2019). Coastal towns."),  # a table row and a reference
        Passage("p3", "Maria Alvarez later moved to Lisbon."),
    ]
    found = document_entities("ana", "doc-1", passages, when=datetime(2026, 5, 1, tzinfo=UTC))
    by_name = {e.name: e for e in found}
    assert {"Maria Alvarez", "Lisbon"} <= set(by_name)
    assert not {"Porto", "Novak"} & set(by_name)  # named outside prose only
    assert by_name["Maria Alvarez"].passage_uids == ("p1", "p3") and by_name["Lisbon"].passage_uids == ("p1", "p3")
    assert by_name["Maria Alvarez"].kind == "person"
    assert by_name["Lisbon"].normalized == keys.normalise_text("Lisbon")
    assert len({e.uid for e in found}) == len(found)
    other = document_entities("ana", "doc-2", passages, when=datetime(2026, 5, 1, tzinfo=UTC))
    assert {e.uid for e in other}.isdisjoint(e.uid for e in found)  # each document has its own
    assert document_entities("ana", "doc-1", [Passage("p9", "| Porto | 12 |")], when=datetime.now(UTC)) == []
