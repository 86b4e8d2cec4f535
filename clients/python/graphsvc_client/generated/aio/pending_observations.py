from pydantic import Field

from .base_model import BaseModel
from .fragments import PendingObservationFields


class PendingObservations(BaseModel):
    pending_observations: list["PendingObservationsPendingObservations"] = Field(
        alias="pendingObservations"
    )


PendingObservationsPendingObservations = PendingObservationFields
PendingObservations.model_rebuild()
