from .base_model import BaseModel
from .fragments import MemoryCandidateFields


class Candidates(BaseModel):
    candidates: list["CandidatesCandidates"]


CandidatesCandidates = MemoryCandidateFields
Candidates.model_rebuild()
