from pydantic import Field

from .base_model import BaseModel
from .fragments import UserStatsViewFields


class UserStats(BaseModel):
    user_stats: "UserStatsUserStats" = Field(alias="userStats")


UserStatsUserStats = UserStatsViewFields
UserStats.model_rebuild()
