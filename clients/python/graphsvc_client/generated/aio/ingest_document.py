from pydantic import Field

from .base_model import BaseModel
from .fragments import DocumentFields


class IngestDocument(BaseModel):
    ingest_document: "IngestDocumentIngestDocument" = Field(alias="ingestDocument")


IngestDocumentIngestDocument = DocumentFields
IngestDocument.model_rebuild()
