from pydantic import Field

from .base_model import BaseModel
from .fragments import MemoryCandidateFields


class PromoteCandidate(BaseModel):
    promote_candidate: "PromoteCandidatePromoteCandidate" = Field(
        alias="promoteCandidate"
    )


PromoteCandidatePromoteCandidate = MemoryCandidateFields
PromoteCandidate.model_rebuild()
