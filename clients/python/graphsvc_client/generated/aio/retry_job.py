from pydantic import Field

from .base_model import BaseModel
from .fragments import JobFields


class RetryJob(BaseModel):
    retry_job: "RetryJobRetryJob" = Field(alias="retryJob")


RetryJobRetryJob = JobFields
RetryJob.model_rebuild()
