"""Parse trees of `oracle.lark` → the typed nodes of `nodes.py`.

The grammar names its alternatives by family (`vp_…` verb phrases, `adj_…` and `post_…` qualities,
`sel_…` selectors, `ref_…` references, `amt_…`/`val_…` amounts, `cond_…` conditions, `kw_…` keyword
abilities …); `families.builder_for` finds the builder of each, in `things.py` (the shared vocabulary),
`clauses.py` (what sentences say) and `structure.py` (the frame of an ability). A builder gets the
rule's name, its children (nodes, the rule's own words as tokens, and (role, value) parts) and its text.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer
from lark.visitors import v_args

from judge_app.cardtext import clauses, structure, things  # noqa: F401  (register the builders)
from judge_app.cardtext.families import builder_for


@v_args(meta=True)
class ToNodes(Transformer):
    """One piece of text (the first sentence of an ability, a later sentence, a mode) → nodes."""

    def __init__(self, text: str):
        super().__init__(visit_tokens=False)
        self.text = text

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        name = data.value if isinstance(data, Token) else str(data)
        text = "" if getattr(meta, "empty", True) else " ".join(self.text[meta.start_pos:meta.end_pos].split())
        builder = builder_for(name)
        if builder is not None:
            return builder(name, children, text)
        inner = [c for c in children if not isinstance(c, Token)]  # a rule that only groups others
        return inner[0] if len(inner) == 1 else inner
