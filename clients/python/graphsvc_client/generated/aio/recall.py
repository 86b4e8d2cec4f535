from .base_model import BaseModel
from .fragments import RecallHitFields


class Recall(BaseModel):
    recall: list["RecallRecall"]


RecallRecall = RecallHitFields
Recall.model_rebuild()
