from typing import Optional

from .base_model import BaseModel
from .fragments import RulebookRuleFields


class Rule(BaseModel):
    rule: Optional["RuleRule"]


RuleRule = RulebookRuleFields
Rule.model_rebuild()
