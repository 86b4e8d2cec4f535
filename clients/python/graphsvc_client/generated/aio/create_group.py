from pydantic import Field

from .base_model import BaseModel
from .fragments import GroupFields


class CreateGroup(BaseModel):
    create_group: "CreateGroupCreateGroup" = Field(alias="createGroup")


CreateGroupCreateGroup = GroupFields
CreateGroup.model_rebuild()
