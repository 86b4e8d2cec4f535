from pydantic import Field

from .base_model import BaseModel
from .fragments import MemoryProvenanceViewFields


class MemoryProvenance(BaseModel):
    memory_provenance: "MemoryProvenanceMemoryProvenance" = Field(
        alias="memoryProvenance"
    )


MemoryProvenanceMemoryProvenance = MemoryProvenanceViewFields
MemoryProvenance.model_rebuild()
