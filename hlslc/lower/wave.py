"""Lowering of the wave and quad intrinsics (SM 6.0 to 6.9).

Owns: every `Wave*` and `Quad*` intrinsic as the DXIL operation DXC emits
(`WaveActiveOp` with its WaveOpKind and SignedOpKind, `WaveActiveBit`,
`WavePrefixOp`, `WaveAllBitCount`, `WavePrefixBitCount`, `WaveActiveBallot`
and `WaveMatch` with their `%dx.types.fouri32` results, `WaveMultiPrefixOp`
/ `WaveMultiPrefixBitCount` with the mask's four words, `QuadOp`,
`QuadReadLaneAt`, `QuadVote`), applied per component of vectors.

Does not own: whether a call is in wave-uniform control flow (sema flags
`@wave` calls, the validator's uniformity analysis checks the IR).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from llvmlite import ir

from ..sema import types as T
from .codegen import I1, I8, I32
from .math import components, each

if TYPE_CHECKING:  # pragma: no cover
    from .. import ast as A
    from .codegen import Codegen

_WAVE_ARITH = {"WaveActiveSum": ("WaveActiveOp", 0), "WaveActiveProduct": ("WaveActiveOp", 1),
               "WaveActiveMin": ("WaveActiveOp", 2), "WaveActiveMax": ("WaveActiveOp", 3),
               "WavePrefixSum": ("WavePrefixOp", 0), "WavePrefixProduct": ("WavePrefixOp", 1)}
_WAVE_BIT = {"WaveActiveBitAnd": 0, "WaveActiveBitOr": 1, "WaveActiveBitXor": 2}
_MULTI_PREFIX = {"WaveMultiPrefixSum": 0, "WaveMultiPrefixBitAnd": 1, "WaveMultiPrefixBitOr": 2,
                 "WaveMultiPrefixBitXor": 3, "WaveMultiPrefixProduct": 4}
_QUAD = {"QuadReadAcrossX": 0, "QuadReadAcrossY": 1, "QuadReadAcrossDiagonal": 2}


def _i8(value: int) -> ir.Constant:
    return ir.Constant(I8, value)


def _signed_kind(t: T.Type) -> int:
    """SignedOpKind: Signed 0, Unsigned 1 (uint and bool compare unsigned)."""
    elem = t.element
    return 1 if elem is not None and elem.kind in ("uint", "bool") else 0


def _uint4(gen: "Codegen", ret: ir.Value) -> ir.Value:
    b = gen.builder
    return gen.build_vector([b.extract_value(ret, k) for k in range(4)])


def lower_wave(gen: "Codegen", expr: "A.CallExpr", match: Any, args: list[ir.Value]) -> ir.Value | None:
    """Lower a wave or quad intrinsic; None when `match` is neither."""
    name = match.name
    b = gen.builder
    if name == "WaveGetLaneIndex":
        return gen.op("WaveGetLaneIndex", [], name_hint="lane")
    if name == "WaveGetLaneCount":
        return gen.op("WaveGetLaneCount", [], name_hint="lanes")
    if name == "WaveIsFirstLane":
        return gen.op("WaveIsFirstLane", [])
    if name == "IsHelperLane":
        return gen.op("IsHelperLane", [], overload=I1)
    if name in ("WaveActiveAnyTrue", "WaveActiveAllTrue"):
        return gen.op("WaveAnyTrue" if name == "WaveActiveAnyTrue" else "WaveAllTrue", args)
    if name == "WaveActiveBallot":
        return _uint4(gen, gen.op("WaveActiveBallot", args[:1]))
    if name == "WaveActiveCountBits":
        return gen.op("WaveAllBitCount", args[:1])
    if name == "WavePrefixCountBits":
        return gen.op("WavePrefixBitCount", args[:1])
    if name == "WaveReadLaneFirst":
        return each(gen, args[:1], lambda xs: gen.op("WaveReadLaneFirst", xs, overload=xs[0].type))
    if name == "WaveReadLaneAt":
        lane = args[1]
        return each(gen, args[:1], lambda xs: gen.op("WaveReadLaneAt", [xs[0], lane], overload=xs[0].type))
    if name == "WaveActiveAllEqual":
        return each(gen, args[:1], lambda xs: gen.op("WaveActiveAllEqual", xs, overload=xs[0].type))
    if name in _WAVE_ARITH:
        op_name, kind = _WAVE_ARITH[name]
        signed = _signed_kind(match.return_type)
        return each(gen, args[:1], lambda xs: gen.op(op_name, [xs[0], _i8(kind), _i8(signed)],
                                                      overload=xs[0].type))
    if name in _WAVE_BIT:
        return each(gen, args[:1], lambda xs: gen.op("WaveActiveBit", [xs[0], _i8(_WAVE_BIT[name])],
                                                      overload=xs[0].type))
    if name == "WaveMatch":
        # One mask per component, and-ed together: the lanes equal in all.
        masks = [gen.op("WaveMatch", [x], overload=x.type) for x in components(gen, args[0])]
        words = [[b.extract_value(m, k) for k in range(4)] for m in masks]
        out = words[0]
        for other in words[1:]:
            out = [b.and_(x, y) for x, y in zip(out, other)]
        return gen.build_vector(out)
    if name in _MULTI_PREFIX:
        mask = components(gen, args[1])
        kind = _MULTI_PREFIX[name]
        signed = _signed_kind(match.return_type)
        return each(gen, args[:1], lambda xs: gen.op("WaveMultiPrefixOp", [xs[0]] + mask + [_i8(kind), _i8(signed)],
                                                      overload=xs[0].type))
    if name == "WaveMultiPrefixCountBits":
        return gen.op("WaveMultiPrefixBitCount", [args[0]] + components(gen, args[1]))
    if name in _QUAD:
        return each(gen, args[:1], lambda xs: gen.op("QuadOp", [xs[0], _i8(_QUAD[name])], overload=xs[0].type))
    if name == "QuadReadLaneAt":
        lane = args[1]
        return each(gen, args[:1], lambda xs: gen.op("QuadReadLaneAt", [xs[0], lane], overload=xs[0].type))
    if name in ("QuadAny", "QuadAll"):
        return gen.op("QuadVote", [args[0], _i8(0 if name == "QuadAny" else 1)], overload=I1)
    return None
