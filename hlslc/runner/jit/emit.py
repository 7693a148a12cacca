"""Writing LLVM IR text (LLVM 15+ syntax: opaque pointers, `splat`
constants) for the JIT: a function body of numbered values, and the values
a wave computes, one element per lane.

Owns: `Body` (one function's instructions and labels, fresh names, the
lane-vector helpers every translation uses), `Lanes` (a value per lane:
an LLVM vector `<W x T>`, with its Python constant when it is one),
`Agg` (a vector, struct or array value of the IR as its parts), the
spelling of constants (`llvm_const`) and the lane-vector types.

Does not own: what the IR means (`compiler`, `ops`, `linalg`).
"""

from __future__ import annotations

import math
import struct
from typing import Any

import numpy as np

# The element types of lane vectors, by the IR's scalar type text.
FLOATS = ("half", "float", "double")
INT_BITS = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64}
SIZES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "half": 2, "float": 4, "double": 8}


def llvm_const(ty: str, value: Any) -> str:
    """A scalar constant of type `ty` spelled for LLVM (floats exactly, as
    the bits of a double or, for half, `0xH`)."""
    if ty == "i1":
        return "true" if value else "false"
    if ty in INT_BITS:
        bits = INT_BITS[ty]
        v = int(value) & ((1 << bits) - 1)
        if v >= 1 << (bits - 1):
            v -= 1 << bits
        return str(v)
    if ty == "half":
        return "0xH%04X" % int(np.array([value], dtype=np.float16).view(np.uint16)[0])
    if isinstance(value, np.floating):
        # numpy's bits (a NaN's sign and payload kept), widened exactly.
        return "0x%016X" % int(np.array([value]).astype(np.float64).view(np.uint64)[0])
    v = float(value)
    if ty == "float":
        v = struct.unpack("<f", struct.pack("<f", v))[0] if math.isfinite(v) else v
    return "0x%016X" % struct.unpack("<Q", struct.pack("<d", v))[0]


class Lanes:
    """A scalar of the IR per lane: `v` is an LLVM value of type `<W x ty>`
    (a name or a constant's text); `const` the Python value when every lane
    holds the same constant; `lin`, for an integer known to be linear in the
    lane (in the integer's modular arithmetic, for the active lanes):
    (base, step), lane l holding base + l * step, `base` an LLVM scalar of
    type `ty` and `step` an int (0: every lane holds `base`)."""

    __slots__ = ("ty", "v", "const", "lin")

    def __init__(self, ty: str, v: str, const: Any = None, lin: tuple[str, int] | None = None) -> None:
        self.ty = ty
        self.v = v
        self.const = const
        self.lin = lin

    def __repr__(self) -> str:
        return f"Lanes({self.ty}, {self.v})"


class Agg:
    """An IR vector, struct or array value: its parts, each a value."""

    __slots__ = ("items",)

    def __init__(self, items: list) -> None:
        self.items = items

    def __repr__(self) -> str:
        return f"Agg({self.items})"


class Body:
    """The text of one LLVM function being written, for waves of `W` lanes."""

    def __init__(self, W: int) -> None:
        self.W = W
        self.lines: list[str] = []
        self.count = 0
        self.current = "entry"          # the block being written

    # -- text ---------------------------------------------------------------

    def tmp(self, hint: str = "t") -> str:
        self.count += 1
        return f"%{hint}{self.count}"

    def label_name(self, hint: str = "L") -> str:
        self.count += 1
        return f"{hint}{self.count}"

    def emit(self, text: str) -> None:
        self.lines.append("  " + text)

    def op(self, text: str, hint: str = "t") -> str:
        name = self.tmp(hint)
        self.lines.append(f"  {name} = {text}")
        return name

    def label(self, name: str) -> None:
        self.lines.append(f"{name}:")
        self.current = name

    def loop(self, count: Any, ty: str = "i64") -> "_Loop":
        """`with body.loop(n) as i:` a counted loop (i from 0 to n-1, an
        SSA value of type `ty`); `count` an int or a value."""
        return _Loop(self, count, ty)

    def br(self, label: str) -> None:
        self.emit(f"br label %{label}")

    def cbr(self, cond: str, yes: str, no: str) -> None:
        self.emit(f"br i1 {cond}, label %{yes}, label %{no}")

    # -- lane vectors -------------------------------------------------------

    def vt(self, ty: str) -> str:
        return f"<{self.W} x {ty}>"

    @property
    def mt(self) -> str:
        """The mask vector type."""
        return f"<{self.W} x i1>"

    @property
    def iw(self) -> str:
        """The integer a mask is kept in."""
        return f"i{self.W}"

    def splat(self, ty: str, value: Any) -> Lanes:
        c = llvm_const(ty, value)
        return Lanes(ty, f"splat ({ty} {c})", value, (c, 0) if ty in INT_BITS else None)

    def splat_value(self, ty: str, scalar: str) -> str:
        """A vector of `scalar` (an LLVM value of type `ty`) in every lane."""
        ins = self.op(f"insertelement {self.vt(ty)} poison, {ty} {scalar}, i64 0")
        return self.op(f"shufflevector {self.vt(ty)} {ins}, {self.vt(ty)} poison, <{self.W} x i32> zeroinitializer")

    def iota(self, ty: str = "i32") -> str:
        return "<" + ", ".join(f"{ty} {k}" for k in range(self.W)) + ">"

    def select(self, mask: str, a: str, b: str, ty: str) -> str:
        if a == b:
            return a
        return self.op(f"select {self.mt} {mask}, {self.vt(ty)} {a}, {self.vt(ty)} {b}")

    def extract(self, vec: str, ty: str, lane: str | int, index_type: str = "i32") -> str:
        return self.op(f"extractelement {self.vt(ty)} {vec}, {index_type} {lane}")

    def mask_bits(self, mask: str) -> str:
        return self.op(f"bitcast {self.mt} {mask} to {self.iw}")

    def bits_mask(self, bits: str) -> str:
        return self.op(f"bitcast {self.iw} {bits} to {self.mt}")

    def gep(self, base: str, offset: Any) -> str:
        """`base` plus a byte offset (an int or an i64 value)."""
        if isinstance(offset, int):
            if offset == 0:
                return base
            return self.op(f"getelementptr inbounds i8, ptr {base}, i64 {offset}")
        return self.op(f"getelementptr i8, ptr {base}, i64 {offset}")

    def load(self, ty: str, ptr: str, align: int = 1) -> str:
        return self.op(f"load {ty}, ptr {ptr}, align {align}")

    def store(self, ty: str, value: str, ptr: str, align: int = 1) -> None:
        self.emit(f"store {ty} {value}, ptr {ptr}, align {align}")

    def text(self) -> str:
        return "\n".join(self.lines)


class _Loop:
    def __init__(self, body: Body, count: Any, ty: str) -> None:
        self.b = body
        self.count = count
        self.ty = ty

    def __enter__(self) -> str:
        b = self.b
        self.head, self.body, self.latch, self.exit = (b.label_name(x) for x in ("lh", "lb", "ll", "lx"))
        self.i = b.tmp("i")
        self.next = b.tmp("i")
        pred = b.current
        b.br(self.head)
        b.label(self.head)
        b.emit(f"{self.i} = phi {self.ty} [ 0, %{pred} ], [ {self.next}, %{self.latch} ]")
        b.br(self.body)
        b.label(self.body)
        return self.i

    def __exit__(self, *exc: Any) -> None:
        b = self.b
        b.br(self.latch)
        b.label(self.latch)
        b.emit(f"{self.next} = add {self.ty} {self.i}, 1")
        more = b.op(f"icmp ult {self.ty} {self.next}, {self.count}")
        b.cbr(more, self.head, self.exit)
        b.label(self.exit)


def double_to_half_text(name: str, n: int) -> str:
    """An IR function `name(<n x double>) -> <n x half>` (n = 1: scalars)
    rounding as numpy's npy_doublebits_to_halfbits does (to nearest, ties
    to even; NaNs keep the top of their payload): LLVM's own conversion is
    a call of __truncdfhf2, which the JIT's process may not have."""
    def t(ty: str) -> str:
        return ty if n == 1 else f"<{n} x {ty}>"

    def c(ty: str, v: int) -> str:
        return str(v) if n == 1 else f"splat ({ty} {v})"
    i64, i16, i1 = t("i64"), t("i16"), t("i1")
    return f"""define internal {t('half')} @{name}({t('double')} %x) {{
entry:
  %d = bitcast {t('double')} %x to {i64}
  %sgn = lshr {i64} %d, {c('i64', 48)}
  %sgn1 = and {i64} %sgn, {c('i64', 0x8000)}
  %dexp = and {i64} %d, {c('i64', 0x7ff0000000000000)}
  %dsig = and {i64} %d, {c('i64', 0x000fffffffffffff)}
  ; NaN and infinity; overflow
  %isspecial = icmp eq {i64} %dexp, {c('i64', 0x7ff0000000000000)}
  %nanr0 = lshr {i64} %dsig, {c('i64', 42)}
  %nanr1 = add {i64} %nanr0, {c('i64', 0x7c00)}
  %nanflat = icmp eq {i64} %nanr1, {c('i64', 0x7c00)}
  %nanr2 = select {i1} %nanflat, {i64} {c('i64', 0x7c01)}, {i64} %nanr1
  %signone = icmp ne {i64} %dsig, {c('i64', 0)}
  %special = select {i1} %signone, {i64} %nanr2, {i64} {c('i64', 0x7c00)}
  %isover = icmp uge {i64} %dexp, {c('i64', 0x40f0000000000000)}
  ; subnormal half or zero
  %isunder = icmp ule {i64} %dexp, {c('i64', 0x3f00000000000000)}
  %iszero = icmp ult {i64} %dexp, {c('i64', 0x3e60000000000000)}
  %e = lshr {i64} %dexp, {c('i64', 52)}
  %sh0 = sub {i64} %e, {c('i64', 998)}
  %sh = and {i64} %sh0, {c('i64', 63)}
  %ssig0 = add {i64} %dsig, {c('i64', 0x0010000000000000)}
  %ssig1 = shl {i64} %ssig0, %sh
  %slow = and {i64} %ssig1, {c('i64', 0x003fffffffffffff)}
  %stie = icmp ne {i64} %slow, {c('i64', 0x0010000000000000)}
  %sadd = select {i1} %stie, {i64} {c('i64', 0x0010000000000000)}, {i64} {c('i64', 0)}
  %ssig2 = add {i64} %ssig1, %sadd
  %sub = lshr {i64} %ssig2, {c('i64', 53)}
  ; the regular case
  %hexp0 = sub {i64} %dexp, {c('i64', 0x3f00000000000000)}
  %hexp = lshr {i64} %hexp0, {c('i64', 42)}
  %nlow = and {i64} %dsig, {c('i64', 0x000007ffffffffff)}
  %ntie = icmp ne {i64} %nlow, {c('i64', 0x0000020000000000)}
  %nadd = select {i1} %ntie, {i64} {c('i64', 0x0000020000000000)}, {i64} {c('i64', 0)}
  %nsig = add {i64} %dsig, %nadd
  %nsig1 = lshr {i64} %nsig, {c('i64', 42)}
  %normal = add {i64} %hexp, %nsig1
  %r0 = select {i1} %iszero, {i64} {c('i64', 0)}, {i64} %sub
  %r1 = select {i1} %isunder, {i64} %r0, {i64} %normal
  %r2 = select {i1} %isover, {i64} {c('i64', 0x7c00)}, {i64} %r1
  %r3 = select {i1} %isspecial, {i64} %special, {i64} %r2
  %r4 = add {i64} %r3, %sgn1
  %r5 = trunc {i64} %r4 to {i16}
  %h = bitcast {i16} %r5 to {t('half')}
  ret {t('half')} %h
}}"""
