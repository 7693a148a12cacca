"""Lowering of the wave and quad intrinsics (SM 6.0-6.9) and `IsHelperLane`.

Owns: each intrinsic's DXIL form as DXC emits it.  DXIL's wave operations
are scalar, so a vector or matrix argument is lowered component by
component (matrices row by row), each component one call overloaded on its
type (`bool` is the `i1` overload where DXC keeps it, e.g.
`waveReadLaneFirst.i1`; sema turns it into int for the arithmetic ones).
The operation kinds come from the operation table's enums: WaveOpKind with
SignedOpKind (Unsigned for uint elements), WaveBitOpKind,
WaveMultiPrefixOpKind, QuadOpKind, QuadVoteOpKind.

- `WaveActiveBallot` and `WaveMatch` return `%dx.types.fouri32`; the four
  words become the `uint4`.  A vector `WaveMatch` is one call per
  component, the masks AND-ed word by word.
- `WaveActiveCountBits`/`WavePrefixCountBits` are `WaveAllBitCount`/
  `WavePrefixBitCount` (`dx.op.waveAllOp`/`dx.op.wavePrefixOp` on an `i1`).
- `WaveMultiPrefix*` pass the `uint4` mask as four `i32` operands.
- `QuadAny`/`QuadAll` are `QuadVote` from SM 6.7; before it (DXIL 1.6 has
  no QuadVote) DXC's expansion: the condition sign-extended to i32, read
  across X, Y and the diagonal with `QuadOp`, and-ed or or-ed with itself.
- `IsHelperLane` is `false` in a compute shader (DXC folds it); a library
  calls `isHelperLane.i1` from SM 6.6 and reads DXC's `@dx.ishelper`
  global before.

Does not own: the signatures (sema's intrinsic table), uniformity of wave
results (the validator's uniformity pass knows the operations by name).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any, Callable

from llvmlite import ir

from ..front import ast as A
from .base import I1, I8, I32

if TYPE_CHECKING:  # pragma: no cover
    from .codegen import Codegen

# name -> (operation, WaveOpKind / WaveBitOpKind / WaveMultiPrefixOpKind enum, member)
_REDUCTIONS = {
    "WaveActiveSum": ("WaveActiveOp", "WaveOpKind", "Sum"),
    "WaveActiveProduct": ("WaveActiveOp", "WaveOpKind", "Product"),
    "WaveActiveMin": ("WaveActiveOp", "WaveOpKind", "Min"),
    "WaveActiveMax": ("WaveActiveOp", "WaveOpKind", "Max"),
    "WavePrefixSum": ("WavePrefixOp", "WaveOpKind", "Sum"),
    "WavePrefixProduct": ("WavePrefixOp", "WaveOpKind", "Product"),
    "WaveActiveBitAnd": ("WaveActiveBit", "WaveBitOpKind", "And"),
    "WaveActiveBitOr": ("WaveActiveBit", "WaveBitOpKind", "Or"),
    "WaveActiveBitXor": ("WaveActiveBit", "WaveBitOpKind", "Xor"),
    "WaveMultiPrefixSum": ("WaveMultiPrefixOp", "WaveMultiPrefixOpKind", "Sum"),
    "WaveMultiPrefixProduct": ("WaveMultiPrefixOp", "WaveMultiPrefixOpKind", "Product"),
    "WaveMultiPrefixBitAnd": ("WaveMultiPrefixOp", "WaveMultiPrefixOpKind", "And"),
    "WaveMultiPrefixBitOr": ("WaveMultiPrefixOp", "WaveMultiPrefixOpKind", "Or"),
    "WaveMultiPrefixBitXor": ("WaveMultiPrefixOp", "WaveMultiPrefixOpKind", "Xor"),
}
# DXC picks the unsigned form (SignedOpKind Unsigned) of these for uint
# elements; every other reduction is Signed.
_UNSIGNED_FORMS = frozenset({"WaveActiveSum", "WaveActiveProduct", "WaveActiveMin", "WaveActiveMax",
                             "WavePrefixSum", "WavePrefixProduct", "WaveMultiPrefixSum",
                             "WaveMultiPrefixProduct"})
_QUAD_READS = {"QuadReadAcrossX": "ReadAcrossX", "QuadReadAcrossY": "ReadAcrossY",
               "QuadReadAcrossDiagonal": "ReadAcrossDiagonal"}


def lower_wave(gen: "Codegen", expr: A.CallExpr, match: Any, args: list[ir.Value]) -> ir.Value | None:
    """Lower a wave or quad intrinsic (or IsHelperLane) whose arguments are
    `args`, converted to its parameters; None when `match` is none of them."""
    lower = _LOWER.get(match.name)
    return None if lower is None else lower(gen, match.name, args, match)


# --------------------------------------------------------------------------
# Per-component helpers

def per_element(gen: "Codegen", value: ir.Value, scalar_op: Callable[[ir.Value], ir.Value]) -> ir.Value:
    """Apply `scalar_op` to each scalar of a scalar, vector or matrix value
    (a matrix is an array of row vectors); the result has the same shape."""
    b = gen.builder
    ty = value.type
    if isinstance(ty, ir.ArrayType):
        rows = [per_element(gen, b.extract_value(value, r), scalar_op) for r in range(ty.count)]
        out = ir.Constant(ir.ArrayType(rows[0].type, ty.count), ir.Undefined)
        for r, row in enumerate(rows):
            out = b.insert_value(out, row, r)
        return out
    if isinstance(ty, ir.VectorType):
        parts = [scalar_op(b.extract_element(value, ir.Constant(I32, i))) for i in range(ty.count)]
        out = ir.Constant(ir.VectorType(parts[0].type, ty.count), ir.Undefined)
        for i, part in enumerate(parts):
            out = b.insert_element(out, part, ir.Constant(I32, i))
        return out
    return scalar_op(value)


def scalars_of(gen: "Codegen", value: ir.Value) -> list[ir.Value]:
    """The scalars of a scalar, vector or matrix value, rows first."""
    b = gen.builder
    ty = value.type
    if isinstance(ty, ir.ArrayType):
        return [s for r in range(ty.count) for s in scalars_of(gen, b.extract_value(value, r))]
    if isinstance(ty, ir.VectorType):
        return [b.extract_element(value, ir.Constant(I32, i)) for i in range(ty.count)]
    return [value]


def _words_to_uint4(gen: "Codegen", words: ir.Value) -> ir.Value:
    """A `%dx.types.fouri32` as the `uint4` HLSL sees (x is word 0)."""
    b = gen.builder
    out = ir.Constant(ir.VectorType(I32, 4), ir.Undefined)
    for i in range(4):
        out = b.insert_element(out, b.extract_value(words, i), ir.Constant(I32, i))
    return out


def _i8(enum: str, member: str, gen: "Codegen") -> ir.Constant:
    return ir.Constant(I8, gen.ops.enum(enum)[member])


def _sign(gen: "Codegen", name: str, match: Any) -> ir.Constant:
    elem = match.param_types[0].element
    unsigned = name in _UNSIGNED_FORMS and elem is not None and elem.kind == "uint"
    return _i8("SignedOpKind", "Unsigned" if unsigned else "Signed", gen)


# --------------------------------------------------------------------------
# The intrinsics

def _lane_query(gen, name, args, match):
    hint = {"WaveGetLaneIndex": "lane", "WaveGetLaneCount": "lanes"}.get(name, "")
    return gen.op(name, [], name_hint=hint)


def _vote(gen, name, args, match):
    return gen.op("WaveAnyTrue" if name == "WaveActiveAnyTrue" else "WaveAllTrue", args)


def _ballot(gen, name, args, match):
    return _words_to_uint4(gen, gen.op("WaveActiveBallot", args, name_hint="ballot"))


def _count_bits(gen, name, args, match):
    op = "WaveAllBitCount" if name == "WaveActiveCountBits" else "WavePrefixBitCount"
    return gen.op(op, args)


def _read_lane_first(gen, name, args, match):
    return per_element(gen, args[0], lambda v: gen.op("WaveReadLaneFirst", [v], overload=v.type))


def _read_lane_at(gen, name, args, match):
    lane = args[1]
    return per_element(gen, args[0], lambda v: gen.op("WaveReadLaneAt", [v, lane], overload=v.type))


def _all_equal(gen, name, args, match):
    return per_element(gen, args[0], lambda v: gen.op("WaveActiveAllEqual", [v], overload=v.type))


def _reduction(gen, name, args, match):
    op, enum, member = _REDUCTIONS[name]
    kind = _i8(enum, member, gen)
    extra = [kind] if op == "WaveActiveBit" else [kind, _sign(gen, name, match)]
    if op == "WaveMultiPrefixOp":
        masks = scalars_of(gen, args[1])
        return per_element(gen, args[0], lambda v: gen.op(op, [v] + masks + extra, overload=v.type))
    return per_element(gen, args[0], lambda v: gen.op(op, [v] + extra, overload=v.type))


def _multi_prefix_count(gen, name, args, match):
    return gen.op("WaveMultiPrefixBitCount", [args[0]] + scalars_of(gen, args[1]))


def _match(gen, name, args, match):
    b = gen.builder
    result = None
    for v in scalars_of(gen, args[0]):
        words = gen.op("WaveMatch", [v], overload=v.type)
        if result is None:
            result = words
            continue
        # Lanes that match on every component: AND the masks word by word.
        for i in range(4):
            both = b.and_(b.extract_value(result, i), b.extract_value(words, i))
            result = b.insert_value(result, both, i)
    return _words_to_uint4(gen, result)


def _quad_read_lane_at(gen, name, args, match):
    lane = args[1]
    return per_element(gen, args[0], lambda v: gen.op("QuadReadLaneAt", [v, lane], overload=v.type))


def _quad_read_across(gen, name, args, match):
    kind = _i8("QuadOpKind", _QUAD_READS[name], gen)
    return per_element(gen, args[0], lambda v: gen.op("QuadOp", [v, kind], overload=v.type))


def _quad_vote(gen, name, args, match):
    cond = args[0]
    vote = "Any" if name == "QuadAny" else "All"
    if (gen.options.major, gen.options.minor) >= (6, 7):
        return gen.op("QuadVote", [cond, _i8("QuadVoteOpKind", vote, gen)], overload=I1)
    b = gen.builder
    wide = b.sext(cond, I32)
    reads = [gen.op("QuadOp", [wide, _i8("QuadOpKind", k, gen)], overload=I32)
             for k in ("ReadAcrossX", "ReadAcrossY", "ReadAcrossDiagonal")]
    combine = b.or_ if vote == "Any" else b.and_
    result = combine(combine(combine(reads[0], reads[1]), reads[2]), wide)
    return b.trunc(result, I1)


def _is_helper_lane(gen, name, args, match):
    if gen.options.stage != "lib":
        return ir.Constant(I1, 0)
    if (gen.options.major, gen.options.minor) >= (6, 6):
        return gen.op("IsHelperLane", [], overload=I1)
    # Before DXIL 1.6 a library reads DXC's `dx.ishelper` word (zero unless
    # a pixel shader it is linked into sets it).
    flag = gen.module.globals.get("dx.ishelper")
    if flag is None:
        flag = ir.GlobalVariable(gen.module, I32, "dx.ishelper")
        flag.initializer = ir.Constant(I32, 0)
    return gen.builder.trunc(gen.builder.load(flag), I1)


_LOWER: dict[str, Callable[..., ir.Value]] = {
    "WaveGetLaneIndex": _lane_query, "WaveGetLaneCount": _lane_query, "WaveIsFirstLane": _lane_query,
    "WaveActiveAnyTrue": _vote, "WaveActiveAllTrue": _vote,
    "WaveActiveBallot": _ballot,
    "WaveActiveCountBits": _count_bits, "WavePrefixCountBits": _count_bits,
    "WaveReadLaneFirst": _read_lane_first, "WaveReadLaneAt": _read_lane_at,
    "WaveActiveAllEqual": _all_equal,
    **{name: _reduction for name in _REDUCTIONS},
    "WaveMultiPrefixCountBits": _multi_prefix_count,
    "WaveMatch": _match,
    "QuadReadLaneAt": _quad_read_lane_at,
    **{name: _quad_read_across for name in _QUAD_READS},
    "QuadAny": _quad_vote, "QuadAll": _quad_vote,
    "IsHelperLane": _is_helper_lane,
}
