"""Reading and validating one text: the step `validate_text` runs on a
whole module and `parallel` runs on each half of a split one.

Owns: `validate_part` (read the text, run every rule of `checks`, then
`uniformity`'s) and `DRAFT_RELAXED_RULES`, the rules the draft revision of
proposal 0035 leaves out.  Does not own: the entry points and their
options (the package, `hlslc.validate`), splitting a module in two
(`parallel`), the rules themselves (`checks`, `resource_rules`,
`wavematrix`, `uniformity`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..diagnostics import Diagnostic, Severity
from ..dxil.reader import ParseError, read_module
from ..spec.rules import rule
from .checks import Validator
from .uniformity import check_uniformity

if TYPE_CHECKING:
    from ..source import Span

# Rules of the SM 6.10 revision that IR written for proposal 0035's earlier
# draft (`--linalg-revision=draft`, which allows Thread scope almost
# everywhere) does not follow; `revision="draft"` leaves them out.
DRAFT_RELAXED_RULES = frozenset({"LINALG-OPERATION-SCOPE", "LINALG-RESOURCE-KIND"})


def validate_part(text: str, path: str, uniformity: bool, revision: str,
                  locate: "Callable[[int], Span | None] | None",
                  part: bool) -> "tuple[Validator | None, list[Diagnostic]]":
    """Read and validate `text`; `part`: it holds only some of the module's
    function bodies (see `split`)."""
    try:
        module = read_module(text)
    except ParseError as exc:
        return None, [Diagnostic(Severity.ERROR, f"cannot read the IR: {exc}", None, rule("IR-PARSE").id,
                                 path=path, line=exc.line if locate is None else None)]
    validator = Validator(module, path, DRAFT_RELAXED_RULES if revision == "draft" else frozenset(), locate)
    diags = validator.run(part=part)
    if uniformity:
        diags.extend(check_uniformity(validator))
    return validator, diags
