"""From expressions to places and handles: what `Out[i].v.x`, `cb.scale`,
`Textures[NonUniformResourceIndex(i)]` and a uniform global denote.

Owns: deciding whether an expression's storage lies outside LLVM memory (in
a buffer, texture or constant buffer: `rooted_outside`), building its place
(`emit_place`), and the handle of an expression of resource type
(`emit_handle`): a global resource, an element of a resource array (with
the flattened index of every dimension and `NonUniformResourceIndex`), a
resource parameter of an inlined function, or a local resource variable.
Also the texel `tex.mips[level][pos]` and `tex.sample[index][pos]` name
(`subscript_place`).

Does not own: the loads and stores (`places`), bindings (`resources`).
"""

from __future__ import annotations

import re
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from llvmlite import ir

from ..front import ast as A
from ..sema import types as T
from ..sema.analyzer import THIS
from ..sema.symbols import VarSymbol
from .base import I32, Handle, LowerError
from .bitfields import BitFieldPlace, bit_field_member
from .layout import CBUFFER, STRUCTURED
from .places import (CBufferPlace, BufferPlace, Place, PointerPlace, Swizzle, TypedPlace, add, as_value,
                     int_components, mul)

if TYPE_CHECKING:  # pragma: no cover
    from .codegen import Codegen


class ValuePlace(Place):
    """An rvalue seen as a place: readable only (`f()[i]`, `(a + b).x`)."""

    writable = False

    def __init__(self, value: ir.Value, type: T.Type) -> None:
        self.value = value
        self.type = type

    def load(self, gen: "Codegen") -> ir.Value:
        return self.value

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        raise LowerError("internal: a store to a value that is not stored anywhere", gen.cur_span)


class GlobalResourceArray(Place):
    """A global array of resources, or a sub-array of one (`In[i]` of
    `In[4][2]`): its value is an array of handles, made on demand."""

    writable = False

    def __init__(self, sym: VarSymbol, binding: Any, type: T.ArrayType, prefix: Any) -> None:
        self.sym = sym
        self.binding = binding
        self.type = type
        self.prefix = prefix       # flattened index of the sub-array's first element

    def element(self, gen: "Codegen", index: Any) -> Place:
        inner = 1
        t = self.type.elem
        while isinstance(t, T.ArrayType):
            inner *= t.size or 0
            t = t.elem
        start = add(gen, self.prefix, mul(gen, index, inner))
        if isinstance(self.type.elem, T.ArrayType):
            return GlobalResourceArray(self.sym, self.binding, self.type.elem, start)
        return ValuePlace(gen.res.handle(self.binding, as_value(start), name=self.sym.name), self.type.elem)

    def load(self, gen: "Codegen") -> ir.Value:
        value = ir.Constant(gen.llt(self.type), None)
        for i in range(self.type.size or 0):
            part = self.element(gen, i).load(gen)
            value = gen.builder.insert_value(value, part, i)
        return value

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        raise LowerError("internal: a store to a global resource array", gen.cur_span)


class GlobalStructPlace(Place):
    """A global struct holding resources, or a part of one: `g`, `g.e`,
    `d[2]`, `b.Bufs`.  `path` is the member names so far and `index` the
    index so far, flattened row-major over every array passed (the struct
    arrays, then the member arrays), which is how the member's range
    numbers its resources."""

    writable = False

    def __init__(self, sym: VarSymbol, leaves: dict, type: T.Type, path: tuple[str, ...], index: Any) -> None:
        self.sym = sym
        self.leaves = leaves
        self.type = type
        self.path = path
        self.index = index

    def element(self, gen: "Codegen", index: Any) -> Place:
        assert isinstance(self.type, T.ArrayType)
        start = add(gen, mul(gen, self.index, self.type.size or 1), index)
        return GlobalStructPlace(self.sym, self.leaves, self.type.elem, self.path, start)._maybe_leaf(gen)

    def member(self, gen: "Codegen", name: str) -> Place:
        t = self.type
        assert isinstance(t, T.ClassType)
        field = next(f for f in t.instance.fields if f.name == name)
        place = GlobalStructPlace(self.sym, self.leaves, gen.engine.var_type(field), self.path + (name,),
                                  self.index)
        return place._maybe_leaf(gen)

    def _maybe_leaf(self, gen: "Codegen") -> Place:
        if isinstance(self.type, T.ResourceType):
            binding = self.leaves.get(self.path)
            if binding is None:
                raise LowerError(f"internal: no binding for '{'.'.join((self.sym.name,) + self.path)}'",
                                 gen.cur_span)
            return ValuePlace(gen.res.handle(binding, as_value(self.index), name=binding.name), self.type)
        if not isinstance(self.type, (T.ArrayType, T.ClassType)):
            raise LowerError(f"data member '{'.'.join((self.sym.name,) + self.path)}' of a global struct that "
                             "holds resources: hlslc binds the resources of such a struct but not its data; "
                             "move the data to a cbuffer", gen.cur_span)
        return self

    def load(self, gen: "Codegen") -> ir.Value:
        t = self.type
        value = ir.Constant(gen.llt(t), None)
        if isinstance(t, T.ArrayType):
            for i in range(t.size or 0):
                value = gen.builder.insert_value(value, self.element(gen, i).load(gen), i)
            return value
        assert isinstance(t, T.ClassType)
        for i, field in enumerate(t.instance.fields):
            value = gen.builder.insert_value(value, self.member(gen, field.name).load(gen), i)
        return value

    def store(self, gen: "Codegen", value: ir.Value) -> None:
        raise LowerError("internal: a store to a global struct of resources", gen.cur_span)


def _strip(expr: A.Expr) -> A.Expr:
    while isinstance(expr, A.ParenExpr):
        expr = expr.inner
    return expr


def rooted_outside(gen: "Codegen", expr: A.Expr) -> bool:
    """Whether `expr` names (part of) a buffer or texture element, or a
    constant-buffer value: storage that is not LLVM memory."""
    expr = _strip(expr)
    while True:
        if isinstance(expr, A.IndexExpr):
            if isinstance(gen.expr_type(expr.base), (T.ResourceType, T.TextureSubscriptType)):
                return True
            expr = _strip(expr.base)
        elif isinstance(expr, A.MemberExpr):
            if isinstance(gen.expr_type(expr.object), T.ResourceType):
                return True
            expr = _strip(expr.object)
        elif isinstance(expr, A.NameExpr):
            sym = gen.symbol_of(expr)
            return isinstance(sym, VarSymbol) and sym.is_global and not gen._is_local(sym) and sym.is_uniform
        else:
            return False


def _swizzle(name: str) -> list[int]:
    for letters in ("xyzw", "rgba"):
        if all(ch in letters for ch in name):
            return [letters.index(ch) for ch in name]
    return [0]


def _matrix_swizzle(name: str, m: T.MatrixType) -> list[int]:
    out = []
    for a, b, c, d in re.findall(r"_m([0-3])([0-3])|_([1-4])([1-4])", name):
        row, col = (int(a), int(b)) if a else (int(c) - 1, int(d) - 1)
        out.append(row * m.cols + col)
    return out


def emit_place(gen: "Codegen", expr: A.Expr) -> Place:
    """The place `expr` names; an rvalue becomes a read-only `ValuePlace`."""
    expr = _strip(expr)
    b = gen.builder
    if isinstance(expr, A.NameExpr) or isinstance(expr, A.MemberExpr) and \
            isinstance(gen.symbol_of(expr), VarSymbol) and gen.symbol_of(expr).is_static:
        sym = gen.symbol_of(expr)
        t = gen.expr_type(expr)
        if sym is THIS:
            return PointerPlace(gen.this_pointer(expr.span), t)
        if isinstance(sym, VarSymbol) and sym.is_field and not gen._is_local(sym):
            if sym.bit_field is not None:
                unit = sym.bit_field.unit
                return BitFieldPlace(PointerPlace(gen.field_pointer(unit, expr.span), gen.engine.var_type(unit)),
                                     sym.bit_field)
            return PointerPlace(gen.field_pointer(sym, expr.span), t)
        if isinstance(sym, VarSymbol) and id(sym) in gen.res.struct_leaves and not gen._is_local(sym):
            return GlobalStructPlace(sym, gen.res.struct_leaves[id(sym)], t, (), 0)
        if isinstance(sym, VarSymbol) and isinstance(t, T.ArrayType) and not gen._is_local(sym):
            binding = gen.res.by_symbol.get(id(sym))
            if binding is not None and binding.resource is not None:
                return GlobalResourceArray(sym, binding, t, 0)
        if isinstance(sym, VarSymbol) and not isinstance(t, (T.ResourceType, T.WaveMatrixType)):
            if sym.is_global and not gen._is_local(sym) and sym.is_uniform:
                return uniform_place(gen, sym)
            bound = gen._bound(sym)
            if bound is not None:
                return ValuePlace(bound.value, t)
            if sym.is_const and isinstance(t, (T.ScalarType, T.EnumType)) and not gen._is_local(sym):
                return ValuePlace(gen.emit_expr(expr), t)
            return PointerPlace(gen.var_pointer(sym, expr.span), t)
        return ValuePlace(gen.emit_expr(expr), t)
    if isinstance(expr, A.IndexExpr):
        base_t = gen.expr_type(expr.base)
        if isinstance(base_t, T.ResourceType):
            return resource_element(gen, expr)
        if isinstance(base_t, T.ClassType) and gen.call_info(expr) is not None:
            return ValuePlace(gen.emit_expr(expr), gen.expr_type(expr))     # what `operator[]` returns
        if isinstance(base_t, T.TextureSubscriptType):
            return subscript_place(gen, expr)
        base = emit_place(gen, expr.base)
        index = gen._to_i32(gen.emit_expr(expr.index))
        t = gen.expr_type(expr)
        if isinstance(base, PointerPlace):
            if isinstance(base_t, (T.ArrayType, T.MatrixType)):
                return PointerPlace(b.gep(base.pointer, [ir.Constant(I32, 0), index]), t)
            if isinstance(base_t, T.VectorType):
                elem = gen.llt(base_t.elem)
                cast = b.bitcast(base.pointer, elem.as_pointer(base.pointer.type.addrspace))
                return PointerPlace(b.gep(cast, [index]), t)
        return base.element(gen, index)
    if isinstance(expr, A.MemberExpr):
        base_t = gen.expr_type(expr.object)
        name = expr.member.name
        t = gen.expr_type(expr)
        if isinstance(base_t, T.ResourceType) and base_t.shape.family in ("cbuffer", "tbuffer"):
            whole = constant_buffer_place(gen, expr.object, base_t)
            bf = bit_field_member(gen, whole.type, name)
            if bf is not None and bf.bit_field is not None:
                return BitFieldPlace(whole.member(gen, bf.bit_field.unit.name), bf.bit_field)
            return whole.member(gen, name)
        if isinstance(t, T.TextureSubscriptType):
            raise subscript_error(expr.span, t)
        bf = bit_field_member(gen, base_t, name)
        if bf is not None and bf.bit_field is not None:
            unit = bf.bit_field.unit
            base = emit_place(gen, expr.object)
            if isinstance(base, PointerPlace):
                index = base_t.instance.fields.index(unit)  # type: ignore[union-attr]
                unit_place: Place = PointerPlace(b.gep(base.pointer, [ir.Constant(I32, 0), ir.Constant(I32, index)]),
                                                 gen.engine.var_type(unit))
            else:
                unit_place = base.member(gen, unit.name)
            return BitFieldPlace(unit_place, bf.bit_field)
        if isinstance(base_t, T.ClassType) and any(f.name == name for f in base_t.instance.fields):
            base = emit_place(gen, expr.object)
            if isinstance(base, PointerPlace):
                names = [f.name for f in base_t.instance.fields]
                return PointerPlace(b.gep(base.pointer, [ir.Constant(I32, 0), ir.Constant(I32, names.index(name))]),
                                    t)
            return base.member(gen, name)
        if isinstance(base_t, (T.VectorType, T.ScalarType)) and base_t.is_numeric:
            base = emit_place(gen, expr.object)
            indices = _swizzle(name)
            if isinstance(base_t, T.ScalarType):
                if len(indices) == 1:
                    return base
                return ValuePlace(gen._splat(base.load(gen), gen.llt(t)), t)
            if len(indices) == 1 and hasattr(base, "scalar_place") and getattr(base, "component_wise", True):
                return base.scalar_place(gen, indices[0])
            return Swizzle(base, indices)
        if isinstance(base_t, T.MatrixType):
            base = emit_place(gen, expr.object)
            indices = _matrix_swizzle(name, base_t)
            if len(indices) == 1 and hasattr(base, "scalar_place") and getattr(base, "component_wise", True):
                return base.scalar_place(gen, indices[0])
            return Swizzle(base, indices)
    return ValuePlace(gen.emit_expr(expr), gen.expr_type(expr))


# --------------------------------------------------------------------------
# Resources

def non_uniform_index(expr: A.Expr) -> bool:
    """Whether `NonUniformResourceIndex(...)` appears in an index expression."""
    return A.any_node(expr, lambda node: isinstance(node, A.CallExpr) and isinstance(node.callee, A.NameExpr)
                      and node.callee.name.spelling() == "NonUniformResourceIndex", A.Expr)


def emit_handle(gen: "Codegen", expr: A.Expr) -> ir.Value:
    """The handle of an expression of resource type."""
    expr = _strip(expr)
    if isinstance(expr, A.NameExpr):
        sym = gen.symbol_of(expr)
        if isinstance(sym, VarSymbol) and sym.is_field and not gen._is_local(sym):
            return gen.builder.load(gen.field_pointer(sym, expr.span))
        if isinstance(sym, VarSymbol):
            for frame in reversed(gen.frames):
                bound = frame.vars.get(id(sym))
                if isinstance(bound, Handle):
                    return bound.value
                if bound is not None:
                    if hasattr(bound, "value"):
                        return bound.value
                    return gen.builder.load(bound)
            if id(sym) in gen.globals:
                return gen.builder.load(gen.globals[id(sym)])
            return gen.handle_for(sym, expr.span)
    if isinstance(expr, A.IndexExpr):
        # `Res[i][j]`: an element of a global resource array.
        indices: list[A.Expr] = []
        node: A.Expr = expr
        while isinstance(node, A.IndexExpr) and isinstance(gen.expr_type(node.base), T.ArrayType):
            indices.append(node.index)
            node = _strip(node.base)
        sym = gen.symbol_of(node) if isinstance(node, A.NameExpr) else None
        if sym is not None and gen._is_local(sym):
            # An array-of-resources parameter standing for a global array.
            sym = gen.resource_array_of(sym) or sym
        binding = gen.res.by_symbol.get(id(sym)) if sym is not None else None
        if binding is not None and not gen._is_local(sym) and binding.resource is not None:
            dims = []
            t = gen.engine.var_type(sym)
            while isinstance(t, T.ArrayType):
                dims.append(t.size or 0)
                t = t.elem
            indices.reverse()
            flat: Any = 0
            non_uniform = False
            for k, index_expr in enumerate(indices):
                value = gen._to_i32(gen.emit_expr(index_expr))
                non_uniform = non_uniform or non_uniform_index(index_expr)
                inner = 1
                for d in dims[k + 1:]:
                    inner *= d
                flat = add(gen, flat, mul(gen, value, inner)) if flat != 0 else mul(gen, value, inner)
            flat_value = as_value(flat)
            if isinstance(flat_value, ir.Constant) and not non_uniform:
                key = (id(sym), flat_value.constant)
                handle = gen.handles.get(key)
                if handle is None:
                    handle = gen.handles[key] = gen.res.handle(binding, flat_value, name=sym.name, at_entry=True)
                return handle
            return gen.res.handle(binding, flat_value, non_uniform, name=sym.name)
        if binding is None and sym is not None and isinstance(sym, VarSymbol) and not gen._is_local(sym) \
                and sym.is_global and not (sym.is_static or sym.is_groupshared):
            raise LowerError(f"'{sym.name}' is not a bound resource", expr.span)
        # An element of a local (or static) array of resources.
        return emit_place(gen, expr).load(gen)
    if isinstance(expr, A.MemberExpr):
        return emit_place(gen, expr).load(gen)
    return gen.emit_expr(expr)


def resource_element(gen: "Codegen", expr: A.IndexExpr) -> Place:
    """`Buf[i]`, `Tex[uint2(x, y)]`: the element a resource subscript names."""
    res_t = gen.expr_type(expr.base)
    assert isinstance(res_t, T.ResourceType)
    handle = emit_handle(gen, expr.base)
    shape = res_t.shape
    elem = res_t.elem
    index = gen.emit_expr(expr.index)
    binding = gen.res.handle_binding.get(id(handle))
    if shape.family == "structured":
        layout = gen.structured_layouts.of(elem, res_t.major)
        return BufferPlace(handle, False, gen._to_i32(index), 0, elem, layout, res_t.writable, binding)
    if shape.family == "typed":
        return TypedPlace(handle, [gen._to_i32(index)], None, elem, False, res_t.writable, binding)
    if shape.is_texture:
        if isinstance(index.type, ir.VectorType):
            coords = [gen._to_i32(gen.builder.extract_element(index, ir.Constant(I32, k)))
                      for k in range(index.type.count)]
        else:
            coords = [gen._to_i32(index)]
        mip = None if res_t.writable else ir.Constant(I32, 0)
        return TypedPlace(handle, coords, mip, elem, True, res_t.writable, binding)
    raise LowerError(f"'{res_t.spell()}' cannot be subscripted", expr.span)


def subscript_place(gen: "Codegen", expr: A.IndexExpr) -> TypedPlace:
    """`tex.mips[level][pos]` / `tex.sample[index][pos]`: the texel at `pos`
    of mip `level` (sample `index`)."""
    sub_t = gen.expr_type(expr.base)
    assert isinstance(sub_t, T.TextureSubscriptType)
    if not sub_t.sliced:
        raise subscript_error(expr.span, gen.expr_type(expr))
    slice_expr = expr.base
    while isinstance(slice_expr, A.ParenExpr):
        slice_expr = slice_expr.inner
    assert isinstance(slice_expr, A.IndexExpr)
    member = slice_expr.base
    while isinstance(member, A.ParenExpr):
        member = member.inner
    assert isinstance(member, A.MemberExpr)
    handle = emit_handle(gen, member.object)
    level = gen._to_i32(gen.emit_expr(slice_expr.index))
    texture = sub_t.texture
    coords = int_components(gen, gen.emit_expr(expr.index), texture.shape.coords)
    return TypedPlace(handle, coords, level, texture.elem, True, False)


def subscript_error(span: Any, t: T.TextureSubscriptType) -> Exception:
    """`tex.mips` or `tex.mips[level]` used as a value."""
    what = "mip level" if t.member == "mips" else "sample"
    return LowerError(f"'{t.member}' of '{t.texture.spell()}' is only read through both its subscripts: "
                      f".{t.member}[{what}][position]", span)


def uniform_place(gen: "Codegen", sym: VarSymbol) -> CBufferPlace:
    """A uniform global: its place in `$Globals` or its `cbuffer`."""
    binding = gen.res.by_symbol.get(id(sym))
    if binding is None or id(sym) not in binding.members:
        raise LowerError(f"internal: '{sym.name}' has no constant buffer", sym.span)
    offset, layout = binding.members[id(sym)]
    key = ("cbuffer", id(binding))
    handle = gen.handles.get(key)
    if handle is None:
        handle = gen.handles[key] = gen.res.handle(binding, at_entry=True)
    return CBufferPlace(handle, None, offset, layout.type, layout, binding.kind_name == "TBuffer",
                        STRUCTURED if binding.push_constant else CBUFFER)


def constant_buffer_place(gen: "Codegen", expr: A.Expr, res_t: T.ResourceType) -> CBufferPlace:
    """`cb` of type `ConstantBuffer<S>`: S at the start of the buffer."""
    handle = emit_handle(gen, expr)
    layout = gen.cbuffer_layouts.of(res_t.elem)
    return CBufferPlace(handle, None, 0, res_t.elem, layout, res_t.shape.family == "tbuffer")


def load_place(gen: "Codegen", expr: A.Expr) -> ir.Value:
    return emit_place(gen, expr).load(gen)
