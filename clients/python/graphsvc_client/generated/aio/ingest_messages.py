from pydantic import Field

from .base_model import BaseModel
from .fragments import IngestResultFields


class IngestMessages(BaseModel):
    ingest_messages: "IngestMessagesIngestMessages" = Field(alias="ingestMessages")


IngestMessagesIngestMessages = IngestResultFields
IngestMessages.model_rebuild()
