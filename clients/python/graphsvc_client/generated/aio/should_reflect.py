from pydantic import Field

from .base_model import BaseModel


class ShouldReflect(BaseModel):
    should_reflect: bool = Field(alias="shouldReflect")
