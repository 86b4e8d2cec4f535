from pydantic import Field

from .base_model import BaseModel
from .fragments import GroupFields


class RemoveGroupMember(BaseModel):
    remove_group_member: "RemoveGroupMemberRemoveGroupMember" = Field(
        alias="removeGroupMember"
    )


RemoveGroupMemberRemoveGroupMember = GroupFields
RemoveGroupMember.model_rebuild()
