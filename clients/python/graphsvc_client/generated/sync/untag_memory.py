from pydantic import Field

from .base_model import BaseModel


class UntagMemory(BaseModel):
    untag_memory: list[str] = Field(alias="untagMemory")
