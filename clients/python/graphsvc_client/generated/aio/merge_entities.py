from pydantic import Field

from .base_model import BaseModel
from .fragments import EntityFields


class MergeEntities(BaseModel):
    merge_entities: "MergeEntitiesMergeEntities" = Field(alias="mergeEntities")


MergeEntitiesMergeEntities = EntityFields
MergeEntities.model_rebuild()
