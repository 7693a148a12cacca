"""Where an atomic may write: the destination (`ref`) argument of the
`Interlocked*` intrinsics.

Owns: the check that the destination names groupshared memory (a
`groupshared` variable, or an element, member or component of one) or an
element of a writable resource (`RWStructuredBuffer<T>[i]`, with any member
path down to the scalar, `RWBuffer<T>[i]`, `RWTexture2D<T>[xy]`, ...), as
DXC requires; and DXC's rule that a typed resource's element is used whole
(`RWBuffer<uint2>[i].x` is not an atomic destination).  The destination's
type (int, uint, 64-bit, float for the bitwise exchanges) is the
intrinsic table's business (`ref T where T: atomic`).

Does not own: whether the argument is assignable at all (the analyzer's
`_require_lvalue` runs too), the lowering (`lower/atomics.py`).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from ..front import ast as A
from . import types as T
from .base import SemaError
from .symbols import VarSymbol

if TYPE_CHECKING:  # pragma: no cover
    from .analyzer import Analyzer

_WHERE = "must be a groupshared variable or an element of a writable (UAV) resource"


def check_destination(an: "Analyzer", name: str, arg: A.Expr) -> None:
    """Raise a `SemaError` at `arg` unless it is memory an atomic can update."""
    types = an.result.expr_types
    node = arg
    narrowed = False          # a member, component or element below the root
    while True:
        if isinstance(node, A.ParenExpr):
            node = node.inner
            continue
        if isinstance(node, A.MemberExpr):
            base_t = types.get(id(node.object))
            if isinstance(base_t, T.ResourceType):
                break         # `cb.x` of a ConstantBuffer: not writable
            if not (isinstance(base_t, T.ScalarType) and node.member.name in ("x", "r")):
                # `s.x` of a scalar is the scalar itself (DXC accepts
                # `RWTexture2D<uint>[xy].x` as the whole element).
                narrowed = True
            node = node.object
            continue
        if isinstance(node, A.IndexExpr):
            base_t = types.get(id(node.base))
            if isinstance(base_t, T.ResourceType):
                _check_resource_element(name, base_t, narrowed, arg, node.base)
                return
            narrowed = True
            node = node.base
            continue
        break
    sym = an.result.symbols.get(id(node)) if isinstance(node, A.NameExpr) else None
    if isinstance(sym, VarSymbol) and sym.is_groupshared:
        return
    notes: list[tuple[str, Any]] = []
    if isinstance(sym, VarSymbol):
        notes.append((_what_it_is(sym), sym.span))
    raise SemaError(f"the destination of '{name}' {_WHERE}", arg.span, notes=notes)


def _check_resource_element(name: str, res: T.ResourceType, narrowed: bool, arg: A.Expr,
                            resource: A.Expr) -> None:
    family = res.shape.family
    if not res.writable or family not in ("structured", "typed", "texture"):
        why = f"'{res.spell()}' is read-only" if not res.writable else \
            f"'{res.spell()}' has no atomic elements"
        raise SemaError(f"the destination of '{name}' {_WHERE}", arg.span, notes=[(why, resource.span)])
    if family in ("typed", "texture") and narrowed:
        raise SemaError(f"the destination of '{name}' must be a whole element of '{res.spell()}': typed "
                        "resources used in atomic operations must have a scalar element type", arg.span)


def _what_it_is(sym: VarSymbol) -> str:
    if sym.is_param:
        return f"'{sym.name}' is a parameter: a copy, not the caller's memory"
    if sym.is_global and sym.is_static:
        return f"'{sym.name}' is a static variable, private to each thread"
    if sym.is_global:
        return f"'{sym.name}' is a uniform value (read-only)"
    return f"'{sym.name}' is a local variable, private to each thread"
