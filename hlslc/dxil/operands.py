"""Instructions' operands and constants of DXIL-like IR, with their types
parsed.

Owns: splitting an instruction's text into typed operands (`Operand`: an
`IRType` and the value's text) and what else each opcode names (the type
of a load or a cast's target, a compare's predicate, the indices of
extractvalue/insertvalue, a shuffle mask, a switch's cases), and reading
constants' text (integers, hex floats, vectors, aggregates).

Does not own: the module's structure (`reader`, whose `Operand` keeps the
type as text) or what a consumer makes of the values (the SPIR-V backend's
`translate`).
"""

from __future__ import annotations

import re
import struct

from . import reader as R
from .types import IRError, IRType, TypeTable


class UnknownInstruction(IRError):
    """An instruction whose operands `parse_instruction` does not read."""

    def __init__(self, opcode: str) -> None:
        super().__init__(f"no reading of the operands of the instruction '{opcode}'")
        self.opcode = opcode


class Operand:
    """A typed operand: `type` (an IRType, where `reader.Operand` keeps the
    text), `value` (text: `%x`, `@g`, or a constant)."""

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
    text = ins.describe()
    if ins.result is not None:
        text = text.split("=", 1)[1].strip()
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
        return Parsed(parts[:2], types.get(f"<{len(lanes)} x {parts[0].type.elem.text}>"), lanes)
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
    raise UnknownInstruction(op)


# ---------------------------------------------------------------------------
# Constants
#
# The one reader of constants' text, for every consumer (the CPU executor,
# the SPIR-V backend).  Every spelling LLVM's printer (and so DXC and
# hlslc) gives a constant: `true`/`false`, integers in decimal (negative
# ones folded to the width: `i1 -1` is true, `i8 -1` is 255), `u0x`/`s0x`
# hex integers, floats in decimal or as the hex bits of a double
# (`0x3FF0000000000000`, also for `float` and `half`), halves as their own
# bits (`0xH3C00`), bfloat (`0xR`), `zeroinitializer`, `undef`, `poison`,
# `null`, vectors, arrays (`c"..."` byte strings too), structs (packed
# ones too) and `splat (T v)`.

_UNDEFINED = ("undef", "poison", "zeroinitializer", "null")


def scalar_constant(t: IRType, text: str) -> int | float | bool:
    """The value of a scalar constant's text: an int (two's complement
    folded to the width, so unsigned), a float or a bool."""
    text = text.strip()
    if text in _UNDEFINED:
        return False if t.kind == "bool" else 0.0 if t.kind == "float" else 0
    if t.kind == "bool":
        if text in ("true", "false"):
            return text == "true"
        return bool(_integer(text) & 1)
    if t.kind == "float":
        return _float(t, text)
    if t.kind != "int":
        raise IRError(f"cannot read the constant '{text}' of type '{t.text}'")
    return _integer(text) & ((1 << t.bits) - 1)


def _integer(text: str) -> int:
    if text in ("true", "false"):
        return int(text == "true")
    if text[:3] in ("u0x", "s0x"):
        value = int(text[3:], 16)
        if text[0] == "s" and text[3:4] in "89abcdefABCDEF" and len(text) > 3:
            value -= 1 << (4 * len(text[3:]))
        return value
    try:
        return int(text, 10)
    except ValueError:
        raise IRError(f"cannot read the integer constant '{text}'") from None


def _float(t: IRType, text: str) -> float:
    if text[:2] in ("0x", "0X"):
        digits = text[2:]
        kind = digits[:1].upper() if digits[:1] in "HhKkLlMmRr" else ""
        if kind:
            digits = digits[1:]
        try:
            bits = int(digits, 16)
        except ValueError:
            raise IRError(f"cannot read the float constant '{text}'") from None
        if kind == "H":
            return struct.unpack("<e", struct.pack("<H", bits & 0xFFFF))[0]
        if kind == "R":     # bfloat: the high half of a float's bits
            return struct.unpack("<f", struct.pack("<I", (bits & 0xFFFF) << 16))[0]
        if kind:
            raise IRError(f"cannot read the float constant '{text}' (no {t.text} has that form)")
        # The bits of a double, whatever the type (LLVM's printer writes
        # float and half constants as the double of the same value).
        return struct.unpack("<d", struct.pack("<Q", bits & 0xFFFFFFFFFFFFFFFF))[0]
    try:
        return float(text)
    except ValueError:
        raise IRError(f"cannot read the float constant '{text}'") from None


def constant_value(t: IRType, text: str):
    """A constant of any type as Python values: a scalar (`scalar_constant`),
    a list for a vector or an array (of the element's values), a list for
    a struct (of the fields' values); undefined values read as zeros (None
    for a handle, matrix or pointer)."""
    text = text.strip()
    if t.is_scalar:
        return scalar_constant(t, text)
    if t.kind in ("vector", "array"):
        assert t.elem is not None
        if text in _UNDEFINED:
            return [constant_value(t.elem, "zeroinitializer") for _ in range(t.count)]
        if text.startswith("splat"):
            inner = text[len("splat"):].strip()
            if inner[:1] == "(" and inner[-1:] == ")":
                ptype, value = R.take_type(inner[1:-1])
                one = constant_value(t.elem, value)
                return [one] * t.count
        if text.startswith('c"') and text.endswith('"') and t.elem.kind == "int":
            data = _byte_string(text[2:-1])
            if len(data) != t.count:
                raise IRError(f"the byte string constant {text} has {len(data)} bytes, not {t.count}")
            return list(data)
        parts = aggregate_parts(text) or []
        if len(parts) != t.count:
            raise IRError(f"the constant '{text}' has {len(parts)} elements, its type '{t.text}' {t.count}")
        return [constant_value(t.elem, R.take_type(p)[1]) for p in parts]
    if t.kind == "struct":
        if text in _UNDEFINED:
            return [constant_value(f, "zeroinitializer") for f in t.fields]
        parts = aggregate_parts(text) or []
        if len(parts) != len(t.fields):
            raise IRError(f"the constant '{text}' has {len(parts)} fields, its type '{t.text}' {len(t.fields)}")
        return [constant_value(f, R.take_type(p)[1]) for f, p in zip(t.fields, parts)]
    if text in _UNDEFINED:
        return None         # a handle, matrix or pointer: no data
    raise IRError(f"cannot read the constant '{text}' of type '{t.text}'")


def _byte_string(body: str) -> bytes:
    out = bytearray()
    k = 0
    while k < len(body):
        ch = body[k]
        if ch == "\\" and body[k + 1:k + 2] == "\\":
            out.append(0x5C)
            k += 2
        elif ch == "\\":
            out.append(int(body[k + 1:k + 3], 16))
            k += 3
        else:
            out.extend(ch.encode("utf-8"))
            k += 1
    return bytes(out)


def aggregate_parts(text: str) -> list[str] | None:
    """The elements (`T v` texts) of a vector, array or struct constant, or
    None for `zeroinitializer`/`undef`."""
    text = text.strip()
    if text in _UNDEFINED:
        return None
    if text.startswith("<{"):
        text = text[1:-1]
    if text[:1] in "<[{" and text[-1:] in ">]}":
        inner = text[1:-1].strip()
        return R.split_top(inner) if inner else []
    raise IRError(f"cannot read the constant '{text}'")
