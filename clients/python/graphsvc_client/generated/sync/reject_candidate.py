from pydantic import Field

from .base_model import BaseModel
from .fragments import MemoryCandidateFields


class RejectCandidate(BaseModel):
    reject_candidate: "RejectCandidateRejectCandidate" = Field(alias="rejectCandidate")


RejectCandidateRejectCandidate = MemoryCandidateFields
RejectCandidate.model_rebuild()
