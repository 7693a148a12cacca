"""LLVM types as the executor sees them: numpy dtypes of scalars, vector
lengths, and the memory layout of DXIL-like IR's data layout (every scalar
narrower than 32 bits takes 4 bytes in arrays and structs, 64-bit scalars
are 8-aligned), for allocas, groupshared and static globals.

Owns: parsing a type's text (`<4 x float>`, `[16 x %struct.S]`,
`float addrspace(3)*`, `%dx.types.ResRet.f32`) into `IRType`, sizes,
alignments and field offsets.  Does not own: buffers' layouts (hlslc's
lowering computes those, and the IR carries them as byte offsets).
"""

from __future__ import annotations

import numpy as np

from ..dxil.reader import split_top, take_type

SCALARS: dict[str, np.dtype] = {
    "i1": np.dtype(np.bool_), "i8": np.dtype(np.uint8), "i16": np.dtype(np.uint16),
    "i32": np.dtype(np.uint32), "i64": np.dtype(np.uint64),
    "half": np.dtype(np.float16), "float": np.dtype(np.float32), "double": np.dtype(np.float64),
}
SIGNED = {np.dtype(np.uint8): np.dtype(np.int8), np.dtype(np.uint16): np.dtype(np.int16),
          np.dtype(np.uint32): np.dtype(np.int32), np.dtype(np.uint64): np.dtype(np.int64),
          np.dtype(np.bool_): np.dtype(np.bool_)}


class IRType:
    """kind: 'scalar', 'vector', 'array', 'struct', 'pointer', 'void',
    'opaque' (a handle or matrix reference: not data)."""

    __slots__ = ("text", "kind", "dtype", "count", "elem", "fields", "size", "align", "offsets", "addrspace")

    def __init__(self, text: str, kind: str) -> None:
        self.text = text
        self.kind = kind
        self.dtype: np.dtype | None = None
        self.count = 0
        self.elem: IRType | None = None
        self.fields: list[IRType] = []
        self.size = 0
        self.align = 1
        self.offsets: list[int] = []
        self.addrspace = 0

    def __repr__(self) -> str:
        return f"IRType({self.text})"


def _align_up(n: int, a: int) -> int:
    return (n + a - 1) // a * a


class TypeTable:
    """Parses and caches types against a module's named structs."""

    def __init__(self, structs: dict[str, str]) -> None:
        self.structs = structs
        self.cache: dict[str, IRType] = {}

    def get(self, text: str) -> IRType:
        t = self.cache.get(text)
        if t is None:
            t = self.cache[text] = self._parse(text.strip())
        return t

    def _parse(self, text: str) -> IRType:
        if text.endswith("*"):
            t = IRType(text, "pointer")
            inner = text[:-1].strip()
            if inner.endswith(")") and " addrspace(" in inner:
                inner, _, space = inner.rpartition(" addrspace(")
                t.addrspace = int(space[:-1])
            t.elem = self.get(inner) if not inner.endswith(")") else None
            t.size = t.align = 4
            return t
        if text in SCALARS:
            t = IRType(text, "scalar")
            t.dtype = SCALARS[text]
            t.size = t.dtype.itemsize if text not in ("i1",) else 1
            t.align = max(4, t.dtype.itemsize) if text != "i1" else 4
            if text in ("i8", "i16", "half"):
                t.size = t.dtype.itemsize
            return t
        if text == "void":
            return IRType(text, "void")
        if text.startswith("<"):
            inner = text[1:-1]
            count, _, elem = inner.partition(" x ")
            t = IRType(text, "vector")
            t.count = int(count)
            t.elem = self.get(elem)
            t.dtype = t.elem.dtype
            t.align = t.elem.align
            t.size = _align_up(t.elem.size, t.elem.align) * t.count
            return t
        if text.startswith("["):
            inner = text[1:-1]
            count, _, elem = inner.partition(" x ")
            t = IRType(text, "array")
            t.count = int(count)
            t.elem = self.get(elem)
            t.align = t.elem.align
            t.size = _align_up(t.elem.size, t.elem.align) * t.count
            return t
        if text.startswith("{"):
            return self._struct(text, text[1:-1])
        if text.startswith("%"):
            body = self.structs.get(text)
            if body is None or body == "opaque" or text.startswith(("%dx.types.Handle", "%dx.types.MatrixRef")):
                t = IRType(text, "opaque")
                t.size = t.align = 4
                return t
            if body.startswith("type "):
                body = body[5:]
            return self._struct(text, body.strip()[1:-1])
        raise ValueError(f"the executor does not know the type '{text}'")

    def _struct(self, text: str, inner: str) -> IRType:
        t = IRType(text, "struct")
        offset, align = 0, 1
        for part in split_top(inner):
            if not part:
                continue
            ft = self.get(take_type(part)[0])
            offset = _align_up(offset, ft.align)
            t.offsets.append(offset)
            t.fields.append(ft)
            offset += ft.size
            align = max(align, ft.align)
        t.align = align
        t.size = _align_up(offset, align)
        return t
