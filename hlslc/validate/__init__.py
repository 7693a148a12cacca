"""The IR validator: checks DXIL-like LLVM IR against the operation table
and the dx::linalg specification rules, whoever produced the IR.

Entry points: `validate_text(text, path)` returns the diagnostics for one
module (each with a stable rule ID from `hlslc.spec.rules` and `path` set), and
`hlslc.validate(ir_text)` is the same for library users.

Reading: our own reader of the typed-pointer text (`reader`), not
`llvmlite.binding` -- see that module's docstring for why.  Rules:
`checks` (structure, matrix provenance, dimensions, operands, memory,
vectors, shader model, stage, PSV), `resources` (resource classes and
kinds of handles, atomic targets) and `uniformity` (uniform control flow).
The rule IDs and their sources are listed in docs/validation.md.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Callable

from ..diagnostics import Diagnostic, Severity
from ..spec.rules import rule

if TYPE_CHECKING:
    from ..source import Span
    from .checks import Validator

__all__ = ["validate_text", "validate"]


# Rules of the SM 6.10 revision that IR written for proposal 0035's earlier
# draft (`--linalg-revision=draft`, which allows Thread scope almost
# everywhere) does not follow; `revision="draft"` leaves them out.
DRAFT_RELAXED_RULES = frozenset({"LINALG-OPERATION-SCOPE", "LINALG-RESOURCE-KIND"})


def validate_text(text: str, path: str = "<ir>", uniformity: bool = True,
                  revision: str = "sm6.10",
                  locate: "Callable[[int], Span | None] | None" = None,
                  split: bool = False) -> list[Diagnostic]:
    """Validate the IR `text`; `path` names it in the diagnostics.
    `revision` is the dx::linalg revision the IR was written for ("sm6.10"
    or "draft"); `uniformity=False` skips rule 11.  `locate` maps a line of
    `text` to the source span it was generated from (the compiler passes
    one for its own IR): findings on located instructions are then
    reported at that span, in source terms.  `split`: a large module whose
    functions call none of each other may be validated in two processes
    (hlslc/validate/parallel.py); the findings are the same."""
    if split:
        from .parallel import validate_split
        found = validate_split(text, path, uniformity, revision, locate)
        if found is not None:
            return found
    validator, diags = _validate_part(text, path, uniformity, revision, locate, part=False)
    return diags


def _validate_part(text: str, path: str, uniformity: bool, revision: str,
                   locate: "Callable[[int], Span | None] | None", part: bool) -> "tuple[Validator | None, list[Diagnostic]]":
    """Read and validate `text`; `part`: it holds only some of the module's
    function bodies (see `split`)."""
    from .checks import Validator
    # Late like `checks`: `hlslc --version` imports this package.
    from ..dxil.reader import ParseError, read_module

    try:
        module = read_module(text)
    except ParseError as exc:
        return None, [Diagnostic(Severity.ERROR, f"cannot read the IR: {exc}", None, rule("IR-PARSE").id,
                                 path=path, line=exc.line if locate is None else None)]
    validator = Validator(module, path, DRAFT_RELAXED_RULES if revision == "draft" else frozenset(), locate)
    diags = validator.run(part=part)
    if uniformity:
        from .uniformity import check_uniformity
        diags.extend(check_uniformity(validator))
    return validator, diags


def validate(ir_text: str, path: str = "<ir>") -> list[Diagnostic]:
    """Library API: the problems the validator finds in `ir_text`."""
    return validate_text(ir_text, path)


class _CallableModule(types.ModuleType):
    """`hlslc.validate` is both this package and the library function: once
    the package is imported, Python binds the attribute `hlslc.validate` to
    the package, so the package itself can be called like the function."""

    def __call__(self, ir_text: str, path: str = "<ir>") -> list[Diagnostic]:
        return validate(ir_text, path)


sys.modules[__name__].__class__ = _CallableModule
