from pydantic import Field

from .base_model import BaseModel
from .fragments import MemoryFields


class ArchiveMemory(BaseModel):
    archive_memory: "ArchiveMemoryArchiveMemory" = Field(alias="archiveMemory")


ArchiveMemoryArchiveMemory = MemoryFields
ArchiveMemory.model_rebuild()
