"""SM 6.8 Wave Matrix methods in sema (wave-matrix-sm6.8.md).

Owns: the method table of the five `WaveMatrix*` types (which kinds have
which method, the argument types) and checking a call against it.

Does not own: lowering to the `waveMatrix_*` operations, or the rules on
strides, alignment and uniform control flow (the Wave Matrix issue).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ast as A
from . import types as T
from .engine import SemaError

if TYPE_CHECKING:  # pragma: no cover
    from .analyzer import Analyzer
    from .symbols import Env

LEFT, RIGHT, ACC, LEFT_COL, RIGHT_ROW = ("WaveMatrixLeft", "WaveMatrixRight", "WaveMatrixAccumulator",
                                         "WaveMatrixLeftColAcc", "WaveMatrixRightRowAcc")
_ALL = (LEFT, RIGHT, ACC, LEFT_COL, RIGHT_ROW)
_FRAGMENTS = (LEFT_COL, RIGHT_ROW)

# method -> the kinds that have it
_METHODS: dict[str, tuple[str, ...]] = {
    "Fill": _ALL, "Load": _ALL, "Store": _ALL, "MatrixDepth": (LEFT, RIGHT),
    "Multiply": (ACC,), "MultiplyAccumulate": (ACC,),
    "ScalarMultiply": (ACC,) + _FRAGMENTS, "ScalarDivide": (ACC,) + _FRAGMENTS,
    "ScalarAdd": (ACC,) + _FRAGMENTS, "ScalarSubtract": (ACC,) + _FRAGMENTS,
    "SumAccumulate": _FRAGMENTS, "Add": (ACC,),
}


def check_method(analyzer: "Analyzer", expr: A.CallExpr, callee: A.MemberExpr, wm: T.WaveMatrixType,
                 args: list[T.Type], env: "Env") -> T.Type:
    name = callee.member.name
    kinds = _METHODS.get(name)
    if kinds is None:
        import difflib
        close = difflib.get_close_matches(name, list(_METHODS), n=1, cutoff=0.6)
        raise SemaError(f"no member named '{name}' in '{wm.spell()}'", callee.member.span,
                        notes=[(f"did you mean '{close[0]}'?", None)] if close else [])
    if wm.kind not in kinds:
        raise SemaError(f"'{name}' is not available on '{wm.kind}' (only on {', '.join(kinds)})",
                        callee.member.span)
    span = expr.span

    def want(count_low: int, count_high: int | None = None) -> None:
        high = count_low if count_high is None else count_high
        if not count_low <= len(args) <= high:
            expected = str(count_low) if count_low == high else f"{count_low} to {high}"
            raise SemaError(f"'{name}' takes {expected} argument{'s' if high != 1 else ''}, "
                            f"but {len(args)} were provided", span)

    def convert(index: int, target: T.Type) -> None:
        analyzer.require_conversion(args[index], target, expr.args[index].span, "passing")

    def other(index: int, allowed: tuple[str, ...]) -> T.WaveMatrixType:
        t = args[index]
        if not isinstance(t, T.WaveMatrixType) or t.kind not in allowed:
            raise SemaError(f"argument {index + 1} of '{name}' must be a {' or '.join(allowed)}, not "
                            f"'{t.spell()}'", expr.args[index].span)
        return t

    if name == "MatrixDepth":
        want(0)
        return T.UINT
    if name == "Fill" or name.startswith("Scalar"):
        want(1)
        convert(0, wm.elem)
        return T.VOID
    if name in ("Load", "Store"):
        fragment = wm.kind in _FRAGMENTS
        memory = args[0] if args else None
        if isinstance(memory, T.ResourceType):
            if memory.name not in ("ByteAddressBuffer", "RWByteAddressBuffer"):
                raise SemaError(f"'{name}' needs a ByteAddressBuffer or RWByteAddressBuffer, not "
                                f"'{memory.spell()}'", expr.args[0].span)
            if name == "Store" and not memory.writable:
                raise SemaError("'Store' needs a RWByteAddressBuffer: a ByteAddressBuffer is read-only",
                                expr.args[0].span)
            if fragment:
                want(3, 4)
            else:
                want(4, 5)
                convert(3, T.BOOL)
            for index in (1, 2):
                convert(index, T.UINT)
            if len(args) > (3 if fragment else 4):
                convert(len(args) - 1, T.UINT)
            return T.VOID
        if isinstance(memory, T.ArrayType):
            want(3) if fragment else want(4)
            elem = memory.elem
            if elem is not wm.elem and not (wm.elem.name.endswith("4_packed") and elem is T.UINT):
                raise SemaError(f"the groupshared array's element type '{elem.spell()}' does not match the "
                                f"matrix element type '{wm.elem.spell()}'", expr.args[0].span)
            for index in (1, 2):
                convert(index, T.UINT)
            if not fragment:
                convert(3, T.BOOL)
            return T.VOID
        raise SemaError(f"'{name}' needs a [RW]ByteAddressBuffer or a groupshared array as its first argument",
                        span)
    if name in ("Multiply", "MultiplyAccumulate"):
        want(2)
        left = other(0, (LEFT,))
        right = other(1, (RIGHT,))
        mixable = {"int8_t4_packed", "uint8_t4_packed"}
        if left.elem is not right.elem and not {left.elem.name, right.elem.name} <= mixable:
            raise SemaError(f"left and right matrices must have the same element type ('{left.elem.spell()}' "
                            f"vs '{right.elem.spell()}'); only int8 and uint8 may be mixed", span)
        return T.VOID
    if name == "SumAccumulate":
        want(1)
        other(0, (LEFT,) if wm.kind == LEFT_COL else (RIGHT,))
        return T.VOID
    if name == "Add":
        want(1)
        other(0, (ACC,) + _FRAGMENTS)
        return T.VOID
    raise SemaError(f"'{name}' is not supported", span)   # pragma: no cover - table and code agree
