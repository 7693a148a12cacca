"""Lowering of the `Interlocked*` atomics.

Owns: atomics on groupshared memory, as LLVM `atomicrmw` / `cmpxchg` on
the `addrspace(3)` pointer (DXC's form, sequentially consistent), and on
elements of UAVs through `AtomicBinOp` (with DXC's AtomicBinOpCode and the
three coordinates of the element: structured buffers give index and byte
offset, byte-address buffers the byte address, typed buffers and textures
their coordinates) and `AtomicCompareExchange`; 32- and 64-bit values, the
signed or unsigned Min/Max the value type asks for, the `out original`
arguments, and the float forms of SM 6.6 (their bits exchanged as integers).

Does not own: which destinations are allowed (sema checks that the
destination is groupshared or a UAV element).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llvmlite import ir

from .. import ast as A
from ..sema import types as T
from .codegen import I32, I64, LowerError

if TYPE_CHECKING:  # pragma: no cover
    from .codegen import Codegen

# HLSL operation -> (AtomicBinOpCode for signed values, for unsigned values, atomicrmw operation)
_BINOPS = {
    "Add": (0, 0, "add"), "And": (1, 1, "and"), "Or": (2, 2, "or"), "Xor": (3, 3, "xor"),
    "Min": (4, 6, ("min", "umin")), "Max": (5, 7, ("max", "umax")), "Exchange": (8, 8, "xchg"),
}


def _operation(name: str) -> tuple[str, str]:
    """`InterlockedCompareExchange64` -> ("CompareExchange", "64")."""
    base = name.removeprefix("Interlocked")
    suffix = ""
    for tail in ("FloatBitwise", "Float", "64"):
        if base.endswith(tail):
            base, suffix = base[: -len(tail)], tail
            break
    return base, suffix


def lower_atomic(gen: "Codegen", expr: A.CallExpr, match: Any, handle: ir.Value | None = None) -> ir.Value:
    """`Interlocked*(dest, ...)`, or a byte-address buffer's
    `Interlocked*(offset, ...)` method when `handle` is given."""
    name = match.name.split(".")[-1]
    base, suffix = _operation(name)
    params = match.param_types
    values = [gen.emit_converted(a, p) if mode == "in" else None
              for a, p, mode in zip(expr.args, params, match.param_modes)]
    value_t = params[1]
    value_ty = gen.llt(value_t)
    as_int = I64 if isinstance(value_ty, (ir.DoubleType,)) or getattr(value_ty, "width", 32) == 64 else I32
    signed = value_t.element is not None and value_t.element.kind == "int"

    def to_int(v: ir.Value) -> ir.Value:
        return gen.builder.bitcast(v, as_int) if v.type != as_int else v

    def from_int(v: ir.Value) -> ir.Value:
        return gen.builder.bitcast(v, value_ty) if value_ty != as_int else v

    if handle is not None:
        from .places import _undef
        coords = [gen._to_i32(values[0]), _undef(I32), _undef(I32)]
        target = ("resource", handle, coords)
    else:
        target = _destination(gen, expr.args[0])
    if base in ("CompareExchange", "CompareStore"):
        compare, new = to_int(values[1]), to_int(values[2])
        original = _compare_exchange(gen, target, compare, new)
        if base == "CompareExchange":
            _write_out(gen, expr.args[3], from_int(original), value_t)
        return ir.Constant(I32, 0)
    if base not in _BINOPS:
        raise LowerError(f"code generation does not know the atomic '{name}'", expr.span)
    code_signed, code_unsigned, rmw = _BINOPS[base]
    code = code_signed if signed else code_unsigned
    if isinstance(rmw, tuple):
        rmw = rmw[0] if signed else rmw[1]
    original = _binop(gen, target, code, rmw, to_int(values[1]))
    if len(expr.args) > 2:
        _write_out(gen, expr.args[2], from_int(original), value_t)
    return ir.Constant(I32, 0)


def _destination(gen: "Codegen", dest: A.Expr) -> tuple:
    from .access import emit_place
    from .places import PointerPlace
    place = emit_place(gen, dest)
    if isinstance(place, PointerPlace):
        pointer = place.pointer
        if pointer.type.addrspace != 3:
            raise LowerError("the destination of an atomic operation must be groupshared memory or an element of "
                             "a writable (UAV) resource", dest.span)
        return ("memory", pointer)
    address = getattr(place, "atomic_address", None)
    if address is None or not place.writable:
        raise LowerError("the destination of an atomic operation must be groupshared memory or an element of a "
                         "writable (UAV) resource", dest.span)
    return ("resource", place.handle, address(gen))


def _binop(gen: "Codegen", target: tuple, code: int, rmw: str, value: ir.Value) -> ir.Value:
    b = gen.builder
    if target[0] == "memory":
        return b.atomic_rmw(rmw, target[1], value, "seq_cst")
    _, handle, coords = target
    return gen.op("AtomicBinOp", [handle, ir.Constant(I32, code)] + coords + [value], overload=value.type)


def _compare_exchange(gen: "Codegen", target: tuple, compare: ir.Value, new: ir.Value) -> ir.Value:
    b = gen.builder
    if target[0] == "memory":
        pair = b.cmpxchg(target[1], compare, new, "seq_cst", "seq_cst")
        return b.extract_value(pair, 0)
    _, handle, coords = target
    return gen.op("AtomicCompareExchange", [handle] + coords + [compare, new], overload=new.type)


def _write_out(gen: "Codegen", arg: A.Expr, value: ir.Value, value_t: T.Type) -> None:
    gen.store_to(arg, gen.convert(value, value_t, gen.expr_type(arg), True, arg.span))
