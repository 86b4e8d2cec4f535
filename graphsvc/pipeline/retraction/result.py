"""What a retraction removed or changed, by kind (the ``ForgetResult`` of the GraphQL API)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields


@dataclass
class ForgetResult:
    """Counts by kind. ``complete`` is False only for an erasure that did not finish: stopped before its last
    batch, or finding nodes of the user left after it (call again).

    Attributes:
        events / sessions: events (messages, versions of other records) and conversations deleted.
        events_forgotten: events that stated a forgotten memory, kept as tombstones without text.
        memories_deleted: memories deleted because every source message was (or by an erasure).
        memories_forgotten: memories forgotten by ``forgetMemory`` (tombstones stay).
        memories_updated: memories that lost some source messages and stay.
        memories_reinstated: superseded memories current again because what superseded them went.
        impressions / aliases / relations / entities / pending_observations: deleted, resting only on the data
            (``entities`` counts a forgotten document's entities too).
        features_deleted / features_changed: features left without evidence / falling back to an older value.
        evidence: evidence deleted (of traits, impressions and features).
        traits_deleted: traits whose every piece of evidence went. traits_dissolved: re-scored below 0.1.
        traits_rescored: traits whose confidence was recomputed from the evidence left (dissolved ones included).
        candidates: candidates deleted (stated only by what went, or promoted to a forgotten memory).
        documents / chunks / document_versions: documents deleted with their chunks and earlier versions.
        sources: source records deleted with their last version. tags: tags left on nothing, deleted.
        summaries_rebuilt: conversations whose summaries were written again from the messages left.
        history_scrubbed: history entries whose values quoted deleted content, blanked.
        events_reembedded: surviving messages re-embedded because their embedded context quoted a deleted one.
        nodes_deleted: every node deleted (an erasure counts here).
        deleted_by_label: an erasure's nodes deleted per label, in deletion order, every label it covers (0
            where the user had none); empty for a forget.
    """

    events: int = 0
    events_forgotten: int = 0
    sessions: int = 0
    memories_deleted: int = 0
    memories_forgotten: int = 0
    memories_updated: int = 0
    memories_reinstated: int = 0
    impressions: int = 0
    aliases: int = 0
    features_deleted: int = 0
    features_changed: int = 0
    relations: int = 0
    entities: int = 0
    pending_observations: int = 0
    evidence: int = 0
    traits_deleted: int = 0
    traits_dissolved: int = 0
    traits_rescored: int = 0
    candidates: int = 0
    documents: int = 0
    chunks: int = 0
    document_versions: int = 0
    sources: int = 0
    tags: int = 0
    summaries_rebuilt: int = 0
    history_scrubbed: int = 0
    events_reembedded: int = 0
    nodes_deleted: int = 0
    complete: bool = True
    deleted_by_label: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, int | bool]:
        """The counts by kind and ``complete`` (``deleted_by_label`` aside)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "deleted_by_label"}
