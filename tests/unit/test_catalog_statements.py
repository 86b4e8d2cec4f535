"""The statements ``graph/`` builds from the catalog (erase, export): every user-owned label is covered, in the
catalog's order, and no text but a declared label ever gets into one."""

from __future__ import annotations

import pytest

from graphsvc.graph import catalog, erase, portability


def test_erase_covers_every_user_owned_label_in_catalog_order_the_erasure_last_and_apart() -> None:
    labels = erase.erased_labels()
    owned = [k.label for k in catalog.NODES if k.owner == "user"]
    assert list(labels) == [label for label in owned if label != "Erasure"]
    assert {"Document", "Chunk", "DocumentVersion", "MemoryCandidate", "Source", "Tag", "LearningRun"} <= set(labels)
    assert labels[:2] == ("ApiKey", "Job")  # nothing acts or works for the user while it is erased
    assert "Lease" not in labels  # the deployment's, not a user's


@pytest.mark.parametrize("label", erase.erased_labels())
def test_each_batch_delete_names_its_label_and_takes_every_value_as_a_parameter(label: str) -> None:
    statement = erase._delete_batch_statement(label)
    assert statement.startswith(f"MATCH (n:{label})\nWHERE n.user_id = $user_id\nWITH n LIMIT $batch")


def test_the_count_of_what_is_left_reads_each_label_through_its_user_index() -> None:
    statement = erase._count_statement(("Memory", "Document"))
    assert statement.count("UNION ALL") == 1
    assert "MATCH (n:Memory)\nWHERE n.user_id = $user_id" in statement and "'Document' AS label" in statement


@pytest.mark.parametrize("label", ["Lease", "Nope", "Memory) DETACH DELETE (x", "memory", ""])
def test_a_label_not_declared_as_the_users_is_refused(label: str) -> None:
    with pytest.raises(ValueError, match="not one of the catalog's labels"):
        erase._delete_batch_statement(label)
    with pytest.raises(ValueError):
        erase._count_statement((label,))


def test_export_reads_exactly_the_exported_labels() -> None:
    for label in catalog.exported_labels():
        assert portability._nodes_statement(label).startswith(f"MATCH (n:{label})\nWHERE n.user_id = $user_id")
        assert "m.user_id = $user_id" in portability._edges_statement(label)
    for label in ("ApiKey", "JobLane", "EntityLock", "Erasure", "Lease"):
        with pytest.raises(ValueError):
            portability._nodes_statement(label)
