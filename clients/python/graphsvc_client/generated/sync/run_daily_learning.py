from pydantic import Field

from .base_model import BaseModel
from .fragments import LearningRunFields


class RunDailyLearning(BaseModel):
    run_daily_learning: "RunDailyLearningRunDailyLearning" = Field(
        alias="runDailyLearning"
    )


RunDailyLearningRunDailyLearning = LearningRunFields
RunDailyLearning.model_rebuild()
