from pydantic import Field

from .base_model import BaseModel
from .fragments import EntityFields


class UpsertEntity(BaseModel):
    upsert_entity: "UpsertEntityUpsertEntity" = Field(alias="upsertEntity")


UpsertEntityUpsertEntity = EntityFields
UpsertEntity.model_rebuild()
