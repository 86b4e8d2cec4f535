from .base_model import BaseModel
from .fragments import GroupFields


class Groups(BaseModel):
    groups: list["GroupsGroups"]


GroupsGroups = GroupFields
Groups.model_rebuild()
