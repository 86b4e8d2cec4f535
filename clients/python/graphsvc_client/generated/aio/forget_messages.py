from pydantic import Field

from .base_model import BaseModel
from .fragments import ForgetResultFields


class ForgetMessages(BaseModel):
    forget_messages: "ForgetMessagesForgetMessages" = Field(alias="forgetMessages")


ForgetMessagesForgetMessages = ForgetResultFields
ForgetMessages.model_rebuild()
