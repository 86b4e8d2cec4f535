from pydantic import Field

from .base_model import BaseModel


class TagMemory(BaseModel):
    tag_memory: list[str] = Field(alias="tagMemory")
