from pydantic import Field

from .base_model import BaseModel
from .fragments import ForgetResultFields


class ForgetMemory(BaseModel):
    forget_memory: "ForgetMemoryForgetMemory" = Field(alias="forgetMemory")


ForgetMemoryForgetMemory = ForgetResultFields
ForgetMemory.model_rebuild()
