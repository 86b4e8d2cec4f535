from pydantic import Field

from .base_model import BaseModel
from .fragments import MemoryFields


class RestoreMemory(BaseModel):
    restore_memory: "RestoreMemoryRestoreMemory" = Field(alias="restoreMemory")


RestoreMemoryRestoreMemory = MemoryFields
RestoreMemory.model_rebuild()
