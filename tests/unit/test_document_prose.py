"""A document is a source about the world: only the prose of its passages is read for entities and impressions
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
