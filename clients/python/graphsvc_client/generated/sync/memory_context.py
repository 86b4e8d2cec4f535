from pydantic import Field

from .base_model import BaseModel
from .fragments import MemoryContextFields


class MemoryContext(BaseModel):
    memory_context: "MemoryContextMemoryContext" = Field(alias="memoryContext")


MemoryContextMemoryContext = MemoryContextFields
MemoryContext.model_rebuild()
