"""The service facade: :class:`MemoryService` over one runtime, its areas, its worker and its view types."""

from graphsvc.service.core import MemoryService

__all__ = ["MemoryService"]
