from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    DocumentChunkFields,
    DocumentFields,
    DocumentFieldsEntities,  # noqa: F401
)


class Document(BaseModel):
    document: "DocumentDocument"


class DocumentDocument(DocumentFields):
    normalized_content: str = Field(alias="normalizedContent")
    chunks: list["DocumentDocumentChunks"]


DocumentDocumentChunks = DocumentChunkFields
Document.model_rebuild()
DocumentDocument.model_rebuild()
