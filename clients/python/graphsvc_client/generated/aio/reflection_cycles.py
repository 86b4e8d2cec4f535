from pydantic import Field

from .base_model import BaseModel
from .fragments import ReflectionCycleFields


class ReflectionCycles(BaseModel):
    reflection_cycles: list["ReflectionCyclesReflectionCycles"] = Field(
        alias="reflectionCycles"
    )


ReflectionCyclesReflectionCycles = ReflectionCycleFields
ReflectionCycles.model_rebuild()
