"""Lowering of HLSL intrinsics and resource methods.

Owns: byte-address buffer access (`Load`, `Load2..4`, `Load<T>`, `Store*`,
`GetDimensions`) through `rawBufferLoad` / `rawBufferStore` (element offset
`undef`, as DXC requires for byte-address buffers), barriers with DXC's mode
bits, wave operations, and the math intrinsics the samples use, as DXIL
operations (scalar operations applied per component of a vector) or plain
LLVM instructions where DXC uses those too (`asuint` is a bitcast).

An intrinsic without a lowering here is a located error that names it, never
a silent miscompile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llvmlite import ir

from .. import ast as A
from ..sema import types as T
from .codegen import _BARRIERS, I1, I8, I32, LowerError

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

_UNARY_FLOAT = {"sqrt": "Sqrt", "rsqrt": "Rsqrt", "sin": "Sin", "cos": "Cos", "tan": "Tan", "asin": "Asin",
                "acos": "Acos", "atan": "Atan", "exp2": "Exp", "log2": "Log", "frac": "Frc", "saturate": "Saturate",
                "round": "Round_ne", "floor": "Round_ni", "ceil": "Round_pi", "trunc": "Round_z"}


# Wave reductions and scans: (operation, WaveOpKind); the SignedOpKind
# operand follows the element type.
_WAVE_ARITH = {"WaveActiveSum": ("WaveActiveOp", 0), "WaveActiveProduct": ("WaveActiveOp", 1),
               "WaveActiveMin": ("WaveActiveOp", 2), "WaveActiveMax": ("WaveActiveOp", 3),
               "WavePrefixSum": ("WavePrefixOp", 0), "WavePrefixProduct": ("WavePrefixOp", 1)}
_WAVE_BIT = {"WaveActiveBitAnd": 0, "WaveActiveBitOr": 1, "WaveActiveBitXor": 2}


def lower_intrinsic(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> ir.Value:
    match = info.target
    name = match.name
    if info.object is not None:
        return _resource_method(gen, expr, info)
    args = [gen.emit_converted(a, p) for a, p in zip(expr.args, match.param_types)]
    b = gen.builder
    if name == "CheckAccessFullyMapped":
        from .textures import check_access
        return check_access(gen, args[0])
    if name == "NonUniformResourceIndex":
        # The index itself; the handle made from it is marked non-uniform
        # (`access.emit_handle` finds the call in the index expression).
        return args[0]
    if name in _BARRIERS:
        gen.op("Barrier", [ir.Constant(I32, _BARRIERS[name])])
        return ir.Constant(I32, 0)
    if name == "WaveGetLaneIndex":
        return gen.op("WaveGetLaneIndex", [], name_hint="lane")
    if name == "WaveGetLaneCount":
        return gen.op("WaveGetLaneCount", [], name_hint="lanes")
    if name == "WaveIsFirstLane":
        return gen.op("WaveIsFirstLane", [])
    if name == "WaveReadLaneFirst":
        return _per_component(gen, args, lambda parts: gen.op("WaveReadLaneFirst", parts, overload=parts[0].type))
    if name == "WaveReadLaneAt":
        lane = args[1]
        return _per_component(gen, args[:1], lambda parts: gen.op("WaveReadLaneAt", [parts[0], lane],
                                                                  overload=parts[0].type))
    if name in ("WaveActiveAnyTrue", "WaveActiveAllTrue"):
        return gen.op("WaveAnyTrue" if name == "WaveActiveAnyTrue" else "WaveAllTrue", args)
    if name in _WAVE_ARITH:
        op_name, kind = _WAVE_ARITH[name]
        scalar = match.return_type.element
        signed = 1 if scalar.kind in ("uint", "bool") else 0
        return _per_component(gen, args, lambda parts: gen.op(
            op_name, [parts[0], ir.Constant(ir.IntType(8), kind), ir.Constant(ir.IntType(8), signed)],
            overload=parts[0].type))
    if name in _WAVE_BIT:
        return _per_component(gen, args, lambda parts: gen.op(
            "WaveActiveBit", [parts[0], ir.Constant(ir.IntType(8), _WAVE_BIT[name])], overload=parts[0].type))
    if name == "f16tof32":
        return _per_component(gen, args, lambda parts: gen.op("LegacyF16ToF32", parts, name_hint="f32"))
    if name == "f32tof16":
        return _per_component(gen, args, lambda parts: gen.op("LegacyF32ToF16", parts, name_hint="f16"))
    if name in ("asuint", "asint", "asfloat"):
        return b.bitcast(args[0], gen.llt(match.return_type, expr.span))
    elem = match.return_type.element if match.return_type.is_numeric else None
    if name in ("max", "min"):
        kind = "F" if elem.kind == "float" else ("I" if elem.kind == "int" else "U")
        op = f"{kind}{'Max' if name == 'max' else 'Min'}"
        return _per_component(gen, args, lambda parts: gen.op(op, parts, overload=parts[0].type))
    if name == "clamp":
        kind = "F" if elem.kind == "float" else ("I" if elem.kind == "int" else "U")
        return _per_component(gen, args, lambda parts: gen.op(
            f"{kind}Min", [gen.op(f"{kind}Max", parts[:2], overload=parts[0].type), parts[2]],
            overload=parts[0].type))
    if name == "abs" and elem.kind == "float":
        return _per_component(gen, args, lambda parts: gen.op("FAbs", parts, overload=parts[0].type))
    if name in _UNARY_FLOAT and elem.kind == "float":
        op = _UNARY_FLOAT[name]
        return _per_component(gen, args, lambda parts: gen.op(op, parts, overload=parts[0].type))
    if name == "dot":
        return _dot(gen, args, match.param_types[0], expr)
    if name == "mad" and elem.kind == "float":
        return _per_component(gen, args, lambda parts: gen.op("FMad", parts, overload=parts[0].type))
    raise LowerError(f"code generation does not support the intrinsic '{name}' yet", expr.callee.span
                     if hasattr(expr.callee, "span") else expr.span)


def _per_component(gen: "Codegen", args: list[ir.Value], scalar_op: Any) -> ir.Value:
    """Apply a scalar DXIL operation to each component (DXIL is scalar)."""
    first = args[0]
    if not isinstance(first.type, ir.VectorType):
        return scalar_op(args)
    b = gen.builder
    out = ir.Constant(first.type if scalar_op is not None else first.type, None)
    result_ty = None
    parts_out = []
    for i in range(first.type.count):
        index = ir.Constant(I32, i)
        parts_out.append(scalar_op([b.extract_element(a, index) for a in args]))
    result_ty = ir.VectorType(parts_out[0].type, first.type.count)
    out = ir.Constant(result_ty, None)
    for i, part in enumerate(parts_out):
        out = b.insert_element(out, part, ir.Constant(I32, i))
    return out


def _dot(gen: "Codegen", args: list[ir.Value], param_t: T.Type, expr: A.CallExpr) -> ir.Value:
    b = gen.builder
    a, c = args
    if not isinstance(a.type, ir.VectorType):
        return gen.arith("*", a, param_t, c, param_t, param_t, expr.span)
    count = a.type.count
    elem = param_t.element
    if elem.kind == "float" and 2 <= count <= 4:
        parts = [b.extract_element(a, ir.Constant(I32, i)) for i in range(count)] + \
                [b.extract_element(c, ir.Constant(I32, i)) for i in range(count)]
        return gen.op(f"Dot{count}", parts, overload=a.type.element, name_hint="dot")
    total = None
    for i in range(count):
        x = b.extract_element(a, ir.Constant(I32, i))
        y = b.extract_element(c, ir.Constant(I32, i))
        term = b.fmul(x, y) if elem.kind == "float" else b.mul(x, y)
        total = term if total is None else (b.fadd(total, term) if elem.kind == "float" else b.add(total, term))
    return total


def _resource_method(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> ir.Value:
    match = info.target
    name = match.name.split(".")[-1]
    object_t = gen.expr_type(info.object)
    if not isinstance(object_t, T.ResourceType):
        raise LowerError(f"code generation does not support methods of '{object_t.spell()}'", expr.span)
    from .access import emit_handle
    handle = emit_handle(gen, info.object)
    family = object_t.shape.family
    lower = _METHODS.get((family, name)) or _METHODS.get(("*", name))
    if lower is None:
        raise LowerError(f"code generation does not support '{object_t.name}.{name}'", expr.span)
    return lower(gen, expr, info, object_t, handle)


def _args_of(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> list[ir.Value]:
    match = info.target
    return [gen.emit_converted(a, p) if mode == "in" else None
            for a, p, mode in zip(expr.args, match.param_types, match.param_modes or ["in"] * len(expr.args))]


def _store_out(gen: "Codegen", expr: A.CallExpr, info: "CallInfo", position: int, value: ir.Value,
               value_t: T.Type) -> None:
    """Write an `out` argument (converting to the argument's own type)."""
    if position >= len(expr.args):
        return
    arg = expr.args[position]
    target_t = gen.expr_type(arg)
    gen.store_to(arg, gen.convert(value, value_t, target_t, True, arg.span))


def _status_out(gen: "Codegen", expr: A.CallExpr, info: "CallInfo", position: int, ret: ir.Value) -> None:
    """The optional `out uint status` of a Load: the ResRet's last field."""
    if position < len(expr.args):
        status = gen.builder.extract_value(ret, 4) if isinstance(ret.type, ir.BaseStructType) else ret
        _store_out(gen, expr, info, position, status, T.UINT)


def _raw_load(gen, expr, info, object_t, handle) -> ir.Value:
    from .places import BufferPlace
    args = _args_of(gen, expr, info)
    result_t = info.target.return_type
    layout = gen.structured_layouts.of(result_t)
    place = BufferPlace(handle, True, gen._to_i32(args[0]), 0, result_t, layout, False)
    from .textures import load_with_status
    return load_with_status(gen, place, expr, 1)


def _raw_store(gen, expr, info, object_t, handle) -> ir.Value:
    from .places import BufferPlace
    args = _args_of(gen, expr, info)
    value_t = info.target.param_types[1]
    layout = gen.structured_layouts.of(value_t)
    BufferPlace(handle, True, gen._to_i32(args[0]), 0, value_t, layout, True).store(gen, args[1])
    return ir.Constant(I32, 0)


def _element_load(gen, expr, info, object_t, handle) -> ir.Value:
    """`Buf.Load(i)` of structured and typed buffers: the element `Buf[i]`."""
    from .places import BufferPlace, TypedPlace
    args = _args_of(gen, expr, info)
    elem = object_t.elem
    index = gen._to_i32(args[0])
    if object_t.shape.family == "typed":
        place = TypedPlace(handle, [index], None, elem, False, False)
    else:
        place = BufferPlace(handle, False, index, 0, elem, gen.structured_layouts.of(elem), False)
    from .textures import load_with_status
    return load_with_status(gen, place, expr, 1)


def _dimensions(gen: "Codegen", handle: ir.Value, mip: ir.Value | None = None) -> ir.Value:
    return gen.op("GetDimensions", [handle, mip if mip is not None else ir.Constant(I32, ir.Undefined)],
                  name_hint="dims")


def _buffer_dimensions(gen, expr, info, object_t, handle) -> ir.Value:
    """`GetDimensions(out count[, out stride])` of buffers."""
    dims = _dimensions(gen, handle)
    width = gen.builder.extract_value(dims, 0)
    family = object_t.shape.family
    if family in ("structured", "append", "consume"):
        stride = gen.structured_layouts.of(object_t.elem).size
        _store_out(gen, expr, info, 0, width, T.UINT)
        _store_out(gen, expr, info, 1, ir.Constant(I32, stride), T.UINT)
    else:
        _store_out(gen, expr, info, 0, width, T.UINT)
    return ir.Constant(I32, 0)


def _counter(gen: "Codegen", handle: ir.Value, step: int) -> ir.Value:
    gen.res.note_counter(handle)
    return gen.op("BufferUpdateCounter", [handle, ir.Constant(I8, step & 0xFF if step >= 0 else step)],
                  name_hint="counter")


def _increment(gen, expr, info, object_t, handle) -> ir.Value:
    return _counter(gen, handle, 1)


def _decrement(gen, expr, info, object_t, handle) -> ir.Value:
    return _counter(gen, handle, -1)


def _append(gen, expr, info, object_t, handle) -> ir.Value:
    from .places import BufferPlace
    args = _args_of(gen, expr, info)
    index = _counter(gen, handle, 1)
    elem = object_t.elem
    BufferPlace(handle, False, index, 0, elem, gen.structured_layouts.of(elem), True).store(gen, args[0])
    return ir.Constant(I32, 0)


def _consume(gen, expr, info, object_t, handle) -> ir.Value:
    from .places import BufferPlace
    index = _counter(gen, handle, -1)
    elem = object_t.elem
    return BufferPlace(handle, False, index, 0, elem, gen.structured_layouts.of(elem), False).load(gen)


_METHODS = {
    ("raw", "Load"): _raw_load, ("raw", "Load2"): _raw_load, ("raw", "Load3"): _raw_load,
    ("raw", "Load4"): _raw_load,
    ("raw", "Store"): _raw_store, ("raw", "Store2"): _raw_store, ("raw", "Store3"): _raw_store,
    ("raw", "Store4"): _raw_store,
    ("structured", "Load"): _element_load, ("typed", "Load"): _element_load,
    ("*", "GetDimensions"): _buffer_dimensions,
    ("structured", "IncrementCounter"): _increment, ("structured", "DecrementCounter"): _decrement,
    ("append", "Append"): _append, ("consume", "Consume"): _consume,
}
from .textures import METHODS as _TEXTURE_METHODS  # noqa: E402  (textures, samplers: lower/textures.py)
_METHODS.update(_TEXTURE_METHODS)
