from pydantic import Field

from .base_model import BaseModel
from .fragments import ForgetResultFields


class EraseUser(BaseModel):
    erase_user: "EraseUserEraseUser" = Field(alias="eraseUser")


EraseUserEraseUser = ForgetResultFields
EraseUser.model_rebuild()
