from pydantic import Field

from .base_model import BaseModel
from .fragments import ForgetResultFields


class ForgetDocument(BaseModel):
    forget_document: "ForgetDocumentForgetDocument" = Field(alias="forgetDocument")


ForgetDocumentForgetDocument = ForgetResultFields
ForgetDocument.model_rebuild()
