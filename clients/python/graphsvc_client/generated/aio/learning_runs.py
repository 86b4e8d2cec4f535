from pydantic import Field

from .base_model import BaseModel
from .fragments import LearningRunFields


class LearningRuns(BaseModel):
    learning_runs: list["LearningRunsLearningRuns"] = Field(alias="learningRuns")


LearningRunsLearningRuns = LearningRunFields
LearningRuns.model_rebuild()
