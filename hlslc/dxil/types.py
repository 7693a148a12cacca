"""LLVM types of DXIL-like IR: the one parser of type text, and the table
of one module's types.

Owns: `IRType`, a type's structure (scalar, vector, array, struct with its
fields, pointer with its address space, and the opaque `dx.types` values:
resource handles, linalg matrix objects and the references to them, wave
matrices), parsed once per module by a `TypeTable` that resolves the
module's named structs.  `reader.take_type` and `reader.split_top` are the
tokenizers underneath.

Does not own: sizes, alignments or memory layouts.  Each consumer lays
types out its own way from the structure given here (the CPU executor's
memory in `hlslc.runner.layout`); the IR itself carries the layouts of
resources as byte offsets.  Nor reading instructions' operands and
constants (`operands`).
"""

from __future__ import annotations

import re

from .reader import split_top, take_type


class IRError(Exception):
    """IR text the type and operand readers cannot read (for hlslc's own
    IR, a bug in its lowering)."""


class UnknownType(IRError):
    """A type the parser does not know; `text` is the innermost such type."""

    def __init__(self, text: str) -> None:
        super().__init__(f"unknown type '{text}'")
        self.text = text


class IRType:
    """kind: 'void', 'bool' (i1), 'int' (bits), 'float' (bits), 'vector'
    (elem, count), 'array' (elem, count), 'struct' (fields; `name` for
    named structs), 'pointer' (elem, addrspace; elem None for a pointer to
    a function where the table allows it), 'handle' (`%dx.types.Handle`),
    'matrixobject' (`%dx.types.MatrixRef`), 'matref' (`%dx.types.MatrixRef*`,
    the value that names a linalg matrix; elem its matrix object),
    'wavemat' (`%dx.types.waveMatrix`), 'opaque' (a named type declared
    `opaque`), 'label', 'metadata'."""

    __slots__ = ("text", "kind", "bits", "elem", "count", "fields", "name", "addrspace")

    def __init__(self, text: str, kind: str) -> None:
        self.text = text
        self.kind = kind
        self.bits = 0
        self.elem: IRType | None = None
        self.count = 0
        self.fields: list[IRType] = []
        self.name: str | None = None
        self.addrspace = 0

    def __repr__(self) -> str:
        return f"IRType({self.text})"

    @property
    def scalar(self) -> "IRType":
        """The scalar of a vector or array (of vectors), the type itself otherwise."""
        t = self
        while t.kind in ("vector", "array") and t.elem is not None:
            t = t.elem
        return t

    @property
    def is_scalar(self) -> bool:
        return self.kind in ("bool", "int", "float")


SCALARS = {"i1": ("bool", 1), "i8": ("int", 8), "i16": ("int", 16), "i32": ("int", 32), "i64": ("int", 64),
           "half": ("float", 16), "float": ("float", 32), "double": ("float", 64)}

# The opaque values of DXIL's `dx.types`, whatever the module declares them as.
_DX_OBJECTS = {"%dx.types.Handle": "handle", "%dx.types.waveMatrix": "wavemat",
               "%dx.types.MatrixRef": "matrixobject"}
_ADDRSPACE = re.compile(r"(.*) addrspace\((\d+)\)")


class TypeTable:
    """Parses and caches the types of one module (named structs resolved).

    `undeclared_opaque`: a named type the module does not declare reads as
    'opaque', and a pointer to a function as a pointer with no `elem`,
    instead of an `UnknownType` error (the CPU executor runs IR whose
    values of such types it never looks into)."""

    def __init__(self, structs: dict[str, str], undeclared_opaque: bool = False) -> None:
        self.structs = structs
        self.undeclared_opaque = undeclared_opaque
        self.cache: dict[str, IRType] = {}
        self.bodies: dict[str, IRType | None] = {}

    def get(self, text: str) -> IRType:
        t = self.cache.get(text)
        if t is None:
            t = self.cache[text] = self._parse(text.strip())
        return t

    def declared_struct(self, text: str) -> IRType | None:
        """The struct a named type's declaration gives it (also for the
        `dx.types` objects, which `get` gives kinds of their own), or None
        when the module declares it opaque or not at all."""
        if text not in self.bodies:
            body = self.structs.get(text)
            if body is not None:
                body = body.strip()
                if body.startswith("type "):
                    body = body[5:].strip()
            if body is None or body == "opaque":
                self.bodies[text] = None
            else:
                t = IRType(text, "struct")
                t.name = text[1:]
                t.fields = self._fields(body[1:-1])
                self.bodies[text] = t
        return self.bodies[text]

    def _fields(self, inner: str) -> list[IRType]:
        return [self.get(take_type(p)[0]) for p in split_top(inner.strip()) if p]

    def _parse(self, text: str) -> IRType:
        if text == "%dx.types.MatrixRef*":
            t = IRType(text, "matref")
            t.elem = self.get(text[:-1])
            return t
        if text.endswith("*"):
            inner = text[:-1].strip()
            t = IRType(text, "pointer")
            m = _ADDRSPACE.fullmatch(inner)
            if m:
                inner, t.addrspace = m.group(1), int(m.group(2))
            if not (self.undeclared_opaque and inner.endswith(")")):
                t.elem = self.get(inner)
            return t
        if text in SCALARS:
            kind, bits = SCALARS[text]
            t = IRType(text, kind)
            t.bits = bits
            return t
        if text in ("void", "label", "metadata"):
            return IRType(text, text)
        if text[:1] in ("<", "["):
            inner = text[1:-1]
            count, _, elem = inner.partition(" x ")
            t = IRType(text, "vector" if text[0] == "<" else "array")
            t.count = int(count)
            t.elem = self.get(elem)
            return t
        if text.startswith("{"):
            t = IRType(text, "struct")
            t.fields = self._fields(text[1:-1])
            return t
        if text.startswith("%"):
            kind = _DX_OBJECTS.get(text)
            if kind is not None:
                return IRType(text, kind)
            if text not in self.structs and not self.undeclared_opaque:
                raise UnknownType(text)
            declared = self.declared_struct(text)
            return declared if declared is not None else IRType(text, "opaque")
        raise UnknownType(text)
