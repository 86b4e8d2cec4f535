from pydantic import Field

from .base_model import BaseModel
from .fragments import ForgetResultFields


class ForgetEvents(BaseModel):
    forget_events: "ForgetEventsForgetEvents" = Field(alias="forgetEvents")


ForgetEventsForgetEvents = ForgetResultFields
ForgetEvents.model_rebuild()
