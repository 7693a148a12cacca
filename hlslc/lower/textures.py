"""Lowering of texture methods, sampler arguments and load status, to the
DXIL operations DXC emits for them.

Owns: `Load` of every texture (`textureLoad`: the mip level from the
location's last component, the sample index of MS textures, the optional
texel offset), `Sample`, `SampleBias`, `SampleLevel`, `SampleGrad`,
`SampleCmp`, `SampleCmpLevelZero`, `SampleCmpLevel`, `SampleCmpBias`,
`SampleCmpGrad`, `Gather*`, `GatherCmp*` (four offsets: four gathers, one
component from each), `GatherRaw`, `GetDimensions` in every overload, and
`CalculateLevelOfDetail[Unclamped]`, `GetSamplePosition`, with DXC's
operand order: the coordinates padded with `float undef`, offsets (zero
where the overload has none, `i32 undef` past the texture's dimensions),
then the method's own operands, a missing clamp being `float undef`. The
`out uint status` of any load (textures, typed, structured and byte-address
buffers) is `zext(checkAccessFullyMapped(ResRet.status))`, and the
`CheckAccessFullyMapped` intrinsic is then a `trunc` back to bool, as in
DXC.

Does not own: handles (`access.emit_handle`, `resources`), the typed
element place (`places.TypedPlace`) and the places `tex.mips[level][pos]`
and `tex.sample[index][pos]` name (`access.subscript_place`), overloads and
rules (`sema`).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from ..sema.textures import offset_dims, spatial_dims
from .access import emit_handle
from .base import I1, I32
from .places import TypedPlace, components, int_components, memory_type, to_register

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

FLOAT = ir.FloatType()

MAX_MIP_LOD_BIAS = 15.99    # DXIL's clamp of a constant SampleBias bias
MIN_MIP_LOD_BIAS = -16.0


def _undef(ty: ir.Type) -> ir.Constant:
    return ir.Constant(ty, ir.Undefined)


def _c(value: int) -> ir.Constant:
    return ir.Constant(I32, value)


# --------------------------------------------------------------------------
# Arguments

class _Args:
    """A method call's arguments: `ins` the values of the `in` arguments
    (handles for samplers), and the position of the `out uint status`."""

    def __init__(self, gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> None:
        match = info.target
        modes = match.param_modes or ["in"] * len(expr.args)
        self.ins: list[ir.Value] = []
        self.status: int | None = None
        for position, (arg, param_t, mode) in enumerate(zip(expr.args, match.param_types, modes)):
            if mode != "in":
                self.status = position
            elif isinstance(param_t, T.ResourceType):
                self.ins.append(object_handle(gen, arg, param_t))
            else:
                self.ins.append(gen.emit_converted(arg, param_t))


def object_handle(gen: "Codegen", expr: A.Expr, param_t: T.ResourceType) -> ir.Value:
    """The handle of a sampler argument: a variable, an array element, a
    parameter, or a sampler heap element (made a `param_t` handle)."""
    if isinstance(gen.expr_type(expr), T.HeapDescriptorType):
        return gen.emit_converted(expr, param_t)
    return emit_handle(gen, expr)


def _offsets(gen: "Codegen", value: ir.Value | None, dims: int, pad: int) -> list[ir.Value]:
    """Sample and gather offsets: zero where the overload gives none."""
    given = int_components(gen, value, dims) if value is not None else [_c(0)] * dims
    return (given + [_undef(I32)] * pad)[:pad]


def _result(gen: "Codegen", ret: ir.Value, t: T.Type) -> ir.Value:
    """A method's value from the ResRet: as many fields as it has
    components (DXC's ScalarizeResRet)."""
    scalar = gen.sema_scalar(t)
    b = gen.builder
    parts = [to_register(gen, b.extract_value(ret, k), scalar) for k in range(T.component_count(t))]
    if isinstance(t, T.VectorType):
        vec = ir.Constant(gen.llt(t), None)
        for k, part in enumerate(parts):
            vec = b.insert_element(vec, part, _c(k))
        return vec
    return parts[0]


def _store_out(gen: "Codegen", expr: A.CallExpr, position: int, value: ir.Value, value_t: T.Type) -> None:
    arg = expr.args[position]
    gen.store_to(arg, gen.convert(value, value_t, gen.expr_type(arg), True, arg.span))


def store_status(gen: "Codegen", expr: A.CallExpr, position: int | None, ret: ir.Value) -> None:
    """`out uint status`: whether the access touched only mapped tiles, as
    DXC writes it (`zext(checkAccessFullyMapped(ResRet field 4))`)."""
    if position is None or position >= len(expr.args):
        return
    b = gen.builder
    mapped = gen.op("CheckAccessFullyMapped", [b.extract_value(ret, 4)], overload=I32, name_hint="mapped")
    _store_out(gen, expr, position, b.zext(mapped, I32), T.UINT)


def load_with_status(gen: "Codegen", place: Any, expr: A.CallExpr, position: int | None) -> ir.Value:
    """Load `place` and write the status of its (last) load to the `out`
    argument at `position`, if the call has one."""
    if position is None or position >= len(expr.args):
        return place.load(gen)
    saved = getattr(gen, "resret_sink", None)
    gen.resret_sink = []
    try:
        value = place.load(gen)
        rets = gen.resret_sink
    finally:
        gen.resret_sink = saved
    if rets:
        store_status(gen, expr, position, rets[-1])
    return value


def check_access(gen: "Codegen", status: ir.Value) -> ir.Value:
    """`CheckAccessFullyMapped(status)`: the status is already the mapped
    bit (see `store_status`)."""
    return gen.builder.trunc(status, I1)


# --------------------------------------------------------------------------
# Load

def _load(gen, expr, info, object_t, handle) -> ir.Value:
    args = _Args(gen, expr, info)
    shape = object_t.shape
    n = shape.coords
    location = args.ins[0]
    coords = int_components(gen, location, n)
    offsets_at = 1
    if shape.ms:
        mip = gen._to_i32(args.ins[1])
        offsets_at = 2
    elif shape.is_uav:
        mip = None
    else:
        mip = gen._to_i32(gen.builder.extract_element(location, _c(n)))
    offsets = int_components(gen, args.ins[offsets_at], offset_dims(shape)) if len(args.ins) > offsets_at else None
    place = TypedPlace(handle, coords, mip, object_t.elem, True, False, offsets=offsets)
    return load_with_status(gen, place, expr, args.status)


# --------------------------------------------------------------------------
# Sampling

# Per method: its operands between the coordinates and the offset (DXIL
# order), whether a clamp may follow the offset, and the DXIL operation.
_SAMPLES = {
    "Sample": ((), True, "Sample"),
    "SampleBias": (("bias",), True, "SampleBias"),
    "SampleLevel": (("lod",), False, "SampleLevel"),
    "SampleGrad": (("ddx", "ddy"), True, "SampleGrad"),
    "SampleCmp": (("cmp",), True, "SampleCmp"),
    "SampleCmpLevelZero": (("cmp",), False, "SampleCmpLevelZero"),
    "SampleCmpLevel": (("cmp", "lod"), False, "SampleCmpLevel"),
    "SampleCmpBias": (("cmp", "bias"), True, "SampleCmpBias"),
    "SampleCmpGrad": (("cmp", "ddx", "ddy"), True, "SampleCmpGrad"),
}


def _bias(value: ir.Value) -> ir.Value:
    """A constant bias is clamped to DXIL's range, as DXC does."""
    if isinstance(value, ir.Constant) and isinstance(value.constant, float):
        if value.constant > MAX_MIP_LOD_BIAS:
            return ir.Constant(value.type, MAX_MIP_LOD_BIAS)
        if value.constant < MIN_MIP_LOD_BIAS:
            return ir.Constant(value.type, MIN_MIP_LOD_BIAS)
    return value


def _sample(gen, expr, info, object_t, handle) -> ir.Value:
    name = info.target.name
    head, has_clamp, op = _SAMPLES[name]
    args = _Args(gen, expr, info)
    shape = object_t.shape
    sampler, location, *rest = args.ins
    named = dict(zip(head, rest))
    rest = rest[len(head):]
    offset = None
    if not shape.cube and rest:
        offset, rest = rest[0], rest[1:]
    clamp = rest[0] if has_clamp and rest else _undef(FLOAT)
    operands = [handle, sampler] + components(gen, location, shape.coords, 4, _undef(FLOAT)) + \
        _offsets(gen, offset, offset_dims(shape), 3)
    grad = spatial_dims(shape)
    for key in head:
        value = named[key]
        if key in ("ddx", "ddy"):
            operands += components(gen, value, grad, 3, _undef(FLOAT))
        elif key == "bias":
            operands.append(_bias(value))
        else:
            operands.append(value)
    if has_clamp:
        operands.append(clamp)
    result_t = info.target.return_type
    ret = gen.op(op, operands, overload=memory_type(gen, gen.sema_scalar(result_t)), name_hint="sample")
    store_status(gen, expr, args.status, ret)
    return _result(gen, ret, result_t)


def _lod(gen, expr, info, object_t, handle) -> ir.Value:
    args = _Args(gen, expr, info)
    sampler, location = args.ins
    coords = components(gen, location, spatial_dims(object_t.shape), 3, _undef(FLOAT))
    clamped = ir.Constant(I1, int(info.target.name == "CalculateLevelOfDetail"))
    return gen.op("CalculateLOD", [handle, sampler] + coords + [clamped], overload=FLOAT, name_hint="lod")


_CHANNEL = {"": 0, "Red": 0, "Green": 1, "Blue": 2, "Alpha": 3}


def _gather(gen, expr, info, object_t, handle) -> ir.Value:
    name = info.target.name
    args = _Args(gen, expr, info)
    shape = object_t.shape
    raw = name == "GatherRaw"
    compare = name.startswith("GatherCmp")
    channel = _CHANNEL[name[len("GatherCmp" if compare else "Gather"):]] if not raw else 0
    sampler, location, *rest = args.ins
    cmp_value = None
    if compare:
        cmp_value, rest = rest[0], rest[1:]
    dims = offset_dims(shape)
    offsets = [_offsets(gen, value, dims, 2) for value in rest] or [_offsets(gen, None, dims, 2)]
    coords = components(gen, location, shape.coords, 4, _undef(FLOAT))
    result_t = info.target.return_type
    overload = memory_type(gen, gen.sema_scalar(result_t))
    op = "TextureGatherRaw" if raw else ("TextureGatherCmp" if compare else "TextureGather")

    def gather(offset: list[ir.Value]) -> ir.Value:
        tail = [] if raw else [_c(channel)] + ([cmp_value] if compare else [])
        return gen.op(op, [handle, sampler] + coords + offset + tail, overload=overload, name_hint="gather")

    first = gather(offsets[0])
    if len(offsets) == 1:
        value = _result(gen, first, result_t)
    else:
        # One offset per texel: four gathers, component k from the k-th.
        b = gen.builder
        scalar = gen.sema_scalar(result_t)
        value = ir.Constant(gen.llt(result_t), None)
        for k, offset in enumerate(offsets):
            ret = first if k == 0 else gather(offset)
            value = b.insert_element(value, to_register(gen, b.extract_value(ret, k), scalar), _c(k))
    store_status(gen, expr, args.status, first)
    return value


# --------------------------------------------------------------------------
# GetDimensions

def _dimensions(gen, expr, info, object_t, handle) -> ir.Value:
    """Width first, then height/depth/elements in order; the mip level count
    (with a mip level argument) and an MS texture's sample count are
    field 3.  Float outputs are converted as DXC does (`sitofp`)."""
    args = _Args(gen, expr, info)
    shape = object_t.shape
    match = info.target
    outs = [i for i, mode in enumerate(match.param_modes) if mode != "in"]
    with_mip = len(args.ins) == 1
    if with_mip:
        mip = gen._to_i32(args.ins[0])
    elif shape.ms:
        mip = _undef(I32)
    else:
        mip = _c(0)
    dims = gen.op("GetDimensions", [handle, mip], name_hint="dims")
    fields = list(range(len(outs)))
    if with_mip or (shape.ms and not shape.array):
        fields[-1] = 3
    b = gen.builder
    for position, field in zip(outs, fields):
        value = b.extract_value(dims, field)
        out_t = match.param_types[position]
        _store_out(gen, expr, position, value, T.INT if out_t.element.kind == "float" else T.UINT)
    return ir.Constant(I32, 0)


def _sample_position(gen, expr, info, object_t, handle) -> ir.Value:
    """An MS texture's `GetSamplePosition(index)`: the SamplePos pair."""
    args = _Args(gen, expr, info)
    pos = gen.op("Texture2DMSGetSamplePosition", [handle, gen._to_i32(args.ins[0])], name_hint="pos")
    b = gen.builder
    value = ir.Constant(ir.VectorType(FLOAT, 2), None)
    for k in range(2):
        value = b.insert_element(value, b.extract_value(pos, k), _c(k))
    return value


# --------------------------------------------------------------------------
# Sampler feedback (SM 6.5)

# Per method: its operands after the coordinates (DXIL order); a clamp
# follows, as undef when not given, except for the Level form.
_FEEDBACK = {
    "WriteSamplerFeedback": ((), True),
    "WriteSamplerFeedbackBias": (("bias",), True),
    "WriteSamplerFeedbackLevel": (("lod",), False),
    "WriteSamplerFeedbackGrad": (("ddx", "ddy"), True),
}


def _feedback(gen, expr, info, object_t, handle) -> ir.Value:
    """`fb.WriteSamplerFeedback*(tex, sampler, location, ...)`: one
    dx.op.writeSamplerFeedback* with the feedback, sampled texture and
    sampler handles, four coordinates and the method's operands, as DXC
    writes it (a constant bias clamped to [-16, 15.99])."""
    name = info.target.name
    head, has_clamp = _FEEDBACK[name]
    args = _Args(gen, expr, info)
    sampled, sampler, location, *rest = args.ins
    operands = [handle, sampled, sampler] + components(gen, location, object_t.shape.coords, 4, _undef(FLOAT))
    for key, value in zip(head, rest):
        if key in ("ddx", "ddy"):
            operands += components(gen, value, 2, 3, _undef(FLOAT))
        elif key == "bias":
            operands.append(_bias(value))
        else:
            operands.append(value)
    if has_clamp:
        operands.append(rest[len(head)] if len(rest) > len(head) else _undef(FLOAT))
    gen.op(name, operands)
    return ir.Constant(I32, 0)


# --------------------------------------------------------------------------
# The dispatch table `lower.intrinsics` reads: (family, method) -> lowering

METHODS: dict[tuple[str, str], Any] = {("texture", "Load"): _load, ("texture", "GetDimensions"): _dimensions}
METHODS.update({("texture", name): _sample for name in _SAMPLES})
METHODS.update({("texture", name): _lod for name in ("CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped")})
METHODS.update({("texture", prefix + channel): _gather for prefix in ("Gather", "GatherCmp")
                for channel in ("", "Red", "Green", "Blue", "Alpha")})
METHODS[("texture", "GatherRaw")] = _gather
METHODS[("texture", "GetSamplePosition")] = _sample_position
METHODS.update({("feedback", name): _feedback for name in _FEEDBACK})
