from .base_model import BaseModel
from .fragments import GroupFields


class Group(BaseModel):
    group: "GroupGroup"


GroupGroup = GroupFields
Group.model_rebuild()
