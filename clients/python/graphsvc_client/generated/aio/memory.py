from .base_model import BaseModel
from .fragments import MemoryFields


class Memory(BaseModel):
    memory: "MemoryMemory"


MemoryMemory = MemoryFields
Memory.model_rebuild()
