"""LLVM types and instruction operands of DXIL-like IR, as the SPIR-V
backend reads them.

Owns: `IRType` (a parsed type: scalar, vector, array, struct, pointer with
its address space, and the opaque `dx.types` values: handles, matrix
references, wave matrices), splitting an instruction's text into typed
operands, and reading constants' text (integers, hex floats, vectors,
aggregates).  Builds on the validator's reader (`hlslc.dxil.reader`)
for the module's structure.  Does not own: what any of it becomes in
SPIR-V (`translate`).
"""

from __future__ import annotations

import re
import struct

from ..dxil import reader as R


class IRError(Exception):
    """IR the SPIR-V backend cannot read: a bug in hlslc's lowering."""


class IRType:
    """kind: 'void', 'bool', 'int' (bits), 'float' (bits), 'vector' (elem,
    count), 'array' (elem, count), 'struct' (fields; `name` for named
    structs), 'pointer' (elem, addrspace), 'handle', 'matref', 'wavemat',
    'label', 'metadata'."""

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

    @property
    def size(self) -> int:
        """Bytes in DXIL-like IR's data layout (16-bit scalars 2 bytes)."""
        if self.kind == "bool":
            return 4
        if self.kind in ("int", "float"):
            return max(1, self.bits // 8)
        if self.kind in ("vector", "array"):
            assert self.elem is not None
            return self.elem.size * self.count
        if self.kind == "struct":
            offset = 0
            for f in self.fields:
                a = f.align
                offset = (offset + a - 1) // a * a + f.size
            a = self.align
            return (offset + a - 1) // a * a
        return 4

    @property
    def align(self) -> int:
        if self.kind in ("vector", "array"):
            assert self.elem is not None
            return self.elem.align
        if self.kind == "struct":
            return max((f.align for f in self.fields), default=1)
        return self.size if self.kind in ("int", "float") else 4


_SCALARS = {"i1": ("bool", 1), "i8": ("int", 8), "i16": ("int", 16), "i32": ("int", 32), "i64": ("int", 64),
            "half": ("float", 16), "float": ("float", 32), "double": ("float", 64)}


class TypeTable:
    """Parses and caches the types of one module (named structs resolved)."""

    def __init__(self, structs: dict[str, str]) -> None:
        self.structs = structs
        self.cache: dict[str, IRType] = {}

    def get(self, text: str) -> IRType:
        t = self.cache.get(text)
        if t is None:
            t = self.cache[text] = self._parse(text.strip())
        return t

    def _parse(self, text: str) -> IRType:
        if text in ("%dx.types.MatrixRef*",):
            return IRType(text, "matref")
        if text.endswith("*"):
            inner = text[:-1].strip()
            t = IRType(text, "pointer")
            m = re.fullmatch(r"(.*) addrspace\((\d+)\)", inner)
            if m:
                inner, t.addrspace = m.group(1), int(m.group(2))
            t.elem = self.get(inner)
            return t
        if text in _SCALARS:
            kind, bits = _SCALARS[text]
            t = IRType(text, kind)
            t.bits = bits
            return t
        if text in ("void", "label", "metadata"):
            return IRType(text, text)
        if text[:1] in "<[":
            inner = text[1:-1]
            count, _, elem = inner.partition(" x ")
            t = IRType(text, "vector" if text[0] == "<" else "array")
            t.count = int(count)
            t.elem = self.get(elem)
            return t
        if text.startswith("{"):
            t = IRType(text, "struct")
            t.fields = [self.get(R.take_type(p)[0]) for p in R.split_top(text[1:-1].strip()) if p]
            return t
        if text.startswith("%"):
            if text == "%dx.types.Handle":
                return IRType(text, "handle")
            if text == "%dx.types.waveMatrix":
                return IRType(text, "wavemat")
            if text == "%dx.types.MatrixRef":
                return IRType(text, "matrixobject")
            body = self.structs.get(text)
            if body is None:
                raise IRError(f"unknown type '{text}'")
            body = body.strip()
            if body.startswith("type "):
                body = body[5:].strip()
            if body == "opaque":
                return IRType(text, "opaque")
            t = IRType(text, "struct")
            t.name = text[1:]
            t.fields = [self.get(R.take_type(p)[0]) for p in R.split_top(body.strip()[1:-1].strip()) if p]
            return t
        raise IRError(f"unknown type '{text}'")


# ---------------------------------------------------------------------------
# Instruction operands

class Operand:
    """A typed operand: `type` (IRType), `value` (text: `%x`, `@g`, or a
    constant)."""

    __slots__ = ("type", "value")

    def __init__(self, type: IRType, value: str) -> None:
        self.type = type
        self.value = value

    @property
    def is_local(self) -> bool:
        return self.value.startswith("%")

    @property
    def const_int(self) -> int | None:
        v = self.value
        if re.fullmatch(r"-?\d+", v):
            return int(v)
        if v in ("true", "false"):
            return int(v == "true")
        if v in ("zeroinitializer", "null"):
            return 0
        return None

    def __repr__(self) -> str:
        return f"{self.type.text} {self.value}"


_FLAGS = {"nsw", "nuw", "exact", "fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc",
          "inbounds", "volatile", "weak"}


def _strip_flags(rest: str) -> str:
    while True:
        word, _, tail = rest.partition(" ")
        if word in _FLAGS:
            rest = tail.lstrip()
            continue
        return rest


def _body(ins: R.Instruction) -> str:
    text = R._ATTACHMENT.sub("", ins.text)
    if ins.result is not None:
        text = text.split("=", 1)[1]
    text = text.strip()
    word, _, rest = text.partition(" ")
    if word in ("tail", "musttail", "notail"):
        rest = rest.partition(" ")[2]
    return rest.strip()


def _drop_align(parts: list[str]) -> list[str]:
    return [p for p in parts if not p.startswith("align ")]


class Parsed:
    """An instruction's operands: `operands` in order; `type` the type the
    instruction names (result or cast target); `extra` per opcode (the
    predicate of a compare, indices of extract/insertvalue, a shuffle mask)."""

    __slots__ = ("operands", "type", "extra")

    def __init__(self, operands: list[Operand], type: IRType | None = None, extra=None) -> None:
        self.operands = operands
        self.type = type
        self.extra = extra


def parse_instruction(ins: R.Instruction, types: TypeTable) -> Parsed:
    """The operands of one instruction (calls use `ins.args`)."""
    op = ins.opcode
    rest = _strip_flags(_body(ins))

    def operand(text: str) -> Operand:
        t, value = R.take_type(text)
        return Operand(types.get(t), value.strip())

    if op in ("add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor",
              "fadd", "fsub", "fmul", "fdiv", "frem"):
        t, tail = R.take_type(rest)
        a, b = R.split_top(tail)
        ty = types.get(t)
        return Parsed([Operand(ty, a), Operand(ty, b)], ty)
    if op == "fneg":
        t, tail = R.take_type(_strip_flags(rest))
        ty = types.get(t)
        return Parsed([Operand(ty, tail.strip())], ty)
    if op in ("icmp", "fcmp"):
        pred, _, tail = _strip_flags(rest).partition(" ")
        t, tail = R.take_type(tail)
        a, b = R.split_top(tail)
        ty = types.get(t)
        return Parsed([Operand(ty, a), Operand(ty, b)], ty, pred)
    if op == "select":
        parts = [operand(p) for p in R.split_top(rest)]
        return Parsed(parts, parts[1].type)
    if op in ("zext", "sext", "trunc", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "bitcast",
              "addrspacecast", "ptrtoint", "inttoptr"):
        m = re.match(r"(.*)\bto\s+(.*)$", rest)
        if not m:
            raise IRError(f"cannot read the cast '{ins.text}'")
        return Parsed([operand(m.group(1).strip())], types.get(R.take_type(m.group(2))[0]))
    if op == "extractelement":
        parts = [operand(p) for p in R.split_top(rest)]
        return Parsed(parts, parts[0].type.elem)
    if op == "insertelement":
        parts = [operand(p) for p in R.split_top(rest)]
        return Parsed(parts, parts[0].type)
    if op == "shufflevector":
        parts = [operand(p) for p in R.split_top(rest)]
        mask = parts[2]
        if mask.value in ("zeroinitializer",):
            lanes = [0] * mask.type.count
        elif mask.value in ("undef", "poison"):
            lanes = [-1] * mask.type.count
        else:
            lanes = []
            for p in R.split_top(mask.value.strip()[1:-1]):
                v = p.split()[-1]
                lanes.append(-1 if v in ("undef", "poison") else int(v))
        result = IRType(f"<{len(lanes)} x {parts[0].type.elem.text}>", "vector")
        result.count, result.elem = len(lanes), parts[0].type.elem
        return Parsed(parts[:2], types.get(result.text), lanes)
    if op == "extractvalue":
        parts = R.split_top(rest)
        agg = operand(parts[0])
        indices = [int(p) for p in parts[1:]]
        t = agg.type
        for k in indices:
            t = t.fields[k] if t.kind == "struct" else t.elem
        return Parsed([agg], t, indices)
    if op == "insertvalue":
        parts = R.split_top(rest)
        agg, value = operand(parts[0]), operand(parts[1])
        return Parsed([agg, value], agg.type, [int(p) for p in parts[2:]])
    if op == "load":
        parts = _drop_align(R.split_top(rest))
        return Parsed([operand(parts[1])], types.get(R.take_type(parts[0])[0]))
    if op == "store":
        parts = _drop_align(R.split_top(rest))
        return Parsed([operand(parts[0]), operand(parts[1])])
    if op == "alloca":
        parts = _drop_align(R.split_top(rest))
        return Parsed([], types.get(R.take_type(parts[0])[0]))
    if op == "getelementptr":
        parts = R.split_top(rest)
        source = types.get(R.take_type(parts[0])[0])
        return Parsed([operand(p) for p in parts[1:]], source)
    if op == "phi":
        t, _ = R.take_type(rest)
        ty = types.get(t)
        return Parsed([Operand(ty, v) for v, _ in ins.incoming], ty, [b for _, b in ins.incoming])
    if op == "call":
        args = [Operand(types.get(a.type), a.value) for a in ins.args if a.type != "metadata"]
        return Parsed(args, types.get(ins.type) if ins.type else None)
    if op in ("atomicrmw", "cmpxchg"):
        rest = _strip_flags(rest)
        kind = None
        if op == "atomicrmw":
            kind, _, rest = rest.partition(" ")
        parts = R.split_top(rest)
        ptr = operand(parts[0])
        values = []
        for p in parts[1:]:
            words = p.split()
            # drop the orderings at the end (`seq_cst`, `syncscope(...)`)
            while words and (words[-1] in ("seq_cst", "acq_rel", "acquire", "release", "monotonic", "unordered")
                             or words[-1].startswith("syncscope")):
                words.pop()
            values.append(operand(" ".join(words)))
        return Parsed([ptr] + values, values[-1].type, kind)
    if op == "switch":
        head, _, cases = rest.partition("[")
        cond = operand(R.split_top(head)[0])
        found = [(int(v), label.strip('"')) for v, label in
                 re.findall(r"\b\w+\s+(-?\d+)\s*,\s*label\s+%(" + R.NAME + r")", cases)]
        return Parsed([cond], None, found)
    if op == "br":
        parts = R.split_top(rest)
        if len(parts) == 3:
            return Parsed([operand(parts[0])])
        return Parsed([])
    if op == "ret":
        if rest.strip() == "void" or not rest.strip():
            return Parsed([])
        return Parsed([operand(rest)])
    if op == "unreachable":
        return Parsed([])
    raise IRError(f"the SPIR-V backend does not read the instruction '{op}'")


# ---------------------------------------------------------------------------
# Constants

def scalar_constant(t: IRType, text: str) -> int | float | bool:
    """The value of a scalar constant's text: an int (two's complement
    folded to the width), a float or a bool."""
    text = text.strip()
    if text in ("undef", "poison", "zeroinitializer", "null"):
        return False if t.kind == "bool" else 0.0 if t.kind == "float" else 0
    if t.kind == "bool":
        return text in ("true", "1")
    if t.kind == "float":
        if text.lower().startswith("0x"):
            digits = text[2:]
            if digits[:1] in "HhKkLlMm":
                kind, digits = digits[0].upper(), digits[1:]
                if kind == "H":
                    return struct.unpack("<e", struct.pack("<H", int(digits, 16)))[0]
                raise IRError(f"cannot read the float constant '{text}'")
            return struct.unpack("<d", struct.pack("<Q", int(digits, 16)))[0]
        return float(text)
    value = int(text)
    return value & ((1 << t.bits) - 1)


def aggregate_parts(text: str) -> list[str] | None:
    """The elements (`T v` texts) of a vector, array or struct constant, or
    None for `zeroinitializer`/`undef`."""
    text = text.strip()
    if text in ("zeroinitializer", "undef", "poison", "null"):
        return None
    if text.startswith("<{"):
        text = text[1:-1]
    if text[:1] in "<[{" and text[-1:] in ">]}":
        return R.split_top(text[1:-1].strip())
    raise IRError(f"cannot read the constant '{text}'")
