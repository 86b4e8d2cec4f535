from .base_model import BaseModel
from .fragments import MemoryFields


class Remember(BaseModel):
    remember: "RememberRemember"


RememberRemember = MemoryFields
Remember.model_rebuild()
