from pydantic import Field

from .base_model import BaseModel
from .fragments import GroupFields


class AddGroupMember(BaseModel):
    add_group_member: "AddGroupMemberAddGroupMember" = Field(alias="addGroupMember")


AddGroupMemberAddGroupMember = GroupFields
AddGroupMember.model_rebuild()
