from pydantic import Field

from .base_model import BaseModel
from .fragments import ExtractionTraceFields


class ExtractionTrace(BaseModel):
    extraction_trace: list["ExtractionTraceExtractionTrace"] = Field(
        alias="extractionTrace"
    )


ExtractionTraceExtractionTrace = ExtractionTraceFields
ExtractionTrace.model_rebuild()
