from .base_model import BaseModel
from .fragments import TagFields


class Tags(BaseModel):
    tags: list["TagsTags"]


TagsTags = TagFields
Tags.model_rebuild()
