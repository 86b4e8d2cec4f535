from pydantic import Field

from .base_model import BaseModel
from .fragments import MemoryFields


class CorrectMemory(BaseModel):
    correct_memory: "CorrectMemoryCorrectMemory" = Field(alias="correctMemory")


CorrectMemoryCorrectMemory = MemoryFields
CorrectMemory.model_rebuild()
