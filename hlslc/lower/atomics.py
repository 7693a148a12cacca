"""Lowering of the atomics: the `Interlocked*` intrinsics and the
`RWByteAddressBuffer.Interlocked*` methods.

Owns DXC's forms:

- groupshared memory: LLVM's own instructions on the `addrspace(3)` pointer,
  `atomicrmw <op> T addrspace(3)* %p, T %v seq_cst` (add, and, or, xor,
  min/max or umin/umax by the destination's signedness, xchg) and
  `cmpxchg T addrspace(3)* %p, T %cmp, T %v seq_cst seq_cst` (its original
  value is field 0 of the result);
- a UAV element (`RWStructuredBuffer<T>[i].member`, `RWBuffer<T>[i]`,
  `RWTexture2D<T>[xy]`) or a byte-address buffer address:
  `dx.op.atomicBinOp.<T>(78, handle, AtomicBinOpCode, c0, c1, c2, value)` and
  `dx.op.atomicCompareExchange.<T>(79, handle, c0, c1, c2, compare, value)`.
  The coordinates are the element index and the byte offset inside it for
  structured buffers, the byte address for byte-address buffers, the
  texel's coordinates for typed resources, `undef` where unused (the
  places' `atomic_address`);
- float destinations (`InterlockedExchange` on a float, the `*FloatBitwise`
  forms, `InterlockedExchangeFloat`) work on the bits: the i32 form, with
  the values, the pointer and the original bit-cast;
- the optional `out original` is stored back through the argument;
- a 64-bit atomic on a bound UAV marks its `!dx.resources` record
  (DXC's Atomic64Use tag).

Does not own: which destinations are allowed (sema's `atomics`), the
places (`places`, `access`).
"""

from __future__ import annotations

import struct
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from .access import emit_place
from .base import I32, LowerError
from .places import BufferPlace, Extract, MatrixRow, PointerPlace, Swizzle, TypedPlace, add, mul

if TYPE_CHECKING:  # pragma: no cover
    from .codegen import Codegen

# The read-modify-write intrinsics: (atomicrmw operation, AtomicBinOpCode
# member); Min and Max have a signed and an unsigned form.
_RMW = {"Add": ("add", "Add"), "And": ("and", "And"), "Or": ("or", "Or"), "Xor": ("xor", "Xor"),
        "Min": (("min", "IMin"), ("umin", "UMin")), "Max": (("max", "IMax"), ("umax", "UMax")),
        "Exchange": ("xchg", "Exchange"), "ExchangeFloat": ("xchg", "Exchange")}


def _rmw(op: str, value_t: T.Type) -> tuple[str, str]:
    forms = _RMW[op]
    if isinstance(forms[0], tuple):
        return forms[1] if value_t.element.kind == "uint" else forms[0]    # type: ignore[return-value]
    return forms  # type: ignore[return-value]


def _operation(name: str) -> str:
    """'Add' ... 'Exchange', 'ExchangeFloat' or 'CompareExchange' (a
    CompareStore is a CompareExchange that keeps no original) from an
    intrinsic or method name."""
    op = name[len("Interlocked"):].replace("FloatBitwise", "")
    if op.endswith("64"):
        op = op[:-2]
    return "CompareExchange" if op == "CompareStore" else op


# --------------------------------------------------------------------------
# Entry points

def lower_atomic(gen: "Codegen", expr: A.CallExpr, match: Any, handle: ir.Value | None = None) -> ir.Value:
    """`InterlockedOp(dest, value..., [out original])`, or with `handle` a
    byte-address buffer's `InterlockedOp(address, value..., [out original])`."""
    if handle is not None:
        return _method_atomic(gen, expr, match, handle)
    dest_t = match.param_types[0]
    place = emit_place(gen, expr.args[0])
    values, original = _operands(gen, expr, match, 1)
    op = _operation(match.name)
    target = _target(gen, place, expr.args[0])
    if isinstance(target, ir.Value):
        result = _memory_atomic(gen, op, target, values, dest_t)
    else:
        handle, coords = target
        result = _resource_atomic(gen, op, handle, coords, values, dest_t)
    _store_original(gen, expr, original, result, dest_t)
    return ir.Constant(I32, 0)


def _method_atomic(gen: "Codegen", expr: A.CallExpr, match: Any, handle: ir.Value) -> ir.Value:
    """`RWByteAddressBuffer.InterlockedOp[64|Float...](address, value..., [out original])`."""
    address = gen._to_i32(gen.emit_converted(expr.args[0], match.param_types[0]))
    values, original = _operands(gen, expr, match, 1)
    op = _operation(match.name.split(".")[-1])
    # Min and Max compare as the value's type says (DXC: `overload=1`).
    value_t = match.param_types[1]
    coords = [address, ir.Constant(I32, ir.Undefined), ir.Constant(I32, ir.Undefined)]
    result = _resource_atomic(gen, op, handle, coords, values, value_t)
    _store_original(gen, expr, original, result, value_t)
    return ir.Constant(I32, 0)


def _operands(gen: "Codegen", expr: A.CallExpr, match: Any, first: int) -> tuple[list[ir.Value], int | None]:
    """The `in` operands after the destination, converted, and the position
    of the `out original` argument if given."""
    values: list[ir.Value] = []
    original = None
    for i in range(first, len(expr.args)):
        mode = match.param_modes[i] if i < len(match.param_modes) else "in"
        if mode == "out":
            original = i
        else:
            values.append(gen.emit_converted(expr.args[i], match.param_types[i]))
    return values, original


def _store_original(gen: "Codegen", expr: A.CallExpr, position: int | None, value: ir.Value,
                    value_t: T.Type) -> None:
    """The original value (an integer, a float's bits) into `out original`."""
    if position is None:
        return
    if _is_float(value_t):
        value = gen.builder.bitcast(value, ir.FloatType())
    arg = expr.args[position]
    gen.store_to(arg, gen.convert(value, value_t, gen.expr_type(arg), True, arg.span))


# --------------------------------------------------------------------------
# Destinations

def _target(gen: "Codegen", place: Any, arg: A.Expr) -> Any:
    """A groupshared pointer, or (handle, three coordinates) of a UAV element."""
    if isinstance(place, Swizzle) and len(place.indices) == 1:
        whole, index = place.whole, place.indices[0]
        if isinstance(whole, PointerPlace):
            place = PointerPlace(_component_pointer(gen, whole, index), place.type)
        elif hasattr(whole, "scalar_place"):
            place = whole.scalar_place(gen, index)
    if isinstance(place, Extract):
        place = _buffer_scalar(gen, place) or place
    if isinstance(place, PointerPlace) and isinstance(place.pointer.type, ir.PointerType) \
            and place.pointer.type.addrspace == 3:
        return place.pointer
    if isinstance(place, (BufferPlace, TypedPlace)) and place.writable:
        return place.handle, place.atomic_address(gen)
    raise LowerError("the destination of an atomic operation must be a groupshared variable or an element of "
                     "a writable (UAV) resource", arg.span)


def _buffer_scalar(gen: "Codegen", place: Extract) -> BufferPlace | None:
    """`Buf[i].v[j]`, `Buf[i].m[r][c]` with a variable index: the scalar's
    place, its byte offset computed (a matrix by its layout's majority)."""
    whole, key = place.whole, place.key
    if isinstance(whole, BufferPlace) and isinstance(whole.type, T.VectorType):
        buffer, offset = whole, mul(gen, _index(gen, key), whole.layout.scalar_size)
    elif isinstance(whole, MatrixRow) and isinstance(whole.matrix, BufferPlace):
        buffer = whole.matrix
        m = buffer.type
        row, col = _index(gen, whole.index), _index(gen, key)
        size = buffer.layout.scalar_size
        if buffer.layout.row_major:
            offset = mul(gen, add(gen, mul(gen, row, m.cols), col), size)
        else:
            offset = mul(gen, add(gen, mul(gen, col, m.rows), row), size)
    else:
        return None
    return BufferPlace(buffer.handle, buffer.raw, buffer.index, add(gen, buffer.offset, offset), place.type,
                       gen.structured_layouts.of(place.type), buffer.writable, buffer.resource)


def _index(gen: "Codegen", index: Any) -> Any:
    return index if isinstance(index, int) else gen._to_i32(index)


def _component_pointer(gen: "Codegen", whole: PointerPlace, index: int) -> ir.Value:
    """A pointer to component `index` of a vector (or element `index`, row
    by row, of a matrix) in memory, as `v[i]` is addressed."""
    b = gen.builder
    t = whole.type
    pointer = whole.pointer
    if isinstance(t, T.MatrixType):
        pointer = b.gep(pointer, [ir.Constant(I32, 0), ir.Constant(I32, index // t.cols)])
        index %= t.cols
    elif not isinstance(t, T.VectorType):
        return pointer
    elem = pointer.type.pointee.element
    return b.gep(b.bitcast(pointer, elem.as_pointer(pointer.type.addrspace)), [ir.Constant(I32, index)])


# --------------------------------------------------------------------------
# The two forms

def _bits(gen: "Codegen", value: ir.Value) -> ir.Value:
    """A float's bits as an i32 (constants folded, as DXC's are)."""
    if isinstance(value, ir.Constant) and isinstance(value.constant, float):
        return ir.Constant(I32, struct.unpack("<I", struct.pack("<f", value.constant))[0])
    return gen.builder.bitcast(value, I32)


def _is_float(t: T.Type) -> bool:
    elem = t.element
    return elem is not None and elem.kind == "float"


def _memory_atomic(gen: "Codegen", op: str, pointer: ir.Value, values: list[ir.Value], dest_t: T.Type) -> ir.Value:
    b = gen.builder
    float_bits = _is_float(dest_t)
    if float_bits:
        pointer = b.bitcast(pointer, I32.as_pointer(pointer.type.addrspace))
        values = [_bits(gen, v) for v in values]
    if op == "CompareExchange":
        pair = b.cmpxchg(pointer, values[0], values[1], "seq_cst", "seq_cst")
        result = b.extract_value(pair, 0)
    else:
        result = b.atomic_rmw(_rmw(op, dest_t)[0], pointer, values[0], "seq_cst")
    return result


def _resource_atomic(gen: "Codegen", op: str, handle: ir.Value, coords: list[ir.Value], values: list[ir.Value],
                     value_t: T.Type) -> ir.Value:
    float_bits = _is_float(value_t)
    if float_bits:
        values = [_bits(gen, v) for v in values]
    overload = values[0].type
    if op == "CompareExchange":
        result = gen.op("AtomicCompareExchange", [handle] + coords + values, overload=overload)
    else:
        member = _rmw(op, value_t)[1]
        code = gen.ops.enum("AtomicBinOpCode")[member]
        # DXC names the call after the operation: %AtomicAdd, %AtomicUMin, ...
        result = gen.op("AtomicBinOp", [handle, ir.Constant(I32, code)] + coords + values, overload=overload,
                        name_hint="Atomic" + member)
    if isinstance(overload, ir.IntType) and overload.width == 64:
        binding = gen.res.handle_binding.get(id(handle))
        if binding is not None:
            binding.atomic64 = True
    return result

