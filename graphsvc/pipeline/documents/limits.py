"""The limits a document is parsed under, as the parser reads them (``DOCUMENT_*`` settings).

:class:`DocumentLimits` is what :mod:`.normalize`, :mod:`.guard` and the parsers read; the settings' documents
section (:class:`~graphsvc.config.DocumentSettings`) satisfies it, and :class:`ParseLimits` carries the same values
into the sandboxed parser process (:mod:`.sandbox`), which builds no settings of its own.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Protocol


class DocumentLimits(Protocol):
    """The ``DOCUMENT_*`` limits the parsers read (described in :class:`graphsvc.config.DocumentSettings`)."""

    @property
    def max_bytes(self) -> int: ...
    @property
    def max_pages(self) -> int: ...
    @property
    def max_chars(self) -> int: ...
    @property
    def max_unzipped_bytes(self) -> int: ...
    @property
    def max_zip_ratio(self) -> float: ...
    @property
    def max_zip_entries(self) -> int: ...
    @property
    def max_elements(self) -> int: ...
    @property
    def max_inflated_bytes(self) -> int: ...
    @property
    def chunk_tokens(self) -> int: ...
    @property
    def section_tokens(self) -> int: ...


@dataclass(frozen=True)
class ParseLimits:
    """A copy of the :class:`DocumentLimits` values that travels to the parser process as JSON."""

    max_bytes: int
    max_pages: int
    max_chars: int
    max_unzipped_bytes: int
    max_zip_ratio: float
    max_zip_entries: int
    max_elements: int
    max_inflated_bytes: int
    chunk_tokens: int
    section_tokens: int

    @classmethod
    def of(cls, limits: DocumentLimits) -> ParseLimits:
        """The values of ``limits`` (the settings' documents section)."""
        return cls(
            max_bytes=limits.max_bytes,
            max_pages=limits.max_pages,
            max_chars=limits.max_chars,
            max_unzipped_bytes=limits.max_unzipped_bytes,
            max_zip_ratio=limits.max_zip_ratio,
            max_zip_entries=limits.max_zip_entries,
            max_elements=limits.max_elements,
            max_inflated_bytes=limits.max_inflated_bytes,
            chunk_tokens=limits.chunk_tokens,
            section_tokens=limits.section_tokens,
        )

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> ParseLimits:
        return cls(**value)
