from pydantic import Field

from .base_model import BaseModel
from .fragments import BeliefChangesFields


class BeliefChanges(BaseModel):
    belief_changes: "BeliefChangesBeliefChanges" = Field(alias="beliefChanges")


BeliefChangesBeliefChanges = BeliefChangesFields
BeliefChanges.model_rebuild()
