from pydantic import Field

from .base_model import BaseModel
from .fragments import IngestResultFields


class IngestEvents(BaseModel):
    ingest_events: "IngestEventsIngestEvents" = Field(alias="ingestEvents")


IngestEventsIngestEvents = IngestResultFields
IngestEvents.model_rebuild()
