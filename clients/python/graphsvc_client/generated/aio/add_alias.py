from pydantic import Field

from .base_model import BaseModel
from .fragments import EntityFields


class AddAlias(BaseModel):
    add_alias: "AddAliasAddAlias" = Field(alias="addAlias")


AddAliasAddAlias = EntityFields
AddAlias.model_rebuild()
