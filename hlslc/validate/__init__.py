"""The IR validator: checks DXIL-like LLVM IR against the operation table
and the dx::linalg specification rules, whoever produced the IR.

Entry points: `validate_text(text, path)` returns the diagnostics for one
module (each with a stable rule ID from `hlslc.spec.rules` and `path` set), and
`hlslc.validate(ir_text)` is the same for library users.

Reading: our own reader of the typed-pointer text (`reader`), not
`llvmlite.binding` -- see that module's docstring for why.  `core` reads
and validates one text (a whole module, or each half of one that
`parallel` splits between two processes).  Rules:
`checks` (operations, matrix provenance, dimensions, operands, memory,
vectors, shader model, stage, PSV), `structure` (a well-formed module:
entry points, terminators, defined names, call types, casts; entries'
stages and groupshared memory), `linalg_dxc` (DXC's rules of the
dx.op.linAlg* operations), `resources` (resource classes and kinds of
handles, atomic targets) and `uniformity` (uniform control flow);
`llvm_check` (LLVM's own parser and verifier, when asked).  The rule IDs
and their sources are listed in docs/validation.md.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Callable

from ..diagnostics import Diagnostic
from .parallel import validate_split

if TYPE_CHECKING:
    from ..source import Span

__all__ = ["validate_text", "validate"]


def validate_text(text: str, path: str = "<ir>", uniformity: bool = True,
                  revision: str = "sm6.10",
                  locate: "Callable[[int], Span | None] | None" = None,
                  split: bool = False, llvm_verify: bool = False) -> list[Diagnostic]:
    """Validate the IR `text`; `path` names it in the diagnostics.
    `revision` is the dx::linalg revision the IR was written for ("sm6.10"
    or "draft"); `uniformity=False` skips rule 11.  `locate` maps a line of
    `text` to the source span it was generated from (the compiler passes
    one for its own IR): findings on located instructions are then
    reported at that span, in source terms.  `split`: a large module whose
    functions call none of each other may be validated in two processes
    (hlslc/validate/parallel.py); the findings are the same.
    `llvm_verify`: when hlslc's structural rules find nothing, also ask
    LLVM's parser and verifier (`llvm_check`; `hlslc validate` does)."""
    # Late: `hlslc` imports this package at start-up (to set
    # parallel.ENABLED); the rules and the operation table load when
    # something is validated.
    from .core import STRUCTURE_RULES, llvm_findings, validate_part

    found = validate_split(text, path, uniformity, revision, locate) if split else None
    if found is None:
        found = validate_part(text, path, uniformity, revision, locate, part=False)[1]
    if llvm_verify and not any(d.id in STRUCTURE_RULES for d in found):
        found.extend(llvm_findings(text, path))
    return found


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
