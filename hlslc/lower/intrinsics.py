"""Lowering of HLSL intrinsics and resource methods.

Owns: byte-address buffer access (`Load`, `Load2..4`, `Load<T>`, `Store*`,
`GetDimensions`) through `rawBufferLoad` / `rawBufferStore` (element offset
`undef`, as DXC requires for byte-address buffers), barriers with DXC's mode
bits (wave and quad intrinsics: `wave`; atomics, the `Interlocked*`
functions and byte-address buffer methods: `atomics`), and the math
intrinsics the samples use, as DXIL
operations (scalar operations applied per component of a vector) or plain
LLVM instructions where DXC uses those too (`asuint` is a bitcast).

An intrinsic without a lowering here is a located error that names it, never
a silent miscompile.
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from .access import emit_handle
from .atomics import lower_atomic
from .base import BARRIERS, I8, I32, LowerError
from .math import lower_math
from .places import BufferPlace, TypedPlace
from .textures import METHODS as TEXTURE_METHODS, check_access, load_with_status
from . import rayquery
from .wave import lower_wave

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.analyzer import CallInfo
    from .codegen import Codegen

def lower_intrinsic(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> ir.Value:
    match = info.target
    name = match.name
    if info.object is not None:
        if rayquery.is_ray_query(gen.expr_type(info.object)):
            return rayquery.lower_method(gen, expr, info)
        return _resource_method(gen, expr, info)
    if name.startswith("Interlocked"):
        return lower_atomic(gen, expr, match)
    if name == "Barrier":
        return _barrier(gen, expr, match)
    args = [gen.emit_converted(a, p) if mode in ("in", "inout") else None
            for a, p, mode in zip(expr.args, match.param_types, match.param_modes or ["in"] * len(expr.args))]
    if name in BARRIERS:
        gen.op("Barrier", [ir.Constant(I32, BARRIERS[name])])
        return ir.Constant(I32, 0)
    if name == "CheckAccessFullyMapped":
        return check_access(gen, args[0])
    if name == "NonUniformResourceIndex":
        # The index itself; the handle made from it is marked non-uniform
        # (`access.emit_handle` finds the call in the index expression).
        return args[0]
    value = lower_wave(gen, expr, match, args)
    if value is not None:
        return value
    value = lower_math(gen, expr, match, args)
    if value is not None:
        return value
    raise LowerError(f"code generation does not support the intrinsic '{name}'", expr.callee.span
                     if hasattr(expr.callee, "span") else expr.span)


def _resource_method(gen: "Codegen", expr: A.CallExpr, info: "CallInfo") -> ir.Value:
    match = info.target
    name = match.name.split(".")[-1]
    object_t = gen.expr_type(info.object)
    if not isinstance(object_t, T.ResourceType):
        raise LowerError(f"code generation does not support methods of '{object_t.spell()}'", expr.span)
    handle = emit_handle(gen, info.object)
    family = object_t.shape.family
    lower = _METHODS.get((family, name)) or _METHODS.get(("*", name))
    if lower is None and family == "raw" and name.startswith("Interlocked"):
        return lower_atomic(gen, expr, info.target, handle)
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
    args = _args_of(gen, expr, info)
    result_t = info.target.return_type
    layout = gen.structured_layouts.of(result_t)
    place = BufferPlace(handle, True, gen._to_i32(args[0]), 0, result_t, layout, False)
    return load_with_status(gen, place, expr, 1)


def _raw_store(gen, expr, info, object_t, handle) -> ir.Value:
    args = _args_of(gen, expr, info)
    value_t = info.target.param_types[1]
    layout = gen.structured_layouts.of(value_t)
    BufferPlace(handle, True, gen._to_i32(args[0]), 0, value_t, layout, True).store(gen, args[1])
    return ir.Constant(I32, 0)


def _element_load(gen, expr, info, object_t, handle) -> ir.Value:
    """`Buf.Load(i)` of structured and typed buffers: the element `Buf[i]`."""
    args = _args_of(gen, expr, info)
    elem = object_t.elem
    index = gen._to_i32(args[0])
    if object_t.shape.family == "typed":
        place = TypedPlace(handle, [index], None, elem, False, False)
    else:
        place = BufferPlace(handle, False, index, 0, elem, gen.structured_layouts.of(elem, object_t.major), False)
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
        stride = gen.structured_layouts.of(object_t.elem, object_t.major).size
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
    args = _args_of(gen, expr, info)
    index = _counter(gen, handle, 1)
    elem = object_t.elem
    BufferPlace(handle, False, index, 0, elem, gen.structured_layouts.of(elem, object_t.major), True).store(gen, args[0])
    return ir.Constant(I32, 0)


def _consume(gen, expr, info, object_t, handle) -> ir.Value:
    index = _counter(gen, handle, -1)
    elem = object_t.elem
    return BufferPlace(handle, False, index, 0, elem, gen.structured_layouts.of(elem, object_t.major), False).load(gen)


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
# Textures and samplers: lower/textures.py.
_METHODS.update(TEXTURE_METHODS)


def _barrier(gen: "Codegen", expr: A.CallExpr, match) -> ir.Value:
    """SM 6.8's Barrier: BarrierByMemoryType(MemoryTypeFlags, SemanticFlags),
    or BarrierByMemoryHandle(handle, SemanticFlags) on a UAV.  DXIL takes the
    flags as constants (an expression of constants folds to one)."""
    on_resource = isinstance(match.param_types[0], T.ResourceType)
    first = emit_handle(gen, expr.args[0]) if on_resource else gen.emit_converted(expr.args[0], match.param_types[0])
    flags = gen.emit_converted(expr.args[1], match.param_types[1])
    for value, arg in ((flags, expr.args[1]),) if on_resource else ((first, expr.args[0]), (flags, expr.args[1])):
        if not isinstance(value, ir.Constant):
            raise LowerError("Barrier's flags must be constant expressions (DXIL takes them as constants)", arg.span)
    gen.op("BarrierByMemoryHandle" if on_resource else "BarrierByMemoryType", [first, flags])
    return ir.Constant(I32, 0)
