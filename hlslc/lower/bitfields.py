"""Bit-field members: reading and writing bits of a storage unit.

Owns: the code for a bit-field read (load the unit, shift its bits down and
mask them for an unsigned field, or shift them to the top and arithmetic-
shift them back for a signed one) and write (load the unit, clear the
field's bits, or in the new value shifted into place, store the unit), as
clang emits them for DXC.  A bit-field is a `BitFieldPlace` over the place
of its storage unit, so locals, groupshared, structured-buffer elements and
constant buffers all work through their own places.

Does not own: where the bits lie (sema's `BitField`, computed when the
struct's storage is laid out).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from llvmlite import ir

from ..sema import types as T
from ..sema.symbols import BitField, VarSymbol
from .places import Place

if TYPE_CHECKING:  # pragma: no cover
    from .codegen import Codegen


def bit_field_member(gen: "Codegen", t: T.Type, name: str) -> VarSymbol | None:
    """The bit-field member `name` of struct type `t`, if it is one."""
    if not isinstance(t, T.ClassType) or t.instance.data_members is None:
        return None
    for sym in gen.engine.members_of(t.instance).get(name, ()):
        if isinstance(sym, VarSymbol) and sym.bit_field is not None:
            return sym
    return None


def _is_signed(t: T.Type) -> bool:
    if isinstance(t, T.EnumType):
        under = getattr(t.symbol, "underlying", None)
        return not (isinstance(under, T.ScalarType) and under.kind == "uint")
    return isinstance(t, T.ScalarType) and t.kind == "int"


def unit_scalar(bf: BitField) -> T.ScalarType:
    t = bf.unit.type
    return t if isinstance(t, T.ScalarType) else T.INT


def _const(ty: ir.IntType, value: int) -> ir.Constant:
    """An integer constant written signed, as LLVM prints masks (`-16`)."""
    value &= (1 << ty.width) - 1
    return ir.Constant(ty, value - (1 << ty.width) if value >> (ty.width - 1) else value)


def extract(gen: "Codegen", unit: ir.Value, bf: BitField) -> ir.Value:
    """The value of bit-field `bf` in the unit value `unit`, as its declared type."""
    b = gen.builder
    ty = unit.type
    bits = ty.width
    if _is_signed(bf.type):
        high = bits - bf.offset - bf.width
        value = b.shl(unit, ir.Constant(ty, high)) if high else unit
        low = bits - bf.width
        value = b.ashr(value, ir.Constant(ty, low)) if low else value
    else:
        value = b.lshr(unit, ir.Constant(ty, bf.offset)) if bf.offset else unit
        if bf.offset + bf.width < bits:
            value = b.and_(value, _const(ty, (1 << bf.width) - 1))
    if isinstance(bf.type, T.ScalarType) and bf.type.kind == "bool":
        return gen.convert(value, unit_scalar(bf), bf.type)
    return value


def insert(gen: "Codegen", unit: ir.Value, bf: BitField, value: ir.Value) -> ir.Value:
    """The unit value `unit` with bit-field `bf` set to `value` (of its declared type)."""
    b = gen.builder
    ty = unit.type
    bits = ty.width
    if isinstance(bf.type, T.ScalarType) and bf.type.kind == "bool":
        value = gen.convert(value, bf.type, unit_scalar(bf))
    if value.type != ty:
        value = b.trunc(value, ty) if value.type.width > ty.width else b.zext(value, ty)
    if bf.width == bits:
        return value
    low_mask = (1 << bf.width) - 1
    mask = low_mask << bf.offset
    field = b.and_(value, _const(ty, low_mask))
    if bf.offset:
        field = b.shl(field, ir.Constant(ty, bf.offset))
    kept = b.and_(unit, _const(ty, ~mask))
    return b.or_(kept, field)


class BitFieldPlace(Place):
    """A bit-field member: bits of the place of its storage unit."""

    def __init__(self, unit: Place, bf: BitField) -> None:
        self.unit = unit
        self.bf = bf
        self.type = bf.type
        self.writable = unit.writable

    def load(self, gen: "Codegen") -> ir.Value:
        return extract(gen, self.unit.load(gen), self.bf)

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        self.unit.store(gen, insert(gen, self.unit.load(gen), self.bf, value))

    def member(self, gen: "Codegen", name: str) -> Place:  # pragma: no cover - scalars have no members
        return super().member(gen, name)


def unit_index(t: T.ClassType, bf: BitField) -> int:
    return next(i for i, f in enumerate(t.instance.fields) if f is bf.unit)


def scalars_of_struct(gen: "Codegen", value: ir.Value, t: T.ClassType) -> list[tuple[Any, T.Type]]:
    """The data members of a struct value with bit-fields, each as (value,
    type) with bit-fields read out of their units."""
    b = gen.builder
    out: list[tuple[Any, T.Type]] = []
    fields = t.instance.fields
    for sym in t.instance.data_members or ():
        if sym.bit_field is not None:
            unit = b.extract_value(value, unit_index(t, sym.bit_field))
            out.append((extract(gen, unit, sym.bit_field), sym.bit_field.type))
        else:
            out.append((b.extract_value(value, fields.index(sym)), gen.engine.var_type(sym)))
    return out


def build_struct(gen: "Codegen", t: T.ClassType, build: Any) -> ir.Value:
    """A struct value with bit-fields from `build(member type)` per data
    member in order (units start at zero, so unnamed bits are zero)."""
    b = gen.builder
    fields = t.instance.fields
    result = ir.Constant(gen.llt(t), None)
    units: dict[int, ir.Value] = {}
    for i, f in enumerate(fields):
        if f.decl is None:
            units[i] = ir.Constant(gen.llt(gen.engine.var_type(f)), 0)
    for sym in t.instance.data_members or ():
        if sym.bit_field is not None:
            i = unit_index(t, sym.bit_field)
            units[i] = insert(gen, units[i], sym.bit_field, build(sym.bit_field.type))
        else:
            result = b.insert_value(result, build(gen.engine.var_type(sym)), fields.index(sym))
    for i, unit in units.items():
        result = b.insert_value(result, unit, i)
    return result
