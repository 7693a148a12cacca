"""Loads, stores and atomics of the JIT on memory: buffers (the pipeline's
bytes), groupshared memory and constant statics (bytes), and per-lane
memory (allocas and statics that are written: 4-byte words interleaved by
lane, so that lanes reading one index read one vector).

Each access is a helper function over the wave's lanes: a vector load or
store when the active lanes' addresses are consecutive (or, per-lane
memory, the same word), else a masked gather or scatter; lanes outside the
mask touch nothing.  Out of bounds, as the interpreter does it: a buffer
load reads zero and a store is dropped; a load from groupshared or
per-lane memory reads the bytes its addresses clip to, and a store there
stops the dispatch with the interpreter's error.

Owns: `buffer_load`, `buffer_store` (byte addresses into a resource),
`load_scalar`, `store_scalar` (an IR load or store on memory objects),
`llvm_atomic` (atomicrmw/cmpxchg), `buffer_atomic` (the dx.op atomics),
`first_active` and `uniform` (lane helpers).  Does not own: which memory a
pointer names (`compiler`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import RunError
from ..layout import MemoryType
from .base import CTX_RESOURCES, RESOURCE_SIZE, PtrV, Root, Unsupported
from .emit import INT_BITS, SIZES, Agg, Lanes

if TYPE_CHECKING:
    from .compiler import Compiler


def _int_of(ty: str) -> str:
    """The integer type holding a scalar's bytes in memory (i1 is a byte)."""
    return "i8" if ty == "i1" else f"i{SIZES[ty] * 8}"


def _to_bits(b: Any, ty: str, v: str) -> str:
    """Lanes of `ty` as the integers that are their bytes."""
    it = _int_of(ty)
    if ty == "i1":
        return b.op(f"zext {b.mt} {v} to {b.vt('i8')}")
    if ty in INT_BITS:
        return v
    return b.op(f"bitcast {b.vt(ty)} {v} to {b.vt(it)}")


def _from_bits(b: Any, ty: str, v: str) -> str:
    it = _int_of(ty)
    if ty == "i1":
        return b.op(f"icmp ne {b.vt('i8')} {v}, zeroinitializer")
    if ty in INT_BITS:
        return v
    return b.op(f"bitcast {b.vt(it)} {v} to {b.vt(ty)}")


def first_active(cg: "Compiler", mask_bits: str | None = None) -> str:
    """The index (i32) of the first active lane."""
    b = cg.body
    bits = mask_bits or cg.mask_bits
    W = cg.W
    cg.declare(f"declare i{W} @llvm.cttz.i{W}(i{W}, i1)")
    t = b.op(f"call i{W} @llvm.cttz.i{W}(i{W} {bits}, i1 true)")
    if W == 32:
        return t
    return b.op(f"{'trunc' if W > 32 else 'zext'} i{W} {t} to i32")


def uniform(cg: "Compiler", v: Lanes, mask: str | None = None) -> tuple[str, str]:
    """(whether every active lane holds the same value, that value of the
    first active lane)."""
    b = cg.body
    mask = mask or cg.mask
    bits = b.mask_bits(mask) if mask is not cg.mask else cg.mask_bits
    first = first_active(cg, bits)
    x = b.extract(v.v, v.ty, first)
    same = b.op(f"icmp eq {b.vt(v.ty)} {v.v}, {b.splat_value(v.ty, x)}")
    inactive = b.op(f"xor {b.mt} {mask}, {_ones(cg.W)}")
    ok = b.op(f"or {b.mt} {same}, {inactive}")
    cg.declare(f"declare i1 @llvm.vector.reduce.and.v{cg.W}i1({b.mt})")
    return b.op(f"call i1 @llvm.vector.reduce.and.v{cg.W}i1({b.mt} {ok})"), x


def _ones(W: int) -> str:
    return "splat (i1 true)"



def _bounds_and_first_lane(W: int, va: str, vi: str, at: str, n: int) -> str:
    """The lines a span helper (load or store) starts with: whether every
    active lane's element lies in the buffer (else to `%oob`), and in `%inb`
    the first active lane's address `%a0` and its offset `%o0` in the span."""
    return f"""  %lim = sub {at} %size, {n}
  %lo = icmp sge {va} %a, zeroinitializer
  %li = insertelement {va} poison, {at} %lim, i64 0
  %ls = shufflevector {va} %li, {va} poison, {vi} zeroinitializer
  %hi = icmp sle {va} %a, %ls
  %in = and <{W} x i1> %lo, %hi
  %ok = and <{W} x i1> %m, %in
  %out = xor <{W} x i1> %in, splat (i1 true)
  %bad = and <{W} x i1> %m, %out
  %anybad = call i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1> %bad)
  br i1 %anybad, label %oob, label %inb
inb:
  %bits = bitcast <{W} x i1> %m to i{W}
  %f = call i{W} @llvm.cttz.i{W}(i{W} %bits, i1 true)
  {_w_to_i32(W, "%f", "%f32")}
  %a0 = extractelement {va} %al, i32 %f32
  %f0 = {"zext" if at == "i64" else "bitcast"} i32 %f32 to {at}
  %o0 = mul {at} %f0, {n}
"""

def _w_to_i32(W: int, src: str, dst: str) -> str:
    """IR text: `dst` = the iW value `src` as an i32."""
    if W == 32:
        return f"{dst} = add i32 {src}, 0"
    return f"{dst} = {'trunc' if W > 32 else 'zext'} i{W} {src} to i32"


# --------------------------------------------------------------------------
# Byte-addressed memory: buffers, groupshared, constant statics


def _byte_load_helper(cg: "Compiler", ty: str, at: str, clip: bool) -> str:
    """@ld.<at>.<ty>(ptr base, <W x at> addr, <W x i1> mask, at size): the
    lanes' values at byte addresses; out of bounds: zero (buffers) or the
    clipped bytes (`clip`)."""
    W = cg.W
    it = _int_of(ty)
    n = SIZES[ty]
    name = f"ld.{'clip' if clip else 'zero'}.{at}.{ty}.w{cg.W}"
    if f"@{name}" in cg.helpers or name in cg.helpers:
        return "@" + name
    vt, va, vi = f"<{W} x {it}>", f"<{W} x {at}>", f"<{W} x i32>"
    iota = "<" + ", ".join(f"{at} {k * n}" for k in range(W)) + ">"
    cg.declare(f"declare {vt} @llvm.masked.gather.v{W}{it}.v{W}p0(<{W} x ptr>, i32, <{W} x i1>, {vt})")
    cg.declare(f"declare {vt} @llvm.masked.load.v{W}{it}.p0(ptr, i32, <{W} x i1>, {vt})")
    cg.declare(f"declare <{W // 2} x {it}> @llvm.masked.load.v{W // 2}{it}.p0(ptr, i32, <{W // 2} x i1>, "
               f"<{W // 2} x {it}>)")
    cg.declare(f"declare i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1>)")
    cg.declare(f"declare i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1>)")
    cg.declare(f"declare i{W} @llvm.cttz.i{W}(i{W}, i1)")
    slow = _clip_helper(cg, ty, at) if clip else None
    # %a: the offsets the bounds are about; %al: where the bytes are (plus
    # %lb, each lane's group's groupshared copy, for memory).
    params = f"ptr %base, {va} %a, {va} %lb, <{W} x i1> %m, {at} %size"
    prologue = f"  %al = add {va} %a, %lb\n"
    if at == "i64":
        params = f"ptr %base, <{W} x i32> %idx, i64 %scale, <{W} x i32> %off, i64 %extra, <{W} x i1> %m, i64 %size"
        prologue = _address_lines(W) + f"  %al = add {va} %a, zeroinitializer\n"
    text = f"""define internal {vt} @{name}({params}) noinline nounwind willreturn memory(argmem: read) {{
entry:
{prologue}{_bounds_and_first_lane(W, va, vi, at, n)}  %nm = xor <{W} x i1> %m, splat (i1 true)
  %ui = insertelement {va} poison, {at} %a0, i64 0
  %us = shufflevector {va} %ui, {va} poison, {vi} zeroinitializer
  %ueq = icmp eq {va} %al, %us
  %ueqm = or <{W} x i1> %ueq, %nm
  %uni = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %ueqm)
  br i1 %uni, label %one, label %contigtest
one:
  %p1 = getelementptr i8, ptr %base, {at} %a0
  %v1 = load {it}, ptr %p1, align 1
  %v1i = insertelement {vt} poison, {it} %v1, i64 0
  %v1s = shufflevector {vt} %v1i, {vt} poison, {vi} zeroinitializer
  ret {vt} %v1s
contigtest:
  %start = sub {at} %a0, %o0
  %si = insertelement {va} poison, {at} %start, i64 0
  %ss = shufflevector {va} %si, {va} poison, {vi} zeroinitializer
  %lin = add {va} %ss, {iota}
  %eq = icmp eq {va} %al, %lin
  %eqm = or <{W} x i1> %eq, %nm
  %contig = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %eqm)
  br i1 %contig, label %vec, label %{"pat" if W >= 8 else "gather"}
vec:
  %p = getelementptr i8, ptr %base, {at} %start
  %rv = call {vt} @llvm.masked.load.v{W}{it}.p0(ptr %p, i32 1, <{W} x i1> %m, {vt} zeroinitializer)
  ret {vt} %rv
{_patterns(W, it, at, n, "load", "gather") if W >= 8 else ""}gather:
  %ps = getelementptr i8, ptr %base, {va} %al
  %rg = call {vt} @llvm.masked.gather.v{W}{it}.v{W}p0(<{W} x ptr> %ps, i32 1, <{W} x i1> %m, {vt} zeroinitializer)
  ret {vt} %rg
oob:
"""
    if clip:
        text += f"""  %rs = call {vt} @{slow}(ptr %base, {va} %a, {va} %lb, <{W} x i1> %m, {at} %size)
  ret {vt} %rs
}}"""
    else:
        text += f"""  %ps2 = getelementptr i8, ptr %base, {va} %al
  %ro = call {vt} @llvm.masked.gather.v{W}{it}.v{W}p0(<{W} x ptr> %ps2, i32 1, <{W} x i1> %ok, {vt} zeroinitializer)
  ret {vt} %ro
}}"""
    cg.helper(name, text)
    return "@" + name


def _patterns(W: int, it: str, at: str, n: int, kind: str, fallback: str) -> str:
    """IR blocks (entered at label %pat) for lanes whose addresses are not
    one run: every k-th element (k = 2 or 4: a field of structs, an
    element of two interleaved arrays), loaded as the span and picked out,
    or, for groupshared memory (`kind` "store-rmw": no other worker sees
    it), stored by reading the span, putting the lanes' values in and
    writing it back; then two runs (each half of the lanes consecutive:
    rows of a tile), as two masked loads or stores.  Else `fallback`.
    Expects %al, %a0, %f0, %f32, %m, %nm, %bits (and %v, %size)."""
    va, vt = f"<{W} x {at}>", f"<{W} x {it}>"
    vi = f"<{W} x i32>"
    lines = ["pat:"]
    if at == "i32":
        lines.append(f"  %lbz0 = icmp eq <{W} x i32> %lb, zeroinitializer")
        lines.append(f"  %lbz = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %lbz0)")
    else:
        lines.append("  %lbz = add i1 true, false")
    lines.append("  br label %k2")
    for k, nxt in ((2, "k4"), (4, "halves")):
        if kind == "store" and at != "i32":
            lines.append(f"k{k}:\n  br label %{nxt}")
            continue
        L = (W - 1) * k + 1
        iota = "<" + ", ".join(f"{at} {j * k * n}" for j in range(W)) + ">"
        pick = "<" + ", ".join(f"i32 {j * k}" for j in range(W)) + ">"
        lines.append(f"""k{k}:
  %o{k} = mul {at} %f0, {k * n}
  %st{k} = sub {at} %a0, %o{k}
  %si{k} = insertelement {va} poison, {at} %st{k}, i64 0
  %ss{k} = shufflevector {va} %si{k}, {va} poison, {vi} zeroinitializer
  %ln{k} = add {va} %ss{k}, {iota}
  %eq{k} = icmp eq {va} %al, %ln{k}
  %em{k} = or <{W} x i1> %eq{k}, %nm
  %c{k} = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %em{k})
  %lo{k} = icmp sge {at} %st{k}, 0
  %end{k} = add {at} %st{k}, {L * n}
  %hi{k} = icmp sle {at} %end{k}, %size
  %b{k}a = and i1 %c{k}, %lo{k}
  %b{k}b = and i1 %b{k}a, %hi{k}
  %b{k} = and i1 %b{k}b, %lbz
  br i1 %b{k}, label %sk{k}, label %{nxt}
sk{k}:
  %sp{k} = getelementptr i8, ptr %base, {at} %st{k}
  %wv{k} = load <{L} x {it}>, ptr %sp{k}, align 1""")
        if kind == "load":
            lines.append(f"""  %rv{k} = shufflevector <{L} x {it}> %wv{k}, <{L} x {it}> poison, {vi} {pick}
  %rz{k} = select <{W} x i1> %m, {vt} %rv{k}, {vt} zeroinitializer
  ret {vt} %rz{k}""")
        else:
            spread = "<" + ", ".join(f"i32 {j // k}" if j % k == 0 else "i32 poison" for j in range(L)) + ">"
            spread_m = "<" + ", ".join(f"i32 {j // k}" if j % k == 0 else f"i32 {W}" for j in range(L)) + ">"
            lines.append(f"""  %ex{k} = shufflevector {vt} %v, {vt} poison, <{L} x i32> {spread}
  %mk{k} = shufflevector <{W} x i1> %m, <{W} x i1> zeroinitializer, <{L} x i32> {spread_m}
  %nv{k} = select <{L} x i1> %mk{k}, <{L} x {it}> %ex{k}, <{L} x {it}> %wv{k}
  store <{L} x {it}> %nv{k}, ptr %sp{k}, align 1
  ret i1 true""")
    H = W // 2
    low = "<" + ", ".join("i1 true" if j < H else "i1 false" for j in range(W)) + ">"
    iota_h = "<" + ", ".join(f"{at} {(j % H) * n}" for j in range(W)) + ">"
    first = "<" + ", ".join(f"i32 {j}" for j in range(H)) + ">"
    second = "<" + ", ".join(f"i32 {j + H}" for j in range(H)) + ">"
    both = "<" + ", ".join(f"i32 {j}" for j in range(W)) + ">"
    vh, th = f"<{H} x i1>", f"<{H} x {it}>"
    lines.append(f"""halves:
  %lowm = and <{W} x i1> %m, {low}
  %highm = xor <{W} x i1> %m, %lowm
  %lbits = bitcast <{W} x i1> %lowm to i{W}
  %hbits = bitcast <{W} x i1> %highm to i{W}
  %fl = call i{W} @llvm.cttz.i{W}(i{W} %lbits, i1 false)
  %fh = call i{W} @llvm.cttz.i{W}(i{W} %hbits, i1 false)
  {_w_to_i32(W, "%fl", "%fl32")}
  {_w_to_i32(W, "%fh", "%fh32")}
  %flc = urem i32 %fl32, {W}
  %fhc = urem i32 %fh32, {W}
  %al0 = extractelement {va} %al, i32 %flc
  %ah0 = extractelement {va} %al, i32 %fhc
  %fl0 = {"zext" if at == "i64" else "bitcast"} i32 %flc to {at}
  %fh0 = {"zext" if at == "i64" else "bitcast"} i32 %fhc to {at}
  %flo = mul {at} %fl0, {n}
  %fhm = urem {at} %fh0, {H}
  %fho = mul {at} %fhm, {n}
  %s0 = sub {at} %al0, %flo
  %s1 = sub {at} %ah0, %fho
  %s0i = insertelement {va} poison, {at} %s0, i64 0
  %s0s = shufflevector {va} %s0i, {va} poison, {vi} zeroinitializer
  %s1i = insertelement {va} poison, {at} %s1, i64 0
  %s1s = shufflevector {va} %s1i, {va} poison, {vi} zeroinitializer
  %sb = select <{W} x i1> {low}, {va} %s0s, {va} %s1s
  %lnh = add {va} %sb, {iota_h}
  %eqh = icmp eq {va} %al, %lnh
  %emh = or <{W} x i1> %eqh, %nm
  %ch = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %emh)
  br i1 %ch, label %two, label %{fallback}
two:
  %hp0 = getelementptr i8, ptr %base, {at} %s0
  %hp1 = getelementptr i8, ptr %base, {at} %s1
  %m0 = shufflevector <{W} x i1> %m, <{W} x i1> poison, <{H} x i32> {first}
  %m1 = shufflevector <{W} x i1> %m, <{W} x i1> poison, <{H} x i32> {second}""")
    if kind == "load":
        lines.append(f"""  %r0 = call {th} @llvm.masked.load.v{H}{it}.p0(ptr %hp0, i32 1, {vh} %m0, {th} zeroinitializer)
  %r1 = call {th} @llvm.masked.load.v{H}{it}.p0(ptr %hp1, i32 1, {vh} %m1, {th} zeroinitializer)
  %rr = shufflevector {th} %r0, {th} %r1, <{W} x i32> {both}
  ret {vt} %rr""")
    else:
        lines.append(f"""  %v0 = shufflevector {vt} %v, {vt} poison, <{H} x i32> {first}
  %v1 = shufflevector {vt} %v, {vt} poison, <{H} x i32> {second}
  call void @llvm.masked.store.v{H}{it}.p0({th} %v0, ptr %hp0, i32 1, {vh} %m0)
  call void @llvm.masked.store.v{H}{it}.p0({th} %v1, ptr %hp1, i32 1, {vh} %m1)
  ret i1 true""")
    return "\n".join(lines) + "\n"


def _address_lines(W: int) -> str:
    """IR lines computing %a = zext(%idx) * %scale + zext(%off) + %extra
    (<W x i64>) in a helper."""
    v64, v32 = f"<{W} x i64>", f"<{W} x i32>"
    return f"""  %ix = zext {v32} %idx to {v64}
  %sci = insertelement {v64} poison, i64 %scale, i64 0
  %scs = shufflevector {v64} %sci, {v64} poison, <{W} x i32> zeroinitializer
  %ixs = mul {v64} %ix, %scs
  %ofx = zext {v32} %off to {v64}
  %exi = insertelement {v64} poison, i64 %extra, i64 0
  %exs = shufflevector {v64} %exi, {v64} poison, <{W} x i32> zeroinitializer
  %a0s = add {v64} %ixs, %ofx
  %a = add {v64} %a0s, %exs
"""


class Address:
    """A buffer element's byte address per lane: zext(index) * scale +
    zext(offset) + extra (index, offset: i32 lanes; offset may be None)."""

    __slots__ = ("index", "scale", "offset", "extra")

    def __init__(self, index: Lanes, scale: int, offset: Lanes | None = None, extra: int = 0) -> None:
        self.index = index
        self.scale = scale
        self.offset = offset
        self.extra = extra

    def plus(self, n: int) -> "Address":
        return Address(self.index, self.scale, self.offset, self.extra + n)


def _address_args(cg: "Compiler", addr: Address) -> str:
    b = cg.body
    idx = addr.index.v
    if addr.index.ty != "i32":
        idx = b.op(f"trunc {b.vt(addr.index.ty)} {idx} to {b.vt('i32')}") if addr.index.ty == "i64" else \
            b.op(f"zext {b.vt(addr.index.ty)} {idx} to {b.vt('i32')}")
    off = addr.offset.v if addr.offset is not None else "zeroinitializer"
    if addr.offset is not None and addr.offset.ty != "i32":
        off = b.op(f"zext {b.vt(addr.offset.ty)} {off} to {b.vt('i32')}")
    return f"{b.vt('i32')} {idx}, i64 {addr.scale}, {b.vt('i32')} {off}, i64 {addr.extra}"


def _linear(cg: "Compiler", addr: Address) -> tuple[str, int] | None:
    lin = linear_address(cg, addr.index, addr.scale, addr.offset)
    if lin is None or not addr.extra:
        return lin
    return cg.body.op(f"add i64 {lin[0]}, {addr.extra}"), lin[1]


def _clip_helper(cg: "Compiler", ty: str, at: str, interleaved: bool = False) -> str:
    """A load whose lanes' bytes are each clipped into [0, size) (the
    interpreter's reading outside a memory object), one lane at a time."""
    W = cg.W
    it = _int_of(ty)
    n = SIZES[ty]
    name = f"ld.slow.{'lanes' if interleaved else 'bytes'}.{at}.{ty}.w{cg.W}"
    if name in cg.helpers:
        return name
    vt, va = f"<{W} x {it}>", f"<{W} x {at}>"
    if interleaved:
        addr = f"""  %w = lshr {at} %c, 2
  %wl = mul {at} %w, {W}
  %wl2 = add {at} %wl, %l{at}
  %wb = mul {at} %wl2, 4
  %sub = and {at} %c, 3
  %bo = add {at} %wb, %sub"""
    else:
        addr = f"  %bo = add {at} %c, %lbl"
    text = f"""define internal {vt} @{name}(ptr %base, {va} %a, {va} %lb, <{W} x i1> %m, {at} %size) noinline nounwind willreturn memory(argmem: read) {{
entry:
  %acc0 = alloca {vt}, align 64
  store {vt} zeroinitializer, ptr %acc0, align 64
  br label %lane
lane:
  %l = phi i32 [ 0, %entry ], [ %l1, %next ]
  %li{at} = {"zext" if at == "i64" else "bitcast"} i32 %l to {at}
  %l{at} = add {at} %li{at}, 0
  %on = extractelement <{W} x i1> %m, i32 %l
  br i1 %on, label %bytes, label %next
bytes:
  %al = extractelement {va} %a, i32 %l
  %lbl = extractelement {va} %lb, i32 %l
  br label %byte
byte:
  %j = phi i32 [ 0, %bytes ], [ %j1, %byte ]
  %v = phi i64 [ 0, %bytes ], [ %v1, %byte ]
  %j{at} = {"zext" if at == "i64" else "bitcast"} i32 %j to {at}
  %c0 = add {at} %al, %j{at}
  %neg = icmp slt {at} %c0, 0
  %c1 = select i1 %neg, {at} 0, {at} %c0
  %max = sub {at} %size, 1
  %big = icmp sgt {at} %c1, %max
  %c = select i1 %big, {at} %max, {at} %c1
{addr}
  %bp = getelementptr i8, ptr %base, {at} %bo
  %byv = load i8, ptr %bp, align 1
  %b64 = zext i8 %byv to i64
  %sh = mul i32 %j, 8
  %sh64 = zext i32 %sh to i64
  %bs = shl i64 %b64, %sh64
  %v1 = or i64 %v, %bs
  %j1 = add i32 %j, 1
  %jm = icmp ult i32 %j1, {n}
  br i1 %jm, label %byte, label %put
put:
  %vt = trunc i64 %v1 to {it}
  %cur = load {vt}, ptr %acc0, align 64
  %new = insertelement {vt} %cur, {it} %vt, i32 %l
  store {vt} %new, ptr %acc0, align 64
  br label %next
next:
  %l1 = add i32 %l, 1
  %lm = icmp ult i32 %l1, {W}
  br i1 %lm, label %lane, label %done
done:
  %r = load {vt}, ptr %acc0, align 64
  ret {vt} %r
}}"""
    if it == "i64":
        text = text.replace("%vt = trunc i64 %v1 to i64", "%vt = add i64 %v1, 0")
    cg.helper(name, text)
    return name


def _byte_store_helper(cg: "Compiler", ty: str, at: str, drop: bool) -> str:
    """@st.<at>.<ty>(ptr base, <W x at> addr, <W x it> value, <W x i1>
    mask, at size) -> i1: out-of-bounds lanes are dropped; the result:
    every active lane in bounds, or with `drop` (buffers), whether any
    lane stored."""
    W = cg.W
    it = _int_of(ty)
    n = SIZES[ty]
    name = f"st.{at}.{ty}.{'d' if drop else 'k'}.w{cg.W}"
    if name in cg.helpers:
        return "@" + name
    vt, va, vi = f"<{W} x {it}>", f"<{W} x {at}>", f"<{W} x i32>"
    iota = "<" + ", ".join(f"{at} {k * n}" for k in range(W)) + ">"
    cg.declare(f"declare void @llvm.masked.scatter.v{W}{it}.v{W}p0({vt}, <{W} x ptr>, i32, <{W} x i1>)")
    cg.declare(f"declare void @llvm.masked.store.v{W}{it}.p0({vt}, ptr, i32, <{W} x i1>)")
    cg.declare(f"declare void @llvm.masked.store.v{W // 2}{it}.p0(<{W // 2} x {it}>, ptr, i32, <{W // 2} x i1>)")
    cg.declare(f"declare i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1>)")
    cg.declare(f"declare i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1>)")
    cg.declare(f"declare i{W} @llvm.cttz.i{W}(i{W}, i1)")
    params = f"ptr %base, {va} %a, {va} %lb, {vt} %v, <{W} x i1> %m, {at} %size"
    prologue = f"  %al = add {va} %a, %lb\n"
    if at == "i64":
        params = (f"ptr %base, <{W} x i32> %idx, i64 %scale, <{W} x i32> %off, i64 %extra, {vt} %v, <{W} x i1> %m, "
                  f"i64 %size")
        prologue = _address_lines(W) + f"  %al = add {va} %a, zeroinitializer\n"
    any_line = f"%anyok = call i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1> %ok)" if drop else ""
    text = f"""define internal i1 @{name}({params}) noinline {{
entry:
{prologue}{_bounds_and_first_lane(W, va, vi, at, n)}  %start = sub {at} %a0, %o0
  %si = insertelement {va} poison, {at} %start, i64 0
  %ss = shufflevector {va} %si, {va} poison, {vi} zeroinitializer
  %lin = add {va} %ss, {iota}
  %eq = icmp eq {va} %al, %lin
  %nm = xor <{W} x i1> %m, splat (i1 true)
  %eqm = or <{W} x i1> %eq, %nm
  %contig = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %eqm)
  br i1 %contig, label %vec, label %{"pat" if W >= 8 else "scatter"}
vec:
  %p = getelementptr i8, ptr %base, {at} %start
  call void @llvm.masked.store.v{W}{it}.p0({vt} %v, ptr %p, i32 1, <{W} x i1> %m)
  ret i1 true
{_patterns(W, it, at, n, "store", "scatter") if W >= 8 else ""}scatter:
  %ps = getelementptr i8, ptr %base, {va} %al
  call void @llvm.masked.scatter.v{W}{it}.v{W}p0({vt} %v, <{W} x ptr> %ps, i32 1, <{W} x i1> %m)
  ret i1 true
oob:
  %ps2 = getelementptr i8, ptr %base, {va} %al
  call void @llvm.masked.scatter.v{W}{it}.v{W}p0({vt} %v, <{W} x ptr> %ps2, i32 1, <{W} x i1> %ok)
  {any_line}
  ret i1 {"%anyok" if drop else "false"}
}}"""
    cg.helper(name, text)
    return "@" + name


def _linear_branch(cg: "Compiler", first: str, step: int, n: int, size: str, fast: Any, slow: Any,
                   result: str | None) -> str | None:
    """Where the lanes' byte offsets are linear (first, first + step, ...:
    `first` an i64, checked in [0, size - n] at both ends), run `fast(first)`;
    else `slow()`.  Both return a value of type `result` (or None)."""
    b = cg.body
    last = b.op(f"add i64 {first}, {(cg.W - 1) * step}")
    lo, hi = (first, last) if step >= 0 else (last, first)
    ok1 = b.op(f"icmp sge i64 {lo}, 0")
    end = b.op(f"add i64 {hi}, {n}")
    ok2 = b.op(f"icmp sle i64 {end}, {size}")
    ok = b.op(f"and i1 {ok1}, {ok2}")
    yes, no, join = b.label_name("lin"), b.label_name("lanes"), b.label_name("linj")
    b.cbr(ok, yes, no)
    b.label(yes)
    v1 = fast(first)
    end1 = b.current
    b.br(join)
    b.label(no)
    v2 = slow()
    end2 = b.current
    b.br(join)
    b.label(join)
    if result is None:
        return None
    return b.op(f"phi {result} [ {v1}, %{end1} ], [ {v2}, %{end2} ]")


def _fast_load(cg: "Compiler", base: str, it: str, step: int) -> Any:
    b = cg.body

    def fast(first: str) -> str:
        p = b.op(f"getelementptr i8, ptr {base}, i64 {first}")
        if step == 0:
            return b.splat_value(it, b.op(f"load {it}, ptr {p}, align 1"))
        return b.op(f"load {b.vt(it)}, ptr {p}, align 1")
    return fast


def linear_address(cg: "Compiler", index: Lanes, scale: int, offset: Lanes | None) -> tuple[str, int] | None:
    """A buffer address `zext(index) * scale + zext(offset)` when it is
    linear in the lane: (the first lane's address (i64), the step in
    bytes), or None; an index that would wrap past 2^32 across the wave
    gives an address out of range (so the lanes' own path runs)."""
    if index.lin is None or index.ty != "i32" or (offset is not None and (offset.lin is None or offset.lin[1] != 0
                                                                           or offset.ty != "i32")):
        return None
    b = cg.body
    base, step = index.lin
    b64 = b.op(f"zext i32 {base} to i64")
    last = b.op(f"add i64 {b64}, {(cg.W - 1) * step}")
    wraps = b.op(f"icmp ugt i64 {last}, 4294967295")
    first = b.op(f"mul i64 {b64}, {scale}")
    if offset is not None:
        first = b.op(f"add i64 {first}, {b.op(f'zext i32 {offset.lin[0]} to i64')}")
    # A wrapping index: an address no buffer reaches (the lanes' path then runs).
    first = b.op(f"select i1 {wraps}, i64 -4611686018427387904, i64 {first}")
    return first, step * scale


def buffer_load(cg: "Compiler", res_index: int, addr: Address, ty: str, mask: str) -> Lanes:
    """Lanes of `ty` read at a resource's byte addresses; zero outside it
    and in inactive lanes."""
    b = cg.body
    base, size = resource_base(cg, res_index)
    fn = _byte_load_helper(cg, ty, "i64", clip=False)
    it = _int_of(ty)

    def slow() -> str:
        return b.op(f"call {b.vt(it)} {fn}(ptr {base}, {_address_args(cg, addr)}, {b.mt} {mask}, i64 {size})")
    n = SIZES[ty] if ty != "i1" else 1
    lin = _linear(cg, addr)
    if lin is not None and lin[1] in (0, n):
        r = _linear_branch(cg, lin[0], lin[1], n, size, _fast_load(cg, base, it, lin[1]), slow, b.vt(it))
    else:
        r = slow()
    return Lanes(ty, _from_bits(b, ty, r))


def buffer_store(cg: "Compiler", res_index: int, addr: Address, value: Lanes, mask: str) -> None:
    """Lanes' values written at a resource's byte addresses; out of
    bounds dropped."""
    b = cg.body
    base, size = resource_base(cg, res_index)
    fn = _byte_store_helper(cg, value.ty, "i64", drop=True)
    it = _int_of(value.ty)
    bits = _to_bits(b, value.ty, value.v)

    def slow() -> str:
        return b.op(f"call i1 {fn}(ptr {base}, {_address_args(cg, addr)}, {b.vt(it)} {bits}, {b.mt} {mask}, "
                    f"i64 {size})")
    n = SIZES[value.ty] if value.ty != "i1" else 1
    lin = _linear(cg, addr)
    if lin is not None and lin[1] == n:
        store = _fast_store(cg, base, it, bits, mask)

        def fast(first: str) -> str:
            store(first)
            return "true"
        stored = _linear_branch(cg, lin[0], n, n, size, fast, slow, "i1")
    else:
        stored = slow()
    mark_written(cg, res_index, stored)


def mark_written(cg: "Compiler", res_index: int, cond: str = "true") -> None:
    """The resource's flag that the dispatch stored into it (`hlslc run`
    prints the buffers a dispatch wrote), set when `cond` holds."""
    b = cg.body
    flag = b.gep("%ctx", CTX_RESOURCES + RESOURCE_SIZE * res_index + 24)
    if cond == "true":
        b.emit(f"store atomic i32 1, ptr {flag} monotonic, align 4")
        return
    yes, done = b.label_name("wr"), b.label_name("wrd")
    b.cbr(cond, yes, done)
    b.label(yes)
    b.emit(f"store atomic i32 1, ptr {flag} monotonic, align 4")
    b.br(done)
    b.label(done)


def _fast_store(cg: "Compiler", base: str, it: str, bits: str, mask: str) -> Any:
    b = cg.body
    W = cg.W
    cg.declare(f"declare void @llvm.masked.store.v{W}{it}.p0({b.vt(it)}, ptr, i32, {b.mt})")

    def fast(first: str) -> None:
        p = b.op(f"getelementptr i8, ptr {base}, i64 {first}")
        b.emit(f"call void @llvm.masked.store.v{W}{it}.p0({b.vt(it)} {bits}, ptr {p}, i32 1, {b.mt} {mask})")
    return fast


def resource_base(cg: "Compiler", res_index: int) -> tuple[str, str]:
    """A resource's data pointer and byte size, read from the context once
    per function."""
    cache = cg.linalg_state.setdefault("res.base", {})
    key = (res_index, id(cg.body))
    if key in cache:
        return cache[key]
    b = cg.body
    # Loaded in the entry block: insert there.
    off = CTX_RESOURCES + RESOURCE_SIZE * res_index
    p = f"%res{res_index}.p"
    s = f"%res{res_index}.n"
    at = b.lines.index("entry:") + 1
    b.lines.insert(at, f"  {s} = load i64, ptr {s}.a, align 8")
    b.lines.insert(at, f"  {s}.a = getelementptr i8, ptr %ctx, i64 {off + 8}")
    b.lines.insert(at, f"  {p} = load ptr, ptr {p}.a, align 8")
    b.lines.insert(at, f"  {p}.a = getelementptr i8, ptr %ctx, i64 {off}")
    cache[key] = (p, s)
    return p, s


# --------------------------------------------------------------------------
# IR loads and stores on memory objects


def _object_base(cg: "Compiler", root: Root) -> tuple[str, int]:
    b = cg.body
    if root.kind == "shared":
        return b.gep("%shared", root.offset), root.size
    if root.kind == "const":
        return root.global_name, root.size
    return b.gep(cg.fp, root.offset), root.size


def lane_base(cg: "Compiler", root: Root) -> str:
    """Where each lane's copy of a memory object starts, past `base`: the
    groupshared copy of the lane's group when a vector holds several
    groups (`Plan.k`), else nothing."""
    if root.kind != "shared" or cg.plan.k == 1:
        return "zeroinitializer"
    b = cg.body
    return b.op(f"mul {b.vt('i32')} {cg.gin.v}, splat (i32 {cg.shared_stride})")


def load_scalar(cg: "Compiler", root: Root, off: Lanes, delta: int, t: MemoryType) -> Lanes:
    b = cg.body
    ty = t.text
    a = off.v if not delta else b.op(f"add {b.vt('i32')} {off.v}, splat (i32 {delta})")
    base, size = _object_base(cg, root)
    it = _int_of(ty)
    if root.kind == "private":
        fn = _lane_load_helper(cg, ty)
        args = f"ptr {base}, {b.vt('i32')} {a}"
    else:
        fn = _byte_load_helper(cg, ty, "i32", clip=True)
        args = f"ptr {base}, {b.vt('i32')} {a}, {b.vt('i32')} {lane_base(cg, root)}"

    def slow() -> str:
        return b.op(f"call {b.vt(it)} {fn}({args}, {b.mt} {cg.mask}, i32 {size})")
    n = SIZES[ty] if ty != "i1" else 1
    if root.kind != "private" and off.lin is not None and off.lin[1] in (0, n) and lane_base(cg, root) == \
            "zeroinitializer":
        first = b.op(f"sext i32 {b.op(f'add i32 {off.lin[0]}, {delta}')} to i64")
        r = _linear_branch(cg, first, off.lin[1], n, str(size), _fast_load(cg, base, it, off.lin[1]), slow, b.vt(it))
    else:
        r = slow()
    return Lanes(ty, _from_bits(b, ty, r))


def store_scalar(cg: "Compiler", root: Root, off: Lanes, delta: int, t: MemoryType, value: Lanes,
                 ins: Any) -> None:
    b = cg.body
    ty = t.text
    a = off.v if not delta else b.op(f"add {b.vt('i32')} {off.v}, splat (i32 {delta})")
    base, size = _object_base(cg, root)
    it = _int_of(ty)
    bits = _to_bits(b, ty, value.v)
    if root.kind == "private":
        fn = _lane_store_helper(cg, ty)
        args = f"ptr {base}, {b.vt('i32')} {a}"
    else:
        fn = _byte_store_helper(cg, ty, "i32", drop=False)
        args = f"ptr {base}, {b.vt('i32')} {a}, {b.vt('i32')} {lane_base(cg, root)}"

    def slow() -> str:
        return b.op(f"call i1 {fn}({args}, {b.vt(it)} {bits}, {b.mt} {cg.mask}, i32 {size})")
    n = SIZES[ty] if ty != "i1" else 1
    if root.kind != "private" and off.lin is not None and off.lin[1] == n and lane_base(cg, root) == \
            "zeroinitializer":
        first = b.op(f"sext i32 {b.op(f'add i32 {off.lin[0]}, {delta}')} to i64")
        store = _fast_store(cg, base, it, bits, cg.mask)

        def fast(f: str) -> str:
            store(f)
            return "true"
        ok = _linear_branch(cg, first, n, n, str(size), fast, slow, "i1")
    else:
        ok = slow()
    bad = b.op(f"xor i1 {ok}, true")
    cg.fail_if(bad, cg.error(f"a store outside '{root.name}'", ins.line))


def _lane_load_helper(cg: "Compiler", ty: str) -> str:
    """@ld.lanes.<ty>: per-lane memory (word w of lane l at (w*W + l)*4)."""
    W = cg.W
    it = _int_of(ty)
    n = SIZES[ty]
    name = f"ld.lanes.{ty}.w{cg.W}"
    if name in cg.helpers:
        return "@" + name
    vt, vi = f"<{W} x {it}>", f"<{W} x i32>"
    lane4 = "<" + ", ".join(f"i32 {4 * k}" for k in range(W)) + ">"
    cg.declare(f"declare {vi} @llvm.masked.gather.v{W}i32.v{W}p0(<{W} x ptr>, i32, <{W} x i1>, {vi})")
    cg.declare(f"declare i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1>)")
    cg.declare(f"declare i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1>)")
    cg.declare(f"declare i{W} @llvm.cttz.i{W}(i{W}, i1)")
    slow = _clip_helper(cg, ty, "i32", interleaved=True)
    fits = f"%fit = icmp ule {vi} %end, splat (i32 4)" if n <= 4 else f"%fit = icmp eq {vi} %sub, zeroinitializer"
    words = ["w0"] if n <= 4 else ["w0", "w1"]
    loads = []
    for k, w in enumerate(words):
        loads.append(f"""  %wi{k} = add {vi} %w, splat (i32 {k})
  %wu{k} = extractelement {vi} %wi{k}, i32 %f32
  %wlin{k} = mul i32 %wu{k}, {W * 4}
  %pu{k} = getelementptr i8, ptr %base, i32 %wlin{k}
  %{w}u = load {vi}, ptr %pu{k}, align 4
  %wb{k} = mul {vi} %wi{k}, splat (i32 {W * 4})
  %wo{k} = add {vi} %wb{k}, {lane4}
  %pg{k} = getelementptr i8, ptr %base, {vi} %wo{k}
  %{w}g = call {vi} @llvm.masked.gather.v{W}i32.v{W}p0(<{W} x ptr> %pg{k}, i32 4, <{W} x i1> %m, {vi} zeroinitializer)
  %{w} = select i1 %uni, {vi} %{w}u, {vi} %{w}g""")
    if n == 8:
        combine = f"""  %lo64 = zext {vi} %w0 to {vt}
  %hi64 = zext {vi} %w1 to {vt}
  %hs = shl {vt} %hi64, splat (i64 32)
  %r = or {vt} %lo64, %hs"""
    elif n == 4:
        combine = f"  %r = add {vi} %w0, zeroinitializer"
    else:
        combine = f"""  %sh = mul {vi} %sub, splat (i32 8)
  %sw = lshr {vi} %w0, %sh
  %r = trunc {vi} %sw to {vt}"""
    text = f"""define internal {vt} @{name}(ptr %base, {vi} %a, <{W} x i1> %m, i32 %size) {{
entry:
  %lim = sub i32 %size, {n}
  %lo = icmp sge {vi} %a, zeroinitializer
  %li = insertelement {vi} poison, i32 %lim, i64 0
  %ls = shufflevector {vi} %li, {vi} poison, {vi} zeroinitializer
  %hi = icmp sle {vi} %a, %ls
  %sub = and {vi} %a, splat (i32 3)
  %end = add {vi} %sub, splat (i32 {n})
  {fits}
  %in0 = and <{W} x i1> %lo, %hi
  %in = and <{W} x i1> %in0, %fit
  %out = xor <{W} x i1> %in, splat (i1 true)
  %bad = and <{W} x i1> %m, %out
  %anybad = call i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1> %bad)
  br i1 %anybad, label %oob, label %inb
inb:
  %w = lshr {vi} %a, splat (i32 2)
  %bits = bitcast <{W} x i1> %m to i{W}
  %f = call i{W} @llvm.cttz.i{W}(i{W} %bits, i1 true)
  {_w_to_i32(W, "%f", "%f32")}
  %wf = extractelement {vi} %w, i32 %f32
  %wfi = insertelement {vi} poison, i32 %wf, i64 0
  %wfs = shufflevector {vi} %wfi, {vi} poison, {vi} zeroinitializer
  %eq = icmp eq {vi} %w, %wfs
  %nm = xor <{W} x i1> %m, splat (i1 true)
  %eqm = or <{W} x i1> %eq, %nm
  %uni = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %eqm)
{chr(10).join(loads)}
{combine}
  ret {vt} %r
oob:
  %rs = call {vt} @{slow}(ptr %base, {vi} %a, <{W} x i1> %m, i32 %size)
  ret {vt} %rs
}}"""
    cg.helper(name, text)
    return "@" + name


def _lane_store_helper(cg: "Compiler", ty: str) -> str:
    W = cg.W
    it = _int_of(ty)
    n = SIZES[ty]
    name = f"st.lanes.{ty}.w{cg.W}"
    if name in cg.helpers:
        return "@" + name
    vt, vi = f"<{W} x {it}>", f"<{W} x i32>"
    lane4 = "<" + ", ".join(f"i32 {4 * k}" for k in range(W)) + ">"
    cg.declare(f"declare void @llvm.masked.scatter.v{W}{it}.v{W}p0({vt}, <{W} x ptr>, i32, <{W} x i1>)")
    cg.declare(f"declare void @llvm.masked.scatter.v{W}i32.v{W}p0({vi}, <{W} x ptr>, i32, <{W} x i1>)")
    cg.declare(f"declare i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1>)")
    fits = f"%fit = icmp ule {vi} %end, splat (i32 4)" if n <= 4 else f"%fit = icmp eq {vi} %sub, zeroinitializer"
    if n == 8:
        body = f"""  %lo32 = trunc {vt} %v to {vi}
  %hs = lshr {vt} %v, splat (i64 32)
  %hi32 = trunc {vt} %hs to {vi}
  %p0 = getelementptr i8, ptr %base, {vi} %wo
  call void @llvm.masked.scatter.v{W}i32.v{W}p0({vi} %lo32, <{W} x ptr> %p0, i32 4, <{W} x i1> %m)
  %wo1 = add {vi} %wo, splat (i32 {W * 4})
  %p1 = getelementptr i8, ptr %base, {vi} %wo1
  call void @llvm.masked.scatter.v{W}i32.v{W}p0({vi} %hi32, <{W} x ptr> %p1, i32 4, <{W} x i1> %m)"""
    else:
        body = f"""  %bo = add {vi} %wo, %sub
  %p0 = getelementptr i8, ptr %base, {vi} %bo
  call void @llvm.masked.scatter.v{W}{it}.v{W}p0({vt} %v, <{W} x ptr> %p0, i32 1, <{W} x i1> %m)"""
    text = f"""define internal i1 @{name}(ptr %base, {vi} %a, {vt} %v, <{W} x i1> %m, i32 %size) {{
entry:
  %lim = sub i32 %size, {n}
  %lo = icmp sge {vi} %a, zeroinitializer
  %li = insertelement {vi} poison, i32 %lim, i64 0
  %ls = shufflevector {vi} %li, {vi} poison, {vi} zeroinitializer
  %hi = icmp sle {vi} %a, %ls
  %sub = and {vi} %a, splat (i32 3)
  %end = add {vi} %sub, splat (i32 {n})
  {fits}
  %in0 = and <{W} x i1> %lo, %hi
  %in = and <{W} x i1> %in0, %fit
  %out = xor <{W} x i1> %in, splat (i1 true)
  %bad = and <{W} x i1> %m, %out
  %anybad = call i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1> %bad)
  br i1 %anybad, label %oob, label %inb
inb:
  %w = lshr {vi} %a, splat (i32 2)
  %wb = mul {vi} %w, splat (i32 {W * 4})
  %wo = add {vi} %wb, {lane4}
{body}
  ret i1 true
oob:
  ret i1 false
}}"""
    cg.helper(name, text)
    return "@" + name


# --------------------------------------------------------------------------
# Atomics: one lane at a time, in lane order

_RMW = {"add": "add", "sub": "sub", "and": "and", "or": "or", "xor": "xor", "max": "max", "min": "min",
        "umax": "umax", "umin": "umin", "xchg": "xchg"}


def _combine(kind: str, old: str, v: str, ty: str) -> tuple[list[str], str]:
    """IR lines computing an atomic's new value from `old` and `v`."""
    if kind in ("add", "sub", "and", "or", "xor"):
        return [f"  %new = {kind} {ty} {old}, {v}"], "%new"
    if kind in ("max", "min", "imax", "imin", "umax", "umin"):
        pred = {"max": "sgt", "imax": "sgt", "min": "slt", "imin": "slt", "umax": "ugt", "umin": "ult"}[kind]
        return [f"  %cmp = icmp {pred} {ty} {old}, {v}", f"  %new = select i1 %cmp, {ty} {old}, {ty} {v}"], "%new"
    if kind == "xchg":
        return [], v
    raise RunError(f"unknown atomic operation '{kind}'")


def _atomic_helper(cg: "Compiler", kind: str, ty: str, at: str, interleaved: bool, shared_atomic: bool,
                   cmpxchg: bool) -> str:
    """@atomic.<kind>...(ptr base, <W x at> addr, <W x ty> v, <W x ty> cmp,
    <W x i1> m, at size, ptr ok) -> <W x ty> old: each active lane in turn;
    a lane outside [0, size) is skipped (returns 0) and clears *ok."""
    W = cg.W
    name = f"atomic.{kind}.{ty}.{at}.{'l' if interleaved else 'b'}.{'a' if shared_atomic else 'p'}.w{cg.W}" + \
        (".cx" if cmpxchg else "")
    if name in cg.helpers:
        return "@" + name
    vt, va = f"<{W} x {ty}>", f"<{W} x {at}>"
    n = SIZES[ty]
    if interleaved:
        addr = f"""  %w = lshr {at} %al, 2
  %wl = mul {at} %w, {W}
  %wl2 = add {at} %wl, %lat
  %bo = mul {at} %wl2, 4"""
    elif at == "i64":
        addr = f"  %bo = add {at} %al, 0"
    else:
        addr = f"  %lbl = extractelement {va} %lb, i32 %l\n  %bo = add {at} %al, %lbl"
    if cmpxchg:
        if shared_atomic:
            op_lines = [f"  %cx = cmpxchg ptr %p, {ty} %cl, {ty} %vl seq_cst seq_cst, align {n}",
                        f"  %old = extractvalue {{ {ty}, i1 }} %cx, 0"]
        else:
            op_lines = [f"  %old = load {ty}, ptr %p, align {min(n, 4)}",
                        f"  %eqc = icmp eq {ty} %old, %cl",
                        f"  %new = select i1 %eqc, {ty} %vl, {ty} %old",
                        f"  store {ty} %new, ptr %p, align {min(n, 4)}"]
    elif shared_atomic:
        op_lines = [f"  %old = atomicrmw {_RMW[kind]} ptr %p, {ty} %vl seq_cst, align {n}"]
    else:
        lines, new = _combine(kind, "%old", "%vl", ty)
        op_lines = [f"  %old = load {ty}, ptr %p, align {min(n, 4)}"] + lines + \
            [f"  store {ty} {new}, ptr %p, align {min(n, 4)}"]
    params = f"ptr %base, {va} %a, {va} %lb, {vt} %v, {vt} %c, <{W} x i1> %m, {at} %size, ptr %ok"
    prologue = ""
    if at == "i64":
        params = (f"ptr %base, <{W} x i32> %idx, i64 %scale, <{W} x i32> %off, i64 %extra, {vt} %v, {vt} %c, "
                  f"<{W} x i1> %m, i64 %size, ptr %ok")
        prologue = _address_lines(W)
    text = f"""define internal {vt} @{name}({params}) {{
entry:
{prologue}  %acc = alloca {vt}, align 64
  store {vt} zeroinitializer, ptr %acc, align 64
  br label %lane
lane:
  %l = phi i32 [ 0, %entry ], [ %l1, %next ]
  %on = extractelement <{W} x i1> %m, i32 %l
  br i1 %on, label %do, label %next
do:
  %al = extractelement {va} %a, i32 %l
  %lat = {"zext" if at == "i64" else "bitcast"} i32 %l to {at}
  %neg = icmp slt {at} %al, 0
  %lim = sub {at} %size, {n}
  %big = icmp sgt {at} %al, %lim
  %out = or i1 %neg, %big
  br i1 %out, label %skip, label %inb
skip:
  store i1 false, ptr %ok, align 1
  br label %next
inb:
{addr}
  %p = getelementptr i8, ptr %base, {at} %bo
  %vl = extractelement {vt} %v, i32 %l
  %cl = extractelement {vt} %c, i32 %l
{chr(10).join(op_lines)}
  %cur = load {vt}, ptr %acc, align 64
  %upd = insertelement {vt} %cur, {ty} %old, i32 %l
  store {vt} %upd, ptr %acc, align 64
  br label %next
next:
  %l1 = add i32 %l, 1
  %more = icmp ult i32 %l1, {W}
  br i1 %more, label %lane, label %done
done:
  %r = load {vt}, ptr %acc, align 64
  ret {vt} %r
}}"""
    cg.helper(name, text)
    return "@" + name


def llvm_atomic(cg: "Compiler", ins: Any, p: Any) -> Any:
    """atomicrmw/cmpxchg on groupshared (or per-lane) memory: each active
    lane in turn, in lane order; the old values (cmpxchg: and whether each
    exchanged)."""
    b = cg.body
    ptr = cg.arg(p.operands[0])
    if not isinstance(ptr, PtrV) or ptr.root.kind not in ("shared", "private"):
        raise Unsupported("an atomic on memory that is not groupshared", ins.line)
    cmpxchg = ins.opcode == "cmpxchg"
    kind = "xchg" if cmpxchg else p.extra
    if kind not in _RMW:
        raise Unsupported(f"the atomic operation '{kind}'", ins.line)
    value = cg.arg(p.operands[-1])
    cmp = cg.arg(p.operands[1]) if cmpxchg else value
    ty = value.ty
    it = _int_of(ty)
    if ty not in INT_BITS or ty == "i1":
        raise Unsupported(f"an atomic on '{ty}'", ins.line)
    base, size = _object_base(cg, ptr.root)
    fn = _atomic_helper(cg, kind, ty, "i32", ptr.root.kind == "private", False, cmpxchg)
    okp = _ok_flag(cg)
    old = b.op(f"call {b.vt(ty)} {fn}(ptr {base}, {b.vt('i32')} {ptr.off.v}, {b.vt('i32')} {lane_base(cg, ptr.root)}, "
               f"{b.vt(ty)} {value.v}, "
               f"{b.vt(ty)} {cmp.v}, {b.mt} {cg.mask}, i32 {size}, ptr {okp})")
    ok = b.load("i1", okp, 1)
    cg.fail_if(b.op(f"xor i1 {ok}, true"), cg.error(f"an atomic outside '{ptr.root.name}'", ins.line))
    if cmpxchg:
        same = b.op(f"icmp eq {b.vt(ty)} {old}, {cmp.v}")
        return Agg([Lanes(ty, old), Lanes("i1", same)])
    return Lanes(ty, old)


def _ok_flag(cg: "Compiler") -> str:
    """A byte in the entry block, set to true, that a helper clears."""
    b = cg.body
    p = b.tmp("okp")
    at = b.lines.index("entry:") + 1
    b.lines.insert(at, f"  {p} = alloca i1, align 1")
    b.store("i1", "true", p, 1)
    return p


def buffer_atomic(cg: "Compiler", res_index: int, addr: Address, kind: str, value: Lanes, cmp: Lanes | None,
                  mask: str) -> Lanes:
    """A dx.op atomic on a resource at byte addresses (<W x i64>): each
    active lane in turn, as a real atomic (other workers run other groups);
    out of bounds: skipped, the old value 0."""
    b = cg.body
    base, size = resource_base(cg, res_index)
    ty = value.ty
    fn = _atomic_helper(cg, kind, ty, "i64", False, True, cmp is not None)
    okp = _ok_flag(cg)
    c = cmp.v if cmp is not None else value.v
    old = b.op(f"call {b.vt(ty)} {fn}(ptr {base}, {_address_args(cg, addr)}, {b.vt(ty)} {value.v}, {b.vt(ty)} {c}, "
               f"{b.mt} {mask}, i64 {size}, ptr {okp})")
    mark_written(cg, res_index, b.op(f"icmp ne {b.iw} {b.mask_bits(mask)}, 0"))
    return Lanes(ty, old)
