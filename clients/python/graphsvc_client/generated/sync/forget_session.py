from pydantic import Field

from .base_model import BaseModel
from .fragments import ForgetResultFields


class ForgetSession(BaseModel):
    forget_session: "ForgetSessionForgetSession" = Field(alias="forgetSession")


ForgetSessionForgetSession = ForgetResultFields
ForgetSession.model_rebuild()
