from .base_model import BaseModel
from .fragments import EntityPageFields


class Entities(BaseModel):
    entities: "EntitiesEntities"


EntitiesEntities = EntityPageFields
Entities.model_rebuild()
