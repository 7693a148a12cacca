"""Memory layouts of HLSL values in buffers, as DXC lays them out.

Owns: the byte offset of every scalar of a value stored in a constant buffer
(the legacy 16-byte-row rules of `cbuffer`, `ConstantBuffer<T>` and the
implicit `$Globals`) and in a structured or byte-address buffer (natural
alignment, no padding to rows), including `row_major`/`column_major`
matrices and `packoffset`.

The rules (DXC's, checked against the offload test suite's expected data):

- constant buffers: a scalar or vector is aligned to its scalar size and
  moves to the next 16-byte row if it would straddle one; a matrix, an array
  and a struct start on a new row; each array element starts on a new row
  (element stride = size rounded up to 16) and the array's size stops after
  its last element; a struct's size stops after its last member, so the next
  member may share its last row; a `column_major` matrix (the default) is
  one row per column, a `row_major` one one row per row.
- structured and byte-address buffers: every scalar is aligned to its size,
  a struct to its largest scalar, sizes are rounded to the alignment, arrays
  are dense and matrices are dense in their orientation.

Does not own: emitting loads and stores (`places`).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from ..sema import types as T

if TYPE_CHECKING:  # pragma: no cover
    from ..sema.templates import Engine

CBUFFER = "cbuffer"
STRUCTURED = "structured"
ROW = 16


class Layout:
    """Where a value of `type` lies, relative to its start.

    `kind` is "scalar", "vector", "matrix", "array" or "struct".  Scalars,
    vectors and matrices have `scalar` (the element type) and `scalar_size`;
    a matrix has `row_major`; an array has `count`, `stride` and `elem`; a
    struct has `fields`: (name, offset, Layout) per data member, base class
    members first.
    """

    __slots__ = ("kind", "type", "size", "align", "scalar", "scalar_size", "row_major", "count", "stride",
                 "elem", "fields")

    def __init__(self, kind: str, type: T.Type, size: int, align: int) -> None:
        self.kind = kind
        self.type = type
        self.size = size
        self.align = align
        self.scalar: T.ScalarType | None = None
        self.scalar_size = 0
        self.row_major = False
        self.count = 0
        self.stride = 0
        self.elem: Layout | None = None
        self.fields: list[tuple[str, int, Layout]] = []

    def component_offset(self, k: int) -> int:
        """Offset of component `k` of a scalar or vector."""
        return k * self.scalar_size

    def matrix_offset(self, row: int, col: int, rules: str) -> int:
        """Offset of element (row, col) of a matrix."""
        assert isinstance(self.type, T.MatrixType)
        s = self.scalar_size
        if rules == CBUFFER:
            return row * ROW + col * s if self.row_major else col * ROW + row * s
        m = self.type
        return (row * m.cols + col) * s if self.row_major else (col * m.rows + row) * s

    def field(self, name: str) -> tuple[int, "Layout"]:
        for field_name, offset, layout in self.fields:
            if field_name == name:
                return offset, layout
        raise KeyError(name)

    def __repr__(self) -> str:
        return f"<Layout {self.kind} {self.type.spell()} size={self.size}>"


def scalar_size(t: T.ScalarType, native_16bit: bool) -> int:
    if t.kind == "bool":
        return 4
    if t.bits == 64:
        return 8
    if t.bits == 16 and native_16bit and not t.name.startswith("min"):
        return 2
    if t.bits == 16 and native_16bit and t.name.startswith("min"):
        # With native 16-bit types the minimum-precision types are 16-bit.
        return 2
    return 4


def _round(value: int, to: int) -> int:
    return (value + to - 1) // to * to


class LayoutBuilder:
    """Computes (and remembers) layouts under one set of rules."""

    def __init__(self, engine: "Engine", rules: str, native_16bit: bool, default_row_major: bool = False) -> None:
        self.engine = engine
        self.rules = rules
        self.native_16bit = native_16bit
        self.default_row_major = default_row_major
        self._cache: dict[tuple[int, bool], Layout] = {}

    def of(self, t: T.Type, row_major: bool | None = None) -> Layout:
        """The layout of `t`; `row_major` is the orientation written on the
        declaration (None: the default, `-Zpr`/`-Zpc`)."""
        orientation = self.default_row_major if row_major is None else row_major
        key = (id(t), orientation)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._build(t, orientation)
        return found

    def _build(self, t: T.Type, row_major: bool) -> Layout:
        if isinstance(t, T.EnumType):
            t = T.INT
        if isinstance(t, T.ScalarType):
            s = scalar_size(t if not t.literal else T.INT, self.native_16bit)
            out = Layout("scalar", t, s, s)
            out.scalar, out.scalar_size = t, s
            return out
        if isinstance(t, T.VectorType):
            s = scalar_size(t.elem, self.native_16bit)
            out = Layout("vector", t, s * t.size, s)
            out.scalar, out.scalar_size = t.elem, s
            if self.rules == CBUFFER and out.size > ROW:
                out.align = ROW
            return out
        if isinstance(t, T.MatrixType):
            s = scalar_size(t.elem, self.native_16bit)
            lines, per_line = (t.rows, t.cols) if row_major else (t.cols, t.rows)
            if self.rules == CBUFFER:
                size = ROW * (lines - 1) + per_line * s
                align = ROW
            else:
                size, align = t.rows * t.cols * s, s
            out = Layout("matrix", t, size, align)
            out.scalar, out.scalar_size, out.row_major = t.elem, s, row_major
            return out
        if isinstance(t, T.ArrayType):
            if t.size is None:
                raise ValueError(f"an unsized array '{t.spell()}' has no layout")
            elem = self.of(t.elem, row_major)
            if self.rules == CBUFFER:
                stride = _round(elem.size, ROW)
                size = stride * (t.size - 1) + elem.size
                align = ROW
            else:
                stride = _round(elem.size, elem.align)
                size, align = stride * t.size, elem.align
            out = Layout("array", t, size, align)
            out.count, out.stride, out.elem = t.size, stride, elem
            return out
        if isinstance(t, T.ClassType):
            return self._struct(t)
        raise ValueError(f"'{t.spell()}' cannot be stored in a buffer")

    def _struct(self, t: T.ClassType) -> Layout:
        offset = 0
        align = 1 if self.rules != CBUFFER else ROW
        fields: list[tuple[str, int, Layout]] = []
        for field in struct_fields(self.engine, t):
            ftype = self.engine.var_type(field)
            layout = self.of(ftype, field_orientation(field))
            offset = self.place(offset, layout)
            fields.append((field.name, offset, layout))
            offset += layout.size
            align = max(align, layout.align)
        size = offset if self.rules == CBUFFER else _round(offset, align)
        out = Layout("struct", t, size, align)
        out.fields = fields
        return out

    def place(self, offset: int, layout: Layout) -> int:
        """Where a member of `layout` goes when the previous one ended at `offset`."""
        if self.rules == CBUFFER:
            if layout.kind in ("matrix", "array", "struct") or layout.size > ROW:
                return _round(offset, ROW)
            offset = _round(offset, layout.align)
            if offset // ROW != (offset + layout.size - 1) // ROW:
                offset = _round(offset, ROW)
            return offset
        return _round(offset, layout.align)


def struct_fields(engine: "Engine", t: T.ClassType) -> list[Any]:
    """The data members of a struct in memory order: base classes first."""
    return list(t.instance.fields)


def field_orientation(field: Any) -> bool | None:
    """`row_major`/`column_major` written on a member or global declaration."""
    specifiers = getattr(field.decl, "specifiers", None) or getattr(field, "storage", ())
    if "row_major" in specifiers:
        return True
    if "column_major" in specifiers:
        return False
    return None


def packoffset(decl: Any) -> int | None:
    """The byte offset a `: packoffset(c1.y)` semantic gives, if any."""
    for sem in getattr(decl, "semantics", None) or ():
        if sem.name.lower() == "packoffset" and sem.args:
            text = sem.args[0].lower()
            register, _, component = text.partition(".")
            if register[:1] == "c" and register[1:].isdigit():
                return int(register[1:]) * ROW + ("xyzw".index(component) * 4 if component in ("x", "y", "z", "w")
                                                   else 0)
    return None
