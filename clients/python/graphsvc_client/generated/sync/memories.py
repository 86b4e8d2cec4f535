from .base_model import BaseModel
from .fragments import MemoryPageFields


class Memories(BaseModel):
    memories: "MemoriesMemories"


MemoriesMemories = MemoryPageFields
Memories.model_rebuild()
