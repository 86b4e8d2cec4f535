from pydantic import Field

from .base_model import BaseModel
from .fragments import JobFields


class EndConversation(BaseModel):
    end_conversation: "EndConversationEndConversation" = Field(alias="endConversation")


EndConversationEndConversation = JobFields
EndConversation.model_rebuild()
