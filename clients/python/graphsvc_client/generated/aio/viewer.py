from .base_model import BaseModel
from .fragments import ViewerFields


class Viewer(BaseModel):
    viewer: "ViewerViewer"


ViewerViewer = ViewerFields
Viewer.model_rebuild()
