from .base_model import BaseModel
from .fragments import AgentFields


class Agents(BaseModel):
    agents: list["AgentsAgents"]


AgentsAgents = AgentFields
Agents.model_rebuild()
