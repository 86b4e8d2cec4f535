from typing import Optional

from .base_model import BaseModel
from .fragments import EntityFields


class Entity(BaseModel):
    entity: Optional["EntityEntity"]


EntityEntity = EntityFields
Entity.model_rebuild()
