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

from ..diagnostics import Diagnostic, IRPlace, Severity
from ..dxil.reader import ParseError, read_module
from ..spec.rules import rule
from .checks import STRUCTURE_RULES, Validator
from .uniformity import check_uniformity

if TYPE_CHECKING:
    from ..source import Span

# Rules of the SM 6.10 revision that IR written for proposal 0035's earlier
# draft (`--linalg-revision=draft`, which allows Thread scope almost
# everywhere) does not follow; `revision="draft"` leaves them out.
DRAFT_RELAXED_RULES = frozenset({"LINALG-OPERATION-SCOPE", "LINALG-RESOURCE-KIND"})

__all__ = ["DRAFT_RELAXED_RULES", "STRUCTURE_RULES", "llvm_findings", "validate_part"]


def llvm_findings(text: str, path: str) -> list[Diagnostic]:
    """IR-LLVM findings: what LLVM's parser and verifier say (`llvm_check`)."""
    from .llvm_check import verify   # late: a compile never asks LLVM, and its patterns cost start-up time

    found = []
    for line, message in verify(text):
        found.append(Diagnostic(Severity.ERROR, message + (f" (in line {line})" if line else ""), None,
                                rule("IR-LLVM").id, path=path, line=line, ir=IRPlace(message, order=(0, line or 0))))
    return found


def validate_part(text: str, path: str, uniformity: bool, revision: str,
                  locate: "Callable[[int], Span | None] | None",
                  part: bool) -> "tuple[Validator | None, list[Diagnostic]]":
    """Read and validate `text`; `part`: it holds only some of the module's
    function bodies (see `split`)."""
    try:
        module = read_module(text)
    except ParseError as exc:
        rule_id = rule("IR-TRUNCATED" if exc.truncated else "IR-PARSE").id
        message = str(exc) if exc.truncated else f"cannot read the IR: {exc}"
        return None, [Diagnostic(Severity.ERROR, message, None, rule_id, path=path,
                                 line=exc.line if locate is None else None,
                                 ir=IRPlace(message, order=(0, exc.line)))]
    validator = Validator(module, path, DRAFT_RELAXED_RULES if revision == "draft" else frozenset(), locate)
    diags = validator.run(part=part)
    if uniformity:
        diags.extend(check_uniformity(validator))
    return validator, diags
