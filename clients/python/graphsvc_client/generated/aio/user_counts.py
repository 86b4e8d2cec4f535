from pydantic import Field

from .base_model import BaseModel
from .fragments import UserCountsFields


class UserCounts(BaseModel):
    user_counts: "UserCountsUserCounts" = Field(alias="userCounts")


UserCountsUserCounts = UserCountsFields
UserCounts.model_rebuild()
