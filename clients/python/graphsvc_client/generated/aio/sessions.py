from .base_model import BaseModel
from .fragments import ConversationSessionFields


class Sessions(BaseModel):
    sessions: list["SessionsSessions"]


SessionsSessions = ConversationSessionFields
Sessions.model_rebuild()
