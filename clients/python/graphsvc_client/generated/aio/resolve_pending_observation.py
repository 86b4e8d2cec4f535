from pydantic import Field

from .base_model import BaseModel
from .fragments import ResolvePendingResultFields


class ResolvePendingObservation(BaseModel):
    resolve_pending_observation: "ResolvePendingObservationResolvePendingObservation" = Field(
        alias="resolvePendingObservation"
    )


ResolvePendingObservationResolvePendingObservation = ResolvePendingResultFields
ResolvePendingObservation.model_rebuild()
