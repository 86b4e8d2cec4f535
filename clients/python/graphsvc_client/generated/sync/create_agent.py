from pydantic import Field

from .base_model import BaseModel
from .fragments import AgentFields


class CreateAgent(BaseModel):
    create_agent: "CreateAgentCreateAgent" = Field(alias="createAgent")


CreateAgentCreateAgent = AgentFields
CreateAgent.model_rebuild()
