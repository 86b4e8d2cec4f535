from .base_model import BaseModel
from .fragments import TimelineFields


class Timeline(BaseModel):
    timeline: "TimelineTimeline"


TimelineTimeline = TimelineFields
Timeline.model_rebuild()
