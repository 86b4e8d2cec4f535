from typing import Optional

from .base_model import BaseModel
from .fragments import JobFields


class Job(BaseModel):
    job: Optional["JobJob"]


JobJob = JobFields
Job.model_rebuild()
