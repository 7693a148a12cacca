"""LLVM types as the executor lays them out in memory: numpy dtypes of
scalars, vector lengths, and the memory layout of DXIL-like IR's data
layout (every scalar narrower than 32 bits is 4-aligned in arrays and
structs, 64-bit scalars are 8-aligned), for allocas, groupshared and
static globals.

Owns: `MemoryType`, the executor's view of a type that `hlslc.dxil.types`
parsed: its kind as the executor treats it ('scalar', 'vector', 'array',
'struct', 'pointer', 'void', or 'opaque': a handle or matrix, not data,
DXC's `%dx.types.LinAlgMatrix*` values too, whatever their declared body),
numpy dtype, size, alignment and field offsets; and `MemoryTypes`, the
views of one module's types.  Does not own: parsing type text (`dxil.types`),
buffers' layouts (hlslc's lowering computes those, and the IR carries them
as byte offsets).
"""

from __future__ import annotations

import numpy as np

from ..dxil.types import IRType, TypeTable, UnknownType

SCALARS: dict[str, np.dtype] = {
    "i1": np.dtype(np.bool_), "i8": np.dtype(np.uint8), "i16": np.dtype(np.uint16),
    "i32": np.dtype(np.uint32), "i64": np.dtype(np.uint64),
    "half": np.dtype(np.float16), "float": np.dtype(np.float32), "double": np.dtype(np.float64),
}
SIGNED = {np.dtype(np.uint8): np.dtype(np.int8), np.dtype(np.uint16): np.dtype(np.int16),
          np.dtype(np.uint32): np.dtype(np.int32), np.dtype(np.uint64): np.dtype(np.int64),
          np.dtype(np.bool_): np.dtype(np.bool_)}

# Named types the executor never looks into, whatever the module declares
# them as (suffixed copies included).
_OPAQUE_NAMES = ("%dx.types.Handle", "%dx.types.MatrixRef", "%dx.types.LinAlgMatrix")


class MemoryType:
    """kind: 'scalar', 'vector', 'array', 'struct', 'pointer', 'void',
    'opaque' (a handle or matrix reference: not data)."""

    __slots__ = ("text", "kind", "dtype", "count", "elem", "fields", "size", "align", "offsets", "addrspace")

    def __init__(self, text: str, kind: str) -> None:
        self.text = text
        self.kind = kind
        self.dtype: np.dtype | None = None
        self.count = 0
        self.elem: MemoryType | None = None
        self.fields: list[MemoryType] = []
        self.size = 0
        self.align = 1
        self.offsets: list[int] = []
        self.addrspace = 0

    def __repr__(self) -> str:
        return f"MemoryType({self.text})"


def _align_up(n: int, a: int) -> int:
    return (n + a - 1) // a * a


class MemoryTypes:
    """The memory views of one module's types, by type text."""

    def __init__(self, structs: dict[str, str]) -> None:
        self.types = TypeTable(structs, undeclared_opaque=True)
        self.cache: dict[str, MemoryType] = {}
        self.views: dict[IRType, MemoryType] = {}

    def get(self, text: str) -> MemoryType:
        t = self.cache.get(text)
        if t is None:
            try:
                ir = self.types.get(text)
            except UnknownType as err:
                raise ValueError(f"the executor does not know the type '{err.text}'") from None
            t = self.cache[text] = self.of(ir)
        return t

    def of(self, ir: IRType) -> MemoryType:
        t = self.views.get(ir)
        if t is None:
            t = self.views[ir] = self._view(ir)
        return t

    def _view(self, ir: IRType) -> MemoryType:
        text, kind = ir.text, ir.kind
        if kind in ("pointer", "matref"):
            t = MemoryType(text, "pointer")
            t.addrspace = ir.addrspace
            t.elem = self.of(ir.elem) if ir.elem is not None else None
            t.size = t.align = 4
            return t
        if ir.is_scalar:
            t = MemoryType(text, "scalar")
            t.dtype = SCALARS[text]
            t.size = t.dtype.itemsize
            t.align = max(4, t.dtype.itemsize)
            return t
        if kind == "void":
            return MemoryType(text, "void")
        if kind in ("vector", "array"):
            assert ir.elem is not None
            t = MemoryType(text, kind)
            t.count = ir.count
            t.elem = self.of(ir.elem)
            if kind == "vector":
                t.dtype = t.elem.dtype
            t.align = t.elem.align
            t.size = _align_up(t.elem.size, t.elem.align) * t.count
            return t
        if kind == "wavemat":
            # A wave matrix variable: its declared struct, if it has one.
            declared = self.types.declared_struct(text)
            if declared is not None:
                return self._struct(text, declared)
        elif kind == "struct" and not text.startswith(_OPAQUE_NAMES):
            return self._struct(text, ir)
        if kind in ("struct", "wavemat", "handle", "matrixobject", "opaque"):
            t = MemoryType(text, "opaque")
            t.size = t.align = 4
            return t
        raise ValueError(f"the executor does not know the type '{text}'")

    def _struct(self, text: str, ir: IRType) -> MemoryType:
        t = MemoryType(text, "struct")
        offset, align = 0, 1
        for field in ir.fields:
            ft = self.of(field)
            offset = _align_up(offset, ft.align)
            t.offsets.append(offset)
            t.fields.append(ft)
            offset += ft.size
            align = max(align, ft.align)
        t.align = align
        t.size = _align_up(offset, align)
        return t
