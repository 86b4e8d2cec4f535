from .base_model import BaseModel
from .fragments import JobFields


class Jobs(BaseModel):
    jobs: list["JobsJobs"]


JobsJobs = JobFields
Jobs.model_rebuild()
