"""Places: where a value an expression names lives, and how to read and write it.

Owns: loads and stores of values that live outside LLVM memory, as DXC emits
them: elements of structured and byte-address buffers (`rawBufferLoad` /
`rawBufferStore` from SM 6.2, `bufferLoad` / `bufferStore` before it), of
typed buffers (`bufferLoad` / `bufferStore`), of textures (`textureLoad` /
`textureStore`), and members of constant buffers (`cbufferLoadLegacy`, one
16-byte row at a time).  A place can be narrowed (a struct member, an array
element, a vector component or swizzle, a matrix element) without loading
what it is part of, so `Out[i].v.y = x` writes four bytes and
`cb.s[i].x` reads one row.  Values in allocas and globals are places too
(`PointerPlace`), so assignment and compound operators treat every
destination alike.

The address of a buffer place is an element index (an LLVM value; the byte
address for byte-address buffers) and a byte offset inside the element: a
constant plus, after a variable array index, an LLVM value.  A constant
buffer place is a row (constant, plus an LLVM value after a variable index)
and a byte offset within the constant part.

Does not own: layouts (`layout`), handles and bindings (`resources`).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from llvmlite import ir

from ..sema import types as T
from .base import I8, I16, I32, I64, LowerError
from .layout import CBUFFER, ROW, STRUCTURED, Layout

if TYPE_CHECKING:  # pragma: no cover
    from .codegen import Codegen


def _c(value: int) -> ir.Constant:
    return ir.Constant(I32, value)


def _undef(ty: ir.Type) -> ir.Constant:
    return ir.Constant(ty, ir.Undefined)


def add(gen: "Codegen", a: Any, b: Any) -> Any:
    """`a + b` for i32 values or Python ints, folding constants."""
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    if isinstance(a, int):
        a, b = b, a
    if isinstance(b, int):
        if b == 0:
            return a
        if isinstance(a, ir.Constant) and isinstance(a.constant, int):
            return _c(a.constant + b)
        return gen.builder.add(a, _c(b))
    if isinstance(a, ir.Constant) and isinstance(b, ir.Constant):
        return _c(a.constant + b.constant)
    return gen.builder.add(a, b)


def mul(gen: "Codegen", a: Any, factor: int) -> Any:
    if isinstance(a, int):
        return a * factor
    if isinstance(a, ir.Constant) and isinstance(a.constant, int):
        return _c(a.constant * factor)
    if factor == 1:
        return a
    return gen.builder.mul(a, _c(factor))


def as_value(value: Any) -> ir.Value:
    return _c(value) if isinstance(value, int) else value


def note_resret(gen: "Codegen", ret: ir.Value) -> ir.Value:
    """A load's `%dx.types.ResRet`: its last field is the status an `out
    uint status` argument reads (`textures.load_with_status` collects
    them while it loads)."""
    sink = getattr(gen, "resret_sink", None)
    if sink is not None:
        sink.append(ret)
    return ret


def components(gen: "Codegen", value: ir.Value, count: int, pad: int, pad_value: ir.Value) -> list[ir.Value]:
    """The first `count` components of a scalar or vector, then `pad_value`
    up to `pad` operands."""
    if isinstance(value.type, ir.VectorType):
        parts = [gen.builder.extract_element(value, _c(k)) for k in range(count)]
    else:
        parts = [value][:count]
    return (parts + [pad_value] * pad)[:pad]


def int_components(gen: "Codegen", value: ir.Value, count: int) -> list[ir.Value]:
    """The first `count` components of a scalar or vector as i32 (zero past
    a scalar): coordinates of a texel."""
    return [gen._to_i32(v) for v in components(gen, value, count, count, _c(0))]


def const_int(value: Any) -> int | None:
    if isinstance(value, int):
        return value
    if isinstance(value, ir.Constant) and isinstance(value.constant, int):
        return value.constant
    return None


class Place:
    """A value of `type` somewhere.  Subclasses implement `load` and
    `store`; narrowing defaults to loading the whole and extracting."""

    type: T.Type
    writable = True

    def load(self, gen: "Codegen") -> ir.Value:
        raise NotImplementedError

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        raise NotImplementedError

    def member(self, gen: "Codegen", name: str) -> "Place":
        return Extract(self, name)

    def element(self, gen: "Codegen", index: Any) -> "Place":
        return Extract(self, index)

    def components(self, gen: "Codegen", indices: list[int]) -> "Place":
        """Components of a vector, or elements of a matrix numbered row by
        row, in swizzle order."""
        return Swizzle(self, indices)


class PointerPlace(Place):
    """A value in LLVM memory (an alloca, a global, groupshared)."""

    def __init__(self, pointer: ir.Value, type: T.Type) -> None:
        self.pointer = pointer
        self.type = type

    def load(self, gen: "Codegen") -> ir.Value:
        return gen.builder.load(self.pointer)

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        gen.builder.store(value, self.pointer)

    @property
    def component_wise(self) -> bool:
        """Whether a swizzle writes each component on its own: in
        groupshared memory, where other threads may write the other
        components (a local or static is written whole)."""
        return getattr(self.pointer.type, "addrspace", 0) == 3

    def scalar_place(self, gen: "Codegen", index: int) -> "PointerPlace":
        """Component `index` of a vector, or element `index` (row by row) of
        a matrix, at its own address."""
        t = self.type
        b = gen.builder
        pointer = self.pointer
        if isinstance(t, T.MatrixType):
            pointer = b.gep(pointer, [_c(0), _c(index // t.cols)])
            index %= t.cols
        elif not isinstance(t, T.VectorType):
            return self
        vector = pointer.type.pointee
        element = b.bitcast(pointer, vector.element.as_pointer(pointer.type.addrspace))
        return PointerPlace(b.gep(element, [_c(index)]), t.elem)


class Extract(Place):
    """A part of a place that can only be read whole (the fallback)."""

    def __init__(self, whole: Place, key: Any) -> None:
        self.whole = whole
        self.key = key
        t = whole.type
        if isinstance(key, str):
            assert isinstance(t, T.ClassType)
            field = next(f for f in t.instance.fields if f.name == key)
            self.type = field.type if field.type is not None else T.ERROR
        elif isinstance(t, T.MatrixType):
            self.type = T.vector_of(t.elem, t.cols)
        else:
            self.type = t.elem  # type: ignore[attr-defined]
        self.writable = whole.writable

    def load(self, gen: "Codegen") -> ir.Value:
        value = self.whole.load(gen)
        b = gen.builder
        t = self.whole.type
        if isinstance(self.key, str):
            names = [f.name for f in t.instance.fields]  # type: ignore[attr-defined]
            return b.extract_value(value, names.index(self.key))
        if isinstance(t, T.VectorType):
            return b.extract_element(value, as_value(self.key))
        index = const_int(self.key)
        if index is not None:
            return b.extract_value(value, index)
        # A variable index into a value: spill it and index the copy.
        slot = gen.alloca(value.type, "copy")
        b.store(value, slot)
        return b.load(b.gep(slot, [_c(0), self.key]))

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        whole = self.whole.load(gen)
        b = gen.builder
        t = self.whole.type
        if isinstance(self.key, str):
            names = [f.name for f in t.instance.fields]  # type: ignore[attr-defined]
            self.whole.store(gen, b.insert_value(whole, value, names.index(self.key)))
        elif isinstance(t, T.VectorType):
            self.whole.store(gen, b.insert_element(whole, value, as_value(self.key)))
        else:
            index = const_int(self.key)
            if index is not None:
                self.whole.store(gen, b.insert_value(whole, value, index))
                return
            slot = gen.alloca(whole.type, "copy")
            b.store(whole, slot)
            b.store(value, b.gep(slot, [_c(0), self.key]))
            self.whole.store(gen, b.load(slot))


class Swizzle(Place):
    """`v.zx`, `m._m01_m10`: components of a vector (or matrix) place."""

    def __init__(self, whole: Place, indices: list[int]) -> None:
        self.whole = whole
        self.indices = indices
        elem = whole.type.element
        self.type = elem if len(indices) == 1 else T.vector_of(elem, len(indices))
        self.writable = whole.writable

    def _scalar(self, gen: "Codegen", value: ir.Value, index: int) -> ir.Value:
        b = gen.builder
        t = self.whole.type
        if isinstance(t, T.MatrixType):
            return b.extract_element(b.extract_value(value, index // t.cols), _c(index % t.cols))
        if isinstance(t, T.VectorType):
            return b.extract_element(value, _c(index))
        return value

    def load(self, gen: "Codegen") -> ir.Value:
        part = self.whole.scalar_place(gen, self.indices[0]) if len(self.indices) == 1 and \
            hasattr(self.whole, "scalar_place") and getattr(self.whole, "component_wise", True) else None
        if part is not None:
            return part.load(gen)
        whole = self.whole.load(gen)
        parts = [self._scalar(gen, whole, i) for i in self.indices]
        if len(parts) == 1:
            return parts[0]
        vec = ir.Constant(ir.VectorType(parts[0].type, len(parts)), None)
        for k, p in enumerate(parts):
            vec = gen.builder.insert_element(vec, p, _c(k))
        return vec

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        b = gen.builder
        parts = [value] if len(self.indices) == 1 else \
            [b.extract_element(value, _c(k)) for k in range(len(self.indices))]
        if hasattr(self.whole, "scalar_place") and getattr(self.whole, "component_wise", True):
            # Buffers and groupshared memory: write exactly the components
            # named (other threads may write the others).
            for index, part in zip(self.indices, parts):
                self.whole.scalar_place(gen, index).store(gen, part)
            return
        whole = self.whole.load(gen)
        t = self.whole.type
        for index, part in zip(self.indices, parts):
            if isinstance(t, T.MatrixType):
                row = b.extract_value(whole, index // t.cols)
                row = b.insert_element(row, part, _c(index % t.cols))
                whole = b.insert_value(whole, row, index // t.cols)
            elif isinstance(t, T.VectorType):
                whole = b.insert_element(whole, part, _c(index))
            else:
                whole = part
        self.whole.store(gen, whole)


# --------------------------------------------------------------------------
# Memory types: how a scalar is held in a buffer

def memory_type(gen: "Codegen", scalar: T.ScalarType) -> ir.Type:
    """The LLVM type a buffer holds for `scalar` (bools are 32-bit)."""
    if scalar.kind == "bool":
        return I32
    return gen.llt(scalar)


def to_register(gen: "Codegen", value: ir.Value, scalar: T.ScalarType) -> ir.Value:
    if scalar.kind == "bool":
        return gen.builder.icmp_unsigned("!=", value, ir.Constant(value.type, 0))
    return value


def to_memory(gen: "Codegen", value: ir.Value, scalar: T.ScalarType) -> ir.Value:
    if scalar.kind == "bool":
        if isinstance(value, ir.Constant) and isinstance(value.constant, int):
            return _c(1 if value.constant else 0)
        return gen.builder.zext(value, I32)
    return value


def _align_of(ty: ir.Type) -> int:
    if isinstance(ty, ir.IntType):
        return max(1, ty.width // 8)
    return {ir.HalfType: 2, ir.FloatType: 4, ir.DoubleType: 8}[type(ty)]


def _gather(gen: "Codegen", t: T.Type, scalars: list[ir.Value]) -> ir.Value:
    """A scalar, vector or matrix value from its scalars (matrices row by row)."""
    b = gen.builder
    if isinstance(t, (T.ScalarType, T.EnumType)):
        return scalars[0]
    if isinstance(t, T.VectorType):
        vec = ir.Constant(gen.llt(t), None)
        for k, s in enumerate(scalars):
            vec = b.insert_element(vec, s, _c(k))
        return vec
    assert isinstance(t, T.MatrixType)
    out = ir.Constant(gen.llt(t), None)
    for r in range(t.rows):
        out = b.insert_value(out, _gather(gen, T.vector_of(t.elem, t.cols), scalars[r * t.cols:(r + 1) * t.cols]), r)
    return out


def _scatter(gen: "Codegen", t: T.Type, value: ir.Value) -> list[ir.Value]:
    b = gen.builder
    if isinstance(t, (T.ScalarType, T.EnumType)):
        return [value]
    if isinstance(t, T.VectorType):
        return [b.extract_element(value, _c(k)) for k in range(t.size)]
    assert isinstance(t, T.MatrixType)
    out = []
    for r in range(t.rows):
        row = b.extract_value(value, r)
        out += [b.extract_element(row, _c(c)) for c in range(t.cols)]
    return out


class _Aggregate(Place):
    """Shared by the buffer places: arrays and structs are read and written
    member by member; scalars, vectors and matrices by the subclass."""

    layout: Layout

    def load(self, gen: "Codegen") -> ir.Value:
        t = self.type
        if isinstance(t, T.ArrayType):
            out = ir.Constant(gen.llt(t), None)
            for i in range(t.size or 0):
                out = gen.builder.insert_value(out, self.element(gen, i).load(gen), i)
            return out
        if isinstance(t, T.ClassType):
            out = ir.Constant(gen.llt(t), None)
            for i, field in enumerate(t.instance.fields):
                out = gen.builder.insert_value(out, self.member(gen, field.name).load(gen), i)
            return out
        return self.load_numeric(gen)

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        t = self.type
        b = gen.builder
        if isinstance(t, T.ArrayType):
            for i in range(t.size or 0):
                self.element(gen, i).store(gen, b.extract_value(value, i))
            return
        if isinstance(t, T.ClassType):
            for i, field in enumerate(t.instance.fields):
                self.member(gen, field.name).store(gen, b.extract_value(value, i))
            return
        self.store_numeric(gen, value)

    def load_numeric(self, gen: "Codegen") -> ir.Value:
        raise NotImplementedError

    def store_numeric(self, gen: "Codegen", value: ir.Value) -> None:
        raise NotImplementedError


# --------------------------------------------------------------------------
# Structured and byte-address buffers

class BufferPlace(_Aggregate):
    """Bytes of a structured buffer element, or of a byte-address buffer.

    `index` is the element index (structured) or the byte address
    (byte-address buffers, `raw`); `offset` the byte offset inside the
    element, an int or an LLVM value.
    """

    def __init__(self, handle: ir.Value, raw: bool, index: Any, offset: Any, type: T.Type, layout: Layout,
                 writable: bool, resource: Any = None) -> None:
        self.handle = handle
        self.raw = raw
        self.index = index
        self.offset = offset
        self.type = type
        self.layout = layout
        self.writable = writable
        self.resource = resource

    def _at(self, offset: Any, type: T.Type, layout: Layout) -> "BufferPlace":
        return BufferPlace(self.handle, self.raw, self.index, offset, type, layout, self.writable, self.resource)

    def member(self, gen: "Codegen", name: str) -> Place:
        off, layout = self.layout.field(name)
        return self._at(add(gen, self.offset, off), layout.type, layout)

    def element(self, gen: "Codegen", index: Any) -> Place:
        lay = self.layout
        if lay.kind == "array":
            return self._at(add(gen, self.offset, mul(gen, index, lay.stride)), lay.elem.type, lay.elem)
        if lay.kind == "matrix":
            return MatrixRow(self, index)
        if lay.kind == "vector":
            i = const_int(index)
            if i is not None:
                return self.scalar_place(gen, i)
            # A component chosen at run time is the scalar at its own
            # address: writing it must not rewrite the other components,
            # which other threads may be writing (as DXC does).
            scalar = gen.sema_scalar(self.type)
            return self._at(add(gen, self.offset, mul(gen, index, lay.scalar_size)), scalar,
                            gen.structured_layouts.of(scalar))
        return Extract(self, index)

    def scalar_place(self, gen: "Codegen", index: int) -> "BufferPlace":
        """Component `index` of a vector, or element `index` (row by row)
        of a matrix."""
        lay = self.layout
        t = self.type
        if isinstance(t, T.MatrixType):
            off = lay.matrix_offset(index // t.cols, index % t.cols, STRUCTURED)
        else:
            off = index * lay.scalar_size
        scalar = gen.sema_scalar(t)
        return self._at(add(gen, self.offset, off), scalar, gen.structured_layouts.of(scalar))

    # The address operands of one access at `offset` within the element.
    def _address(self, gen: "Codegen", offset: Any) -> tuple[ir.Value, ir.Value]:
        if self.raw:
            return as_value(add(gen, self.index, offset)), _undef(I32)
        return as_value(self.index), as_value(offset)

    def _runs(self) -> list[tuple[int, int]]:
        """(byte offset, count) of the contiguous runs of scalars to access,
        in the order of the value's scalars (matrices row by row)."""
        t = self.type
        lay = self.layout
        if isinstance(t, (T.ScalarType, T.EnumType)):
            return [(0, 1)]
        if isinstance(t, T.VectorType):
            return [(0, t.size)]
        assert isinstance(t, T.MatrixType)
        if lay.row_major:
            return [(r * t.cols * lay.scalar_size, t.cols) for r in range(t.rows)]
        return [(lay.matrix_offset(r, c, STRUCTURED), 1) for r in range(t.rows) for c in range(t.cols)]

    def load_numeric(self, gen: "Codegen") -> ir.Value:
        scalar = gen.sema_scalar(self.type)
        mem_ty = memory_type(gen, scalar)
        if _native_vector(gen, self):
            index, off = self._address(gen, self.offset)
            vec_ty = ir.VectorType(mem_ty, self.type.size)
            ret = note_resret(gen, _raw_vector_op(gen, "RawBufferVectorLoad", vec_ty,
                                                  [self.handle, index, off, _c(_align_of(mem_ty))]))
            value = gen.builder.extract_value(ret, 0)
            if scalar.kind == "bool":
                value = gen.builder.icmp_unsigned("!=", value, ir.Constant(vec_ty, None))
            return value
        out: list[ir.Value] = []
        for start, count in self._runs():
            for chunk in range(0, count, 4):
                n = min(4, count - chunk)
                parts = load_buffer_scalars(gen, self, add(gen, self.offset, start + chunk * self.layout.scalar_size),
                                            mem_ty, n)
                out += [to_register(gen, p, scalar) for p in parts]
        return _gather(gen, self.type, out)

    def store_numeric(self, gen: "Codegen", value: ir.Value) -> None:
        scalar = gen.sema_scalar(self.type)
        mem_ty = memory_type(gen, scalar)
        if _native_vector(gen, self):
            index, off = self._address(gen, self.offset)
            vec_ty = ir.VectorType(mem_ty, self.type.size)
            if scalar.kind == "bool":
                value = gen.builder.zext(value, vec_ty)
            _raw_vector_op(gen, "RawBufferVectorStore", vec_ty, [self.handle, index, off, value,
                                                                 _c(_align_of(mem_ty))])
            return
        scalars = [to_memory(gen, s, scalar) for s in _scatter(gen, self.type, value)]
        pos = 0
        for start, count in self._runs():
            for chunk in range(0, count, 4):
                n = min(4, count - chunk)
                store_buffer_scalars(gen, self, add(gen, self.offset, start + chunk * self.layout.scalar_size),
                                     mem_ty, scalars[pos:pos + n])
                pos += n

    def atomic_address(self, gen: "Codegen") -> list[ir.Value]:
        """The three coordinates of `atomicBinOp` for this place."""
        a, b = self._address(gen, self.offset)
        return [a, b, _undef(I32)]


def _native_vector(gen: "Codegen", place: BufferPlace) -> bool:
    """DXC's rule from SM 6.9 (dxc revision only): a raw or structured
    buffer access of a vector of several elements is one native vector
    operation (`rawBufferVectorLoad.v8i16`)."""
    return getattr(gen, "dxc_style", False) and (gen.options.major, gen.options.minor) >= (6, 9) \
        and isinstance(place.type, T.VectorType) and place.type.size > 1


def _raw_vector_op(gen: "Codegen", name: str, vec_ty: ir.VectorType, operands: list[ir.Value]) -> ir.Value:
    """RawBufferVectorLoad / RawBufferVectorStore overloaded on the whole
    vector, as DXC names and types them (`dx.op.rawBufferVectorLoad.v8i16`
    returning `%dx.types.ResRet.v8i16 = type { <8 x i16>, i32 }`)."""
    op = gen.ops.operation(name)
    elem = vec_ty.element
    short = f"v{vec_ty.count}" + (f"i{elem.width}" if isinstance(elem, ir.IntType) else
                                  {ir.HalfType: "f16", ir.FloatType: "f32", ir.DoubleType: "f64"}[type(elem)])
    fname = f"{op.function}.{short}"
    fn = gen.declared.get(fname)
    if fn is None:
        if name == "RawBufferVectorLoad":
            result: ir.Type = gen.context.get_identified_type(f"dx.types.ResRet.{short}")
            if result.is_opaque:
                result.set_body(vec_ty, I32)
        else:
            result = ir.VoidType()
        fn = ir.Function(gen.module, ir.FunctionType(result, [I32] + [v.type for v in operands]), fname)
        for attr in op.attributes:
            fn.attributes.add(attr)
        fn.attributes.add("nounwind")
        gen.declared[fname] = fn
    return gen.builder.call(fn, [ir.Constant(I32, op.opcode)] + operands)


def _raw_ops(gen: "Codegen") -> bool:
    return (gen.options.major, gen.options.minor) >= (6, 2)


def load_buffer_scalars(gen: "Codegen", place: BufferPlace, offset: Any, mem_ty: ir.Type, n: int) -> list[ir.Value]:
    """`n` consecutive scalars of type `mem_ty` at `offset` of `place`'s element."""
    b = gen.builder
    index, off = place._address(gen, offset)
    if _raw_ops(gen):
        ret = note_resret(gen, gen.op("RawBufferLoad", [place.handle, index, off, ir.Constant(I8, (1 << n) - 1),
                                                        _c(_align_of(mem_ty))], overload=mem_ty, name_hint="load"))
        return [b.extract_value(ret, k) for k in range(n)]
    if isinstance(mem_ty, (ir.DoubleType,)) or (isinstance(mem_ty, ir.IntType) and mem_ty.width == 64):
        # Before SM 6.2 buffers hold 32-bit words: a 64-bit value is two.
        words: list[ir.Value] = []
        for chunk in range(0, 2 * n, 4):
            words += load_buffer_scalars(gen, place, add(gen, offset, 4 * chunk), I32, min(4, 2 * n - chunk))
        return [join_words(gen, words[2 * k], words[2 * k + 1], mem_ty) for k in range(n)]
    ret = note_resret(gen, gen.op("BufferLoad", [place.handle, index, off], overload=mem_ty, name_hint="load"))
    return [b.extract_value(ret, k) for k in range(n)]


def store_buffer_scalars(gen: "Codegen", place: BufferPlace, offset: Any, mem_ty: ir.Type,
                         values: list[ir.Value]) -> None:
    n = len(values)
    index, off = place._address(gen, offset)
    padded = values + [_undef(mem_ty)] * (4 - n)
    if _raw_ops(gen):
        gen.op("RawBufferStore", [place.handle, index, off] + padded +
               [ir.Constant(I8, (1 << n) - 1), _c(_align_of(mem_ty))], overload=mem_ty)
        return
    if isinstance(mem_ty, ir.DoubleType) or (isinstance(mem_ty, ir.IntType) and mem_ty.width == 64):
        words: list[ir.Value] = []
        for v in values:
            words += split_words(gen, v)
        for chunk in range(0, len(words), 4):
            part = words[chunk:chunk + 4]
            store_buffer_scalars(gen, place, add(gen, offset, chunk * 4), I32, part)
        return
    gen.op("BufferStore", [place.handle, index, off] + padded + [ir.Constant(I8, (1 << n) - 1)], overload=mem_ty)


def join_words(gen: "Codegen", lo: ir.Value, hi: ir.Value, ty: ir.Type) -> ir.Value:
    """A 64-bit value from two 32-bit words, low word first."""
    b = gen.builder
    if isinstance(ty, ir.DoubleType):
        return gen.op("MakeDouble", [lo, hi], overload=ty)
    wide = b.or_(b.zext(lo, I64), b.shl(b.zext(hi, I64), ir.Constant(I64, 32)))
    return wide


def split_words(gen: "Codegen", value: ir.Value) -> list[ir.Value]:
    b = gen.builder
    if isinstance(value.type, ir.DoubleType):
        pair = gen.op("SplitDouble", [value], overload=value.type)
        return [b.extract_value(pair, 0), b.extract_value(pair, 1)]
    return [b.trunc(value, I32), b.trunc(b.lshr(value, ir.Constant(I64, 32)), I32)]


class MatrixRow(Place):
    """`m[i]`: a row of a matrix place in a buffer (a vector, not contiguous
    in column-major storage)."""

    def __init__(self, matrix: Place, index: Any) -> None:
        self.matrix = matrix
        self.index = index
        t = matrix.type
        assert isinstance(t, T.MatrixType)
        self.type = T.vector_of(t.elem, t.cols)
        self.writable = matrix.writable

    def scalar_place(self, gen: "Codegen", k: int) -> Place:
        t = self.matrix.type
        row = const_int(self.index)
        if row is None:
            return Extract(self, k)
        return self.matrix.scalar_place(gen, row * t.cols + k)  # type: ignore[attr-defined]

    def load(self, gen: "Codegen") -> ir.Value:
        row = const_int(self.index)
        if row is not None:
            return Swizzle(self.matrix, [row * self.type.size + k for k in range(self.type.size)]).load(gen)
        return Extract(self.matrix, self.index).load(gen)

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        row = const_int(self.index)
        if row is not None:
            Swizzle(self.matrix, [row * self.type.size + k for k in range(self.type.size)]).store(gen, value)
            return
        Extract(self.matrix, self.index).store(gen, value)

    def element(self, gen: "Codegen", index: Any) -> Place:
        k = const_int(index)
        if k is not None:
            return self.scalar_place(gen, k)
        return Extract(self, index)


# --------------------------------------------------------------------------
# Constant buffers

class CBufferPlace(_Aggregate):
    """A value in a constant buffer: `row` (an LLVM value added to the rows
    of `offset`, or None) and a constant byte `offset`.  `rules` is the
    layout's (CBUFFER; STRUCTURED for a [[vk::push_constant]] block, laid
    out densely as DXC's -fvk-use-dx-layout does), and `dynamic` a byte
    offset chosen at run time (an element of a dense array), added to
    `offset`."""

    writable = False

    def __init__(self, handle: ir.Value, row: ir.Value | None, offset: int, type: T.Type, layout: Layout,
                 tbuffer: bool = False, rules: str = CBUFFER, dynamic: ir.Value | None = None) -> None:
        self.handle = handle
        self.row = row
        self.offset = offset
        self.type = type
        self.layout = layout
        self.tbuffer = tbuffer    # a `tbuffer`: the same layout, read with bufferLoad of 32-bit words
        self.rules = rules
        self.dynamic = dynamic

    def _at(self, row: ir.Value | None, offset: int, layout: Layout,
            dynamic: ir.Value | None = None) -> "CBufferPlace":
        return CBufferPlace(self.handle, row, offset, layout.type, layout, self.tbuffer, self.rules,
                            dynamic if dynamic is not None else self.dynamic)

    def member(self, gen: "Codegen", name: str) -> Place:
        off, layout = self.layout.field(name)
        return self._at(self.row, self.offset + off, layout)

    def element(self, gen: "Codegen", index: Any) -> Place:
        lay = self.layout
        i = const_int(index)
        if lay.kind == "array":
            if i is not None:
                return self._at(self.row, self.offset + i * lay.stride, lay.elem)
            if lay.stride % ROW == 0 and self.dynamic is None:
                # Array elements start on rows, so a variable index moves whole rows.
                rows = mul(gen, index, lay.stride // ROW)
                return self._at(rows if self.row is None else add(gen, self.row, rows), self.offset, lay.elem)
            # A dense array (a push constant block's): a byte offset.
            moved = mul(gen, index, lay.stride)
            return self._at(self.row, self.offset, lay.elem,
                            moved if self.dynamic is None else add(gen, self.dynamic, moved))
        if lay.kind == "matrix":
            return MatrixRow(self, index)
        if lay.kind == "vector" and i is not None:
            return self.scalar_place(gen, i)
        return Extract(self, index)

    def scalar_place(self, gen: "Codegen", index: int) -> "CBufferPlace":
        lay = self.layout
        t = self.type
        if isinstance(t, T.MatrixType):
            off = lay.matrix_offset(index // t.cols, index % t.cols, self.rules)
        else:
            off = index * lay.scalar_size
        scalar = gen.sema_scalar(t)
        return self._at(self.row, self.offset + off, gen.cbuffer_layouts.of(scalar))

    def _scalar_offsets(self) -> list[int]:
        t = self.type
        lay = self.layout
        if isinstance(t, (T.ScalarType, T.EnumType)):
            return [self.offset]
        if isinstance(t, T.VectorType):
            return [self.offset + k * lay.scalar_size for k in range(t.size)]
        assert isinstance(t, T.MatrixType)
        return [self.offset + lay.matrix_offset(r, c, self.rules) for r in range(t.rows) for c in range(t.cols)]

    def load_numeric(self, gen: "Codegen") -> ir.Value:
        scalar = gen.sema_scalar(self.type)
        mem_ty = memory_type(gen, scalar)
        size = self.layout.scalar_size
        if self.dynamic is not None:
            return self._load_at_run_time(gen, scalar, mem_ty, size)
        rows: dict[int, ir.Value] = {}
        out = []
        for off in self._scalar_offsets():
            r = off // ROW
            ret = rows.get(r)
            if ret is None:
                row = as_value(add(gen, self.row, r)) if self.row is not None else _c(r)
                if self.tbuffer:
                    ret = rows[r] = gen.op("BufferLoad", [self.handle, row, _undef(I32)], overload=I32,
                                           name_hint="tb")
                else:
                    ret = rows[r] = gen.op("CBufferLoadLegacy", [self.handle, row], overload=mem_ty,
                                           name_hint="cb")
            if self.tbuffer:
                part = self._tbuffer_scalar(gen, ret, off, mem_ty)
            else:
                part = gen.builder.extract_value(ret, (off % ROW) // size)
            out.append(to_register(gen, part, scalar))
        return _gather(gen, self.type, out)

    def _load_at_run_time(self, gen: "Codegen", scalar: T.ScalarType, mem_ty: ir.Type, size: int) -> ir.Value:
        """Scalars at a byte offset chosen at run time: the row it falls in,
        then its word of the row (32-bit scalars)."""
        if size != 4 or self.tbuffer:
            raise LowerError(f"indexing an array of {scalar.spell()} in a push constant block with a value "
                             "known only at run time is not supported (32-bit elements are)", gen.cur_span)
        b = gen.builder
        out = []
        for off in self._scalar_offsets():
            at = as_value(add(gen, self.dynamic, off))
            if self.row is not None:
                at = b.add(at, b.mul(as_value(self.row), _c(ROW)))
            ret = gen.op("CBufferLoadLegacy", [self.handle, b.lshr(at, _c(4))], overload=mem_ty, name_hint="cb")
            word = b.and_(b.lshr(at, _c(2)), _c(3))
            part = b.extract_value(ret, 0)
            for k in (1, 2, 3):
                part = b.select(b.icmp_unsigned("==", word, _c(k)), b.extract_value(ret, k), part)
            out.append(to_register(gen, part, scalar))
        return _gather(gen, self.type, out)

    def _tbuffer_scalar(self, gen: "Codegen", ret: ir.Value, off: int, mem_ty: ir.Type) -> ir.Value:
        """A scalar of a tbuffer row read as four 32-bit words."""
        b = gen.builder
        word = (off % ROW) // 4
        if isinstance(mem_ty, ir.DoubleType) or isinstance(mem_ty, ir.IntType) and mem_ty.width == 64:
            return join_words(gen, b.extract_value(ret, word), b.extract_value(ret, word + 1), mem_ty)
        value = b.extract_value(ret, word)
        bits = mem_ty.width if isinstance(mem_ty, ir.IntType) else {ir.HalfType: 16, ir.FloatType: 32}[type(mem_ty)]
        if bits == 16:
            value = b.trunc(b.lshr(value, _c(16)) if off % 4 else value, I16)
            return value if isinstance(mem_ty, ir.IntType) else b.bitcast(value, mem_ty)
        return value if isinstance(mem_ty, ir.IntType) else b.bitcast(value, mem_ty)


# --------------------------------------------------------------------------
# Typed buffers and textures

class TypedPlace(Place):
    """An element of a typed buffer (`Buffer<T>`, `RWBuffer<T>`) or texture:
    read and written whole (DXIL's typed stores write every component)."""

    def __init__(self, handle: ir.Value, coords: list[ir.Value], mip: ir.Value | None, type: T.Type,
                 texture: bool, writable: bool, resource: Any = None, offsets: list[ir.Value] | None = None) -> None:
        self.handle = handle
        self.coords = coords
        self.mip = mip
        self.offsets = offsets or []     # a texture Load's texel offset
        self.type = type
        self.texture = texture
        self.writable = writable
        self.resource = resource

    def _count(self) -> int:
        return T.component_count(self.type)

    def _wide(self, mem_ty: ir.Type) -> bool:
        """64-bit elements are held as pairs of 32-bit words (DXC's R32G32 forms)."""
        return isinstance(mem_ty, ir.DoubleType) or isinstance(mem_ty, ir.IntType) and mem_ty.width == 64

    def load(self, gen: "Codegen") -> ir.Value:
        scalar = gen.sema_scalar(self.type)
        mem_ty = memory_type(gen, scalar)
        b = gen.builder
        n = self._count()
        if self._wide(mem_ty):
            words = self._load_words(gen, I32, 2 * n)
            parts = [join_words(gen, words[2 * k], words[2 * k + 1], mem_ty) for k in range(n)]
            return _gather(gen, self.type, parts)
        ret = self._load_words_ret(gen, mem_ty)
        parts = [to_register(gen, b.extract_value(ret, k), scalar) for k in range(n)]
        return _gather(gen, self.type, parts)

    def _load_words(self, gen: "Codegen", mem_ty: ir.Type, n: int) -> list[ir.Value]:
        ret = self._load_words_ret(gen, mem_ty)
        return [gen.builder.extract_value(ret, k) for k in range(n)]

    def _load_words_ret(self, gen: "Codegen", mem_ty: ir.Type) -> ir.Value:
        if self.texture:
            coords = (self.coords + [_undef(I32)] * 3)[:3]
            offsets = (self.offsets + [_undef(I32)] * 3)[:3]
            ret = gen.op("TextureLoad", [self.handle, self.mip if self.mip is not None else _undef(I32)] + coords +
                         offsets, overload=mem_ty, name_hint="load")
        else:
            ret = gen.op("BufferLoad", [self.handle, self.coords[0], _undef(I32)], overload=mem_ty,
                         name_hint="load")
        return note_resret(gen, ret)

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        scalar = gen.sema_scalar(self.type)
        mem_ty = memory_type(gen, scalar)
        parts = [to_memory(gen, s, scalar) for s in _scatter(gen, self.type, value)]
        if self._wide(mem_ty):
            words: list[ir.Value] = []
            for p in parts:
                words += split_words(gen, p)
            parts, mem_ty = words, I32
        n = len(parts)
        padded = parts + [_undef(mem_ty)] * (4 - n)
        mask = ir.Constant(I8, (1 << n) - 1)
        if self.texture:
            coords = (self.coords + [_undef(I32)] * 3)[:3]
            gen.op("TextureStore", [self.handle] + coords + padded + [mask], overload=mem_ty)
        else:
            gen.op("BufferStore", [self.handle, self.coords[0], _undef(I32)] + padded + [mask], overload=mem_ty)

    def scalar_place(self, gen: "Codegen", index: int) -> Place:
        return Extract(self, index)

    def atomic_address(self, gen: "Codegen") -> list[ir.Value]:
        coords = self.coords if self.texture else [self.coords[0]]
        return (coords + [_undef(I32)] * 3)[:3]
