"""The limits a document is parsed under, as the parser reads them (``DOCUMENT_*`` settings).

:class:`DocumentLimits` is what :mod:`.normalize`, :mod:`.guard` and the parsers read; the service's
:class:`~graphsvc.config.Settings` satisfies it, and :class:`ParseLimits` carries the same values into the
sandboxed parser process (:mod:`.sandbox`), which builds no settings of its own.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Protocol


class DocumentLimits(Protocol):
    """The ``DOCUMENT_*`` limits the parsers read (see their descriptions in :class:`graphsvc.config.Settings`)."""

    @property
    def document_max_bytes(self) -> int: ...
    @property
    def document_max_pages(self) -> int: ...
    @property
    def document_max_chars(self) -> int: ...
    @property
    def document_max_unzipped_bytes(self) -> int: ...
    @property
    def document_max_zip_ratio(self) -> float: ...
    @property
    def document_max_zip_entries(self) -> int: ...
    @property
    def document_max_elements(self) -> int: ...
    @property
    def document_max_inflated_bytes(self) -> int: ...
    @property
    def document_chunk_tokens(self) -> int: ...
    @property
    def document_section_tokens(self) -> int: ...


@dataclass(frozen=True)
class ParseLimits:
    """A copy of the :class:`DocumentLimits` values that travels to the parser process as JSON."""

    document_max_bytes: int
    document_max_pages: int
    document_max_chars: int
    document_max_unzipped_bytes: int
    document_max_zip_ratio: float
    document_max_zip_entries: int
    document_max_elements: int
    document_max_inflated_bytes: int
    document_chunk_tokens: int
    document_section_tokens: int

    @classmethod
    def of(cls, limits: DocumentLimits) -> ParseLimits:
        """The values of ``limits`` (the service's settings)."""
        return cls(
            document_max_bytes=limits.document_max_bytes,
            document_max_pages=limits.document_max_pages,
            document_max_chars=limits.document_max_chars,
            document_max_unzipped_bytes=limits.document_max_unzipped_bytes,
            document_max_zip_ratio=limits.document_max_zip_ratio,
            document_max_zip_entries=limits.document_max_zip_entries,
            document_max_elements=limits.document_max_elements,
            document_max_inflated_bytes=limits.document_max_inflated_bytes,
            document_chunk_tokens=limits.document_chunk_tokens,
            document_section_tokens=limits.document_section_tokens,
        )

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> ParseLimits:
        return cls(**value)
