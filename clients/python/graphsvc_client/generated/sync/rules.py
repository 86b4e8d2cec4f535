from .base_model import BaseModel
from .fragments import RulebookRuleFields


class Rules(BaseModel):
    rules: list["RulesRules"]


RulesRules = RulebookRuleFields
Rules.model_rebuild()
