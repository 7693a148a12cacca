"""Lowering of texture methods: Load, the Sample and Gather families,
CalculateLevelOfDetail and GetDimensions, as DXC writes them.

Owns: the operand lists of `textureLoad`, `sample`, `sampleBias`,
`sampleLevel`, `sampleGrad`, `sampleCmp`, `sampleCmpLevelZero`,
`sampleCmpLevel`, `textureGather`, `textureGatherCmp`, `textureGatherRaw`,
`calculateLOD`, `getDimensions` and `texture2DMSGetSamplePosition`:
coordinates padded to four floats (or three integers) with `undef`, the
offsets of the texture's dimensions (0 when none is given, `undef` beyond
the dimensions), the optional clamp and the `out uint status` (the
`ResRet`'s last field), and which `Dimensions` fields answer which
`GetDimensions` outputs for each shape.

Does not own: `tex[coord]` element access (`places.TypedPlace`), sema's
overloads (`hlslc.sema.intrinsics`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llvmlite import ir

from .. import ast as A
from ..sema import types as T
from .codegen import I1, I32, LowerError
from .math import components
from .places import _gather, memory_type, to_register

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

F32 = ir.FloatType()
_CHANNELS = {"Red": 0, "Green": 1, "Blue": 2, "Alpha": 3}


def _undef(ty: ir.Type) -> ir.Constant:
    return ir.Constant(ty, ir.Undefined)


def _pad(values: list[ir.Value], n: int, ty: ir.Type) -> list[ir.Value]:
    return (values + [_undef(ty)] * n)[:n]


class _Call:
    """One texture method call being lowered: its operands, converted."""

    def __init__(self, gen: "Codegen", expr: A.CallExpr, info: "CallInfo", tex: T.ResourceType,
                 handle: ir.Value) -> None:
        self.gen = gen
        self.expr = expr
        self.match = info.target
        self.tex = tex
        self.shape = tex.shape
        self.handle = handle
        modes = self.match.param_modes or ["in"] * len(expr.args)
        self.args = [gen.emit_converted(a, p) if m == "in" else None
                     for a, p, m in zip(expr.args, self.match.param_types, modes)]
        self.elem = tex.elem if tex.elem is not None else T.vector_of(T.FLOAT, 4)
        self.dims = self.shape.coords - (1 if self.shape.array else 0)

    def offsets(self, value: ir.Value | None, count: int = 3) -> list[ir.Value]:
        if value is None:
            used = 0 if self.shape.cube else min(self.dims, count)
            return _pad([ir.Constant(I32, 0)] * used, count, I32)
        return _pad([self.gen._to_i32(v) for v in components(self.gen, value)], count, I32)

    def coords(self, value: ir.Value, count: int = 4, ty: ir.Type = F32) -> list[ir.Value]:
        parts = components(self.gen, value)
        if ty == I32:
            parts = [self.gen._to_i32(p) for p in parts]
        return _pad(parts, count, ty)

    def arg(self, k: int) -> ir.Value | None:
        return self.args[k] if k < len(self.args) else None

    def result(self, ret: ir.Value, t: T.Type) -> ir.Value:
        scalar = self.gen.sema_scalar(t)
        b = self.gen.builder
        parts = [to_register(self.gen, b.extract_value(ret, k), scalar) for k in range(T.component_count(t))]
        return _gather(self.gen, t, parts)

    def status(self, ret: ir.Value, position: int) -> None:
        if position < len(self.expr.args) and self.args[position] is None:
            arg = self.expr.args[position]
            value = self.gen.builder.extract_value(ret, 4)
            self.gen.store_to(arg, self.gen.convert(value, T.UINT, self.gen.expr_type(arg), True, arg.span))

    def overload(self) -> ir.Type:
        return memory_type(self.gen, self.gen.sema_scalar(self.elem))


def lower_texture_method(gen: "Codegen", expr: A.CallExpr, info: "CallInfo", tex: T.ResourceType,
                         handle: ir.Value) -> ir.Value:
    call = _Call(gen, expr, info, tex, handle)
    name = info.target.name.split(".")[-1]
    if name == "Load":
        return _load(call)
    if name == "GetDimensions":
        return _dimensions(call)
    if name == "GetSamplePosition":
        ret = gen.op("Texture2DMSGetSamplePosition", [handle, call.args[0]])
        b = gen.builder
        return gen.build_vector([b.extract_value(ret, 0), b.extract_value(ret, 1)])
    if name.startswith("CalculateLevelOfDetail"):
        sampler = call.args[0]
        loc = call.coords(call.args[1], 3)
        clamped = ir.Constant(I1, 0 if name.endswith("Unclamped") else 1)
        return gen.op("CalculateLOD", [handle, sampler] + loc + [clamped], overload=F32)
    if name.startswith("Gather"):
        return _gather_call(call, name)
    if name.startswith("Sample"):
        return _sample(call, name)
    raise LowerError(f"code generation does not know the texture method '{name}'", expr.span)


def _load(call: _Call) -> ir.Value:
    gen = call.gen
    shape = call.shape
    loc = components(gen, call.args[0])
    loc = [gen._to_i32(v) for v in loc]
    if shape.ms:
        mip = gen._to_i32(call.args[1])
        coords, offset_at, status_at = loc, 2, 3
    elif shape.is_uav:
        mip = _undef(I32)
        coords, offset_at, status_at = loc, None, 1
    else:
        coords, mip = loc[:-1], loc[-1]
        offset_at, status_at = 1, 2
    offsets = call.offsets(call.arg(offset_at) if offset_at is not None else None)
    if offset_at is None or call.arg(offset_at) is None:
        offsets = _pad([], 3, I32)
    ret = gen.op("TextureLoad", [call.handle, mip] + _pad(coords, 3, I32) + offsets, overload=call.overload(),
                 name_hint="load")
    call.status(ret, status_at)
    return call.result(ret, call.elem)


def _sample(call: _Call, name: str) -> ir.Value:
    gen = call.gen
    a = call.args
    sampler, loc = a[0], call.coords(a[1])
    f_undef = _undef(F32)
    compare = name.startswith("SampleCmp")
    result_t = T.FLOAT if compare else call.elem
    overload = F32 if compare else call.overload()
    if name == "Sample":
        ops = [call.offsets(call.arg(2)), [call.arg(3) or f_undef]]
        op, status_at = "Sample", 4
    elif name == "SampleBias":
        ops = [call.offsets(call.arg(3)), [a[2], call.arg(4) or f_undef]]
        op, status_at = "SampleBias", 5
    elif name == "SampleLevel":
        ops = [call.offsets(call.arg(3)), [a[2]]]
        op, status_at = "SampleLevel", 4
    elif name == "SampleGrad":
        ddx = call.coords(a[2], 3)
        ddy = call.coords(a[3], 3)
        ops = [call.offsets(call.arg(4)), ddx + ddy + [call.arg(5) or f_undef]]
        op, status_at = "SampleGrad", 6
    elif name == "SampleCmp":
        ops = [call.offsets(call.arg(3)), [a[2], call.arg(4) or f_undef]]
        op, status_at = "SampleCmp", 5
    elif name == "SampleCmpLevelZero":
        ops = [call.offsets(call.arg(3)), [a[2]]]
        op, status_at = "SampleCmpLevelZero", 4
    elif name == "SampleCmpLevel":
        ops = [call.offsets(call.arg(4)), [a[2], a[3]]]
        op, status_at = "SampleCmpLevel", 5
    else:
        raise LowerError(f"code generation does not know the texture method '{name}'", call.expr.span)
    operands = [call.handle, sampler] + loc + ops[0] + ops[1]
    ret = gen.op(op, operands, overload=overload, name_hint="sample")
    call.status(ret, status_at)
    return call.result(ret, result_t)


def _gather_call(call: _Call, name: str) -> ir.Value:
    gen = call.gen
    a = call.args
    compare = name.startswith("GatherCmp")
    channel = _CHANNELS.get(name.removeprefix("GatherCmp").removeprefix("Gather"), 0)
    sampler, loc = a[0], call.coords(a[1])
    four = T.vector_of(gen.sema_scalar(call.elem), 4)
    if name == "GatherRaw":
        ret = gen.op("TextureGatherRaw", [call.handle, sampler] + loc + call.offsets(call.arg(2), 2),
                     overload=call.overload(), name_hint="gather")
        call.status(ret, 3)
        return call.result(ret, four)
    first_offset = 3 if compare else 2
    extra = [a[2]] if compare else []
    op = "TextureGatherCmp" if compare else "TextureGather"
    chan = [ir.Constant(I32, channel)]
    if not compare and len(call.expr.args) >= 6 and call.args[5] is not None:
        # Four offsets, one per texel: four gathers, one component of each.
        b = gen.builder
        parts = []
        for k in range(4):
            ret = gen.op(op, [call.handle, sampler] + loc + call.offsets(a[2 + k], 2) + chan,
                         overload=call.overload(), name_hint="gather")
            parts.append(to_register(gen, b.extract_value(ret, k), gen.sema_scalar(call.elem)))
        if len(call.expr.args) > 6:
            call.status(ret, 6)
        return gen.build_vector(parts)
    ret = gen.op(op, [call.handle, sampler] + loc + call.offsets(call.arg(first_offset), 2) + chan + extra,
                 overload=call.overload(), name_hint="gather")
    call.status(ret, first_offset + 1)
    return call.result(ret, four)


def _dimensions(call: _Call) -> ir.Value:
    """GetDimensions([mip,] out width[, height][, depth or elements][, levels or samples])."""
    gen = call.gen
    shape = call.shape
    b = gen.builder
    outs = [k for k, v in enumerate(call.args) if v is None]
    with_mip = bool(call.args) and call.args[0] is not None
    mip = gen._to_i32(call.args[0]) if with_mip else (_undef(I32) if shape.is_uav else ir.Constant(I32, 0))
    dims = gen.op("GetDimensions", [call.handle, mip], name_hint="dims")
    sizes = 2 if shape.cube else call.dims
    fields = list(range(sizes))
    if shape.array:
        fields.append(2 if sizes < 3 else 3)
        if sizes == 1:
            fields[-1] = 1
    if shape.ms or with_mip:
        fields.append(3)
    for position, field in zip(outs, fields):
        arg = call.expr.args[position]
        value = b.extract_value(dims, field)
        gen.store_to(arg, gen.convert(value, T.UINT, gen.expr_type(arg), True, arg.span))
    return ir.Constant(I32, 0)
