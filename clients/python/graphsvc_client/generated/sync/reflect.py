from .base_model import BaseModel
from .fragments import ReflectionCycleFields


class Reflect(BaseModel):
    reflect: "ReflectReflect"


ReflectReflect = ReflectionCycleFields
Reflect.model_rebuild()
