from .base_model import BaseModel
from .fragments import UserPageFields


class Users(BaseModel):
    users: "UsersUsers"


UsersUsers = UserPageFields
Users.model_rebuild()
