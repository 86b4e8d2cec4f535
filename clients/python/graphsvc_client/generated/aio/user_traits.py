from pydantic import Field

from .base_model import BaseModel
from .fragments import TraitFields


class UserTraits(BaseModel):
    user_traits: list["UserTraitsUserTraits"] = Field(alias="userTraits")


UserTraitsUserTraits = TraitFields
UserTraits.model_rebuild()
