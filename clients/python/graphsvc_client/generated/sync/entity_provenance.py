from pydantic import Field

from .base_model import BaseModel
from .fragments import EntityProvenanceViewFields


class EntityProvenance(BaseModel):
    entity_provenance: "EntityProvenanceEntityProvenance" = Field(
        alias="entityProvenance"
    )


EntityProvenanceEntityProvenance = EntityProvenanceViewFields
EntityProvenance.model_rebuild()
