from .base_model import BaseModel
from .fragments import DocumentFields


class Documents(BaseModel):
    documents: list["DocumentsDocuments"]


DocumentsDocuments = DocumentFields
Documents.model_rebuild()
