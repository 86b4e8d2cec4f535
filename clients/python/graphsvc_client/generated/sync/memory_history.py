from pydantic import Field

from .base_model import BaseModel
from .fragments import HistoryEntryFields


class MemoryHistory(BaseModel):
    memory_history: list["MemoryHistoryMemoryHistory"] = Field(alias="memoryHistory")


MemoryHistoryMemoryHistory = HistoryEntryFields
MemoryHistory.model_rebuild()
