from .base_model import BaseModel
from .fragments import MessageFields


class Messages(BaseModel):
    messages: list["MessagesMessages"]


MessagesMessages = MessageFields
Messages.model_rebuild()
