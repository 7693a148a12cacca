"""The `dx.op` operations the JIT runs (all but textures and the matrices of
`linalg`), each as the interpreter's handler of the same name in
`hlslc.runner.ops` computes it: thread ids, handles (resolved to the
dispatch's resources when the module is compiled), buffer and
constant-buffer access, counters, atomics, barriers (a synchronisation
point of the group), the math library, and wave and quad operations over
the active lanes, with numpy's order for floating-point reductions (the
pairwise sum, sequential products, minima and prefixes).

Each handler takes (compiler, instruction, operation, arguments, mask)
and returns the call's value (`Lanes`, an `Agg` for the `dx.types`
structs, a `HandleV`, or None); it writes its LLVM IR through the
compiler's body.

Owns: the registration of these handlers in `compiler.OPERATIONS`, and
`resolve_handle` (a handle-making call's resource).  Does not own: memory
access (`memory`), matrices (`linalg`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ...dxil.operands import constant_value
from ...dxil.types import IRError
from ..errors import RunError
from .base import CTX_RESOURCES, OPERATIONS, RESOURCE_SIZE, Dynamic, HandleV, Unsupported, maker, op
from .emit import FLOATS, INT_BITS, SIZES, Agg, Lanes, llvm_const
from .mathlib import UFUNCS, call_loop
from .memory import Address, buffer_atomic, buffer_load, buffer_store, first_active, mark_written, resource_base

if TYPE_CHECKING:
    from .compiler import Compiler

_CLASSES = {0: "t", 1: "u", 2: "b", 3: "s"}
_FORMAT_TYPES = {np.dtype(np.float16): "half", np.dtype(np.float32): "float", np.dtype(np.float64): "double",
                 np.dtype(np.int8): "i8", np.dtype(np.uint8): "i8", np.dtype(np.int16): "i16",
                 np.dtype(np.uint16): "i16", np.dtype(np.int32): "i32", np.dtype(np.uint32): "i32",
                 np.dtype(np.int64): "i64", np.dtype(np.uint64): "i64"}


def _overload(ins: Any) -> str:
    suffix = ins.callee.rsplit(".", 1)[-1]
    return {"f16": "half", "f32": "float", "f64": "double", "i1": "i1", "i8": "i8", "i16": "i16", "i32": "i32",
            "i64": "i64"}.get(suffix, "i32")


def _const(v: Any, what: str, line: int | None) -> int:
    if not isinstance(v, Lanes) or v.const is None:
        raise Unsupported(f"{what} that is not a constant", line)
    return int(v.const)


# --------------------------------------------------------------------------
# Handles


@maker("CreateHandle", "CreateHandleFromBinding", "CreateHandleFromHeap")
def resolve_handle(cg: Compiler, ins: Any, o: Any) -> HandleV:
    """The resource a CreateHandle* call names; with an index known only at
    run time, the resources of the registers it may name (`Dynamic`)."""
    args = ins.args[1:]
    at = {"CreateHandle": 2, "CreateHandleFromBinding": 1}.get(o.name, 0)
    dynamic = args[at].const is None

    def const(k: int) -> int:
        c = args[k].const
        if c is None:
            raise Unsupported(f"{o.name} with a {('binding' if k != at else 'resource index')} that is not a constant",
                              ins.line)
        return c

    try:
        if o.name == "CreateHandle":
            cls = _CLASSES[const(0)]
            range_id = const(1)
            records = cg.binding.resource_records()[cls]
            rec = next((r for r in records if cg.mod.md_int(r[0]) == range_id), None)
            if rec is None:
                raise RunError(f"createHandle names resource range {range_id} of class '{cls}', which "
                               "!dx.resources does not list", ins.line)
            space = cg.mod.md_int(rec[3])
            place = (cls, space)
        elif o.name == "CreateHandleFromBinding":
            parts = _struct_ints(cg, args[0])
            if parts is None:
                raise Unsupported("CreateHandleFromBinding with a binding that is not a constant", ins.line)
            place = (_CLASSES[parts[3]], parts[2])
        else:
            sampler = args[1].const if len(args) > 1 else 0
            place = ("sampler heap" if sampler else "heap", 0)
        if dynamic:
            return _dynamic_handle(cg, ins, o, place)
        key = place + (const(at),)
        res = cg.binding.resource_at(*key, ins.line)
    except RunError as err:
        return HandleV(None, None, err.message)
    if res.kind in ("SamplerState", "SamplerComparisonState") or res.sampler is not None:
        raise Unsupported("samplers", ins.line)
    return HandleV(res, cg.resource_index(res, key))


_MOST_CHOICES = 16


def _dynamic_handle(cg: Compiler, ins: Any, o: Any, place: tuple[str, int]) -> HandleV:
    """The registers of `place` (class, space) the pipeline binds, each a
    resource a run-time index may choose."""
    cls, space = place
    choices = []
    for key in sorted(k for k in cg.binding.resources if k[:2] == place):
        res = cg.binding.resources[key]
        if res.kind in ("SamplerState", "SamplerComparisonState") or res.sampler is not None:
            raise Unsupported("samplers", ins.line)
        choices.append((key[2], HandleV(res, cg.resource_index(res, key))))
    if len(choices) > _MOST_CHOICES:
        raise Unsupported(f"{o.name} with a run-time index into more than {_MOST_CHOICES} bound resources",
                          ins.line)
    if cls in ("heap", "sampler heap"):
        what = "SamplerDescriptorHeap" if cls == "sampler heap" else "ResourceDescriptorHeap"
        missing = f"the shader reads {what}[{{detail}}], but no resource of the pipeline has HeapIndex {{detail}}" + \
            (" (a sampler)" if cls == "sampler heap" else "")
    else:
        missing = (f"the shader uses register {cls}{{detail}}, space{space}, but the pipeline binds no "
                   f"{'sampler' if cls == 's' else 'buffer'} there")
    return HandleV(None, None, None, Dynamic(choices, missing))

def _struct_ints(cg: Compiler, operand: Any) -> list[int] | None:
    """The fields of a constant struct of integers (a binding record), read
    by the one reader of constants; None when it is not one."""
    try:
        fields = constant_value(cg.tt.get(operand.type), operand.value)
    except (IRError, KeyError, ValueError):
        return None
    if not isinstance(fields, list) or not all(isinstance(v, int) for v in fields):
        return None
    return [int(v) for v in fields]


@op("CreateHandle", "CreateHandleFromBinding", "CreateHandleFromHeap")
def _create_handle(cg: Compiler, ins, o, args, mask):
    h = cg.handles[id(ins)]
    if h.error is not None:
        cg.fail(cg.error(h.error, ins.line))
    if h.dynamic is None:
        return h
    # Each lane's register: one the pipeline binds, else the interpreter's error.
    b = cg.body
    index = args[{"CreateHandle": 2, "CreateHandleFromBinding": 1}.get(o.name, 0)]
    if index.ty != "i32":
        index = Lanes("i32", b.op(f"{'trunc' if INT_BITS[index.ty] > 32 else 'zext'} {b.vt(index.ty)} {index.v} "
                                  f"to {b.vt('i32')}"))
    known = b.splat("i1", False).v
    vi = b.vt("i32")
    for reg, _ in h.dynamic.choices:
        hit = b.op(f"icmp eq {vi} {index.v}, splat (i32 {reg})")
        known = b.op(f"or {b.mt} {known}, {hit}")
    bad = b.op(f"and {b.mt} {mask}, {b.op(f'xor {b.mt} {known}, splat (i1 true)')}")
    bits = b.mask_bits(bad)
    anybad = b.op(f"icmp ne {b.iw} {bits}, 0")
    first = b.op(f"call {b.iw} @llvm.cttz.{b.iw}({b.iw} {bits}, i1 true)")
    cg.declare(f"declare {b.iw} @llvm.cttz.{b.iw}({b.iw}, i1)")
    lane = b.op(f"{'trunc' if cg.W > 32 else 'zext'} {b.iw} {first} to i32") if cg.W != 32 else first
    reg = b.op(f"extractelement {b.vt('i32')} {index.v}, i32 {lane}")
    cg.fail_if(anybad, cg.error(h.dynamic.missing, ins.line), b.op(f"zext i32 {reg} to i64"))
    return HandleV(None, None, None, h.dynamic, index)


@op("AnnotateHandle")
def _annotate(cg: Compiler, ins, o, args, mask):
    return args[0]


def _resource(cg: Compiler, h: Any, ins: Any) -> Any:
    if not isinstance(h, HandleV):
        raise Unsupported("an operation on a handle the JIT cannot follow", ins.line)
    if h.error is not None:
        cg.fail(cg.error(h.error, ins.line))
        return None
    return h.res


# --------------------------------------------------------------------------
# Thread ids


@op("ThreadId")
def _thread_id(cg: Compiler, ins, o, args, mask):
    return cg.dtid[_const(args[0], "a component", ins.line)]


@op("GroupId")
def _group_id(cg: Compiler, ins, o, args, mask):
    return cg.gid[_const(args[0], "a component", ins.line)]


@op("ThreadIdInGroup")
def _thread_id_in_group(cg: Compiler, ins, o, args, mask):
    return cg.tid[_const(args[0], "a component", ins.line)]


@op("FlattenedThreadIdInGroup")
def _flat(cg: Compiler, ins, o, args, mask):
    return cg.flat


# --------------------------------------------------------------------------
# Buffers


def _i64(cg: Compiler, v: Lanes) -> str:
    b = cg.body
    if v.ty == "i64":
        return v.v
    return b.op(f"zext {b.vt(v.ty)} {v.v} to {b.vt('i64')}")


def _addr(cg: Compiler, base: str, scale: int, add: Any = None) -> str:
    """(base * scale + add) as i64 lanes."""
    b = cg.body
    v = base
    if scale != 1:
        v = b.op(f"mul {b.vt('i64')} {v}, splat (i64 {scale})")
    if add is not None:
        v = b.op(f"add {b.vt('i64')} {v}, {add}")
    return v


def _is_raw(res: Any) -> bool:
    return res.kind in ("ByteAddressBuffer", "RWByteAddressBuffer")


def _is_typed(res: Any) -> bool:
    return res.kind in ("Buffer", "RWBuffer")


def _typed_format(res: Any, overload: str) -> tuple[np.dtype, int]:
    fmt = res.buffer.dtype
    count = res.buffer.channels
    if fmt.itemsize == 8 and SIZES.get(overload, 4) == 4:
        return np.dtype(np.uint32), count * 2
    return fmt, count


def _convert_element(cg: Compiler, v: Lanes, fmt: np.dtype, overload: str) -> Lanes:
    """A typed buffer's component (of its format) in the load's overload,
    as `_as_overload` does: signed formats sign-extend, the rest convert."""
    b = cg.body
    src = v.ty
    if src == overload:
        return v
    if fmt.kind == "i" and overload in INT_BITS:
        op = "sext" if INT_BITS[overload] > INT_BITS[src] else "trunc"
        return Lanes(overload, b.op(f"{op} {b.vt(src)} {v.v} to {b.vt(overload)}"))
    return _astype(cg, v, fmt.kind, overload)


def _astype(cg: Compiler, v: Lanes, src_kind: str, dst: str) -> Lanes:
    """numpy's astype between scalar types (src_kind: 'f', 'i' or 'u')."""
    b = cg.body
    src = v.ty
    if src == dst:
        return v
    if src in FLOATS and dst in FLOATS:
        if dst == "half":
            return Lanes(dst, cg.to_half(b, v.v, src, cg.W))
        op = "fpext" if SIZES[dst] > SIZES[src] else "fptrunc"
        return Lanes(dst, b.op(f"{op} {b.vt(src)} {v.v} to {b.vt(dst)}"))
    if src in FLOATS:
        op = "fptosi" if dst != "i1" else "fcmp"
        name = f"llvm.fptosi.sat.v{cg.W}{dst}.v{cg.W}{_sfx(src)}"
        cg.declare(f"declare {b.vt(dst)} @{name}({b.vt(src)})")
        return Lanes(dst, b.op(f"call {b.vt(dst)} @{name}({b.vt(src)} {v.v})"))
    if dst in FLOATS:
        op = "sitofp" if src_kind == "i" else "uitofp"
        if dst == "half" and src == "i64":
            return Lanes(dst, cg.to_half(b, b.op(f"{op} {b.vt(src)} {v.v} to {b.vt('double')}"), "double", cg.W))
        return Lanes(dst, b.op(f"{op} {b.vt(src)} {v.v} to {b.vt(dst)}"))
    if INT_BITS[dst] == INT_BITS[src]:
        return Lanes(dst, v.v)
    if INT_BITS[dst] < INT_BITS[src]:
        return Lanes(dst, b.op(f"trunc {b.vt(src)} {v.v} to {b.vt(dst)}"))
    op = "sext" if src_kind == "i" else "zext"
    return Lanes(dst, b.op(f"{op} {b.vt(src)} {v.v} to {b.vt(dst)}"))


def _sfx(ty: str) -> str:
    return {"half": "f16", "float": "f32", "double": "f64"}.get(ty, ty)


def _ones32(cg: Compiler) -> Lanes:
    return cg.body.splat("i32", 1)


@op("RawBufferLoad", "BufferLoad")
def _buffer_load(cg: Compiler, ins, o, args, mask):
    res = _resource(cg, args[0], ins)
    ty = _overload(ins)
    b = cg.body
    if res is None:
        return Agg([b.splat(ty, 0)] * 4 + [_ones32(cg)])
    ri = cg.resource_index(res)
    index, offset = args[1], args[2]
    if _is_typed(res):
        fmt, count = _typed_format(res, ty)
        fty = _FORMAT_TYPES[fmt]
        base = Address(index, fmt.itemsize * count)
        comps = [_convert_element(cg, buffer_load(cg, ri, base.plus(k * fmt.itemsize), fty, mask), fmt, ty)
                 for k in range(count)]
        comps += [b.splat(ty, 0)] * (4 - count)
        return Agg(comps[:4] + [_ones32(cg)])
    addr = Address(index, 1) if _is_raw(res) else Address(index, res.stride, offset)
    count = 4
    if o.name == "RawBufferLoad":
        count = _const(args[3], "a load's component mask", ins.line).bit_length()
    step = SIZES[ty]
    comps = [buffer_load(cg, ri, addr.plus(k * step), ty, mask) if k < count else b.splat(ty, 0) for k in range(4)]
    return Agg(comps + [_ones32(cg)])


@op("RawBufferStore", "BufferStore")
def _buffer_store(cg: Compiler, ins, o, args, mask):
    res = _resource(cg, args[0], ins)
    if res is None:
        return None
    ty = _overload(ins)
    ri = cg.resource_index(res)
    index, offset = args[1], args[2]
    values = args[3:7]
    write_mask = _const(args[7], "a store's component mask", ins.line)
    if _is_typed(res):
        fmt, count = _typed_format(res, ty)
        fty = _FORMAT_TYPES[fmt]
        base = Address(index, fmt.itemsize * count)
        for k in range(count):
            if write_mask >> k & 1:
                kind = "f" if ty in FLOATS else ("i" if fmt.kind == "i" else "u")
                buffer_store(cg, ri, base.plus(k * fmt.itemsize), _astype(cg, values[k], kind, fty), mask)
        return None
    addr = Address(index, 1) if _is_raw(res) else Address(index, res.stride, offset)
    step = SIZES[ty]
    for k in range(4):
        if write_mask >> k & 1:
            buffer_store(cg, ri, addr.plus(k * step), values[k], mask)
    return None


@op("RawBufferVectorLoad")
def _buffer_vector_load(cg: Compiler, ins, o, args, mask):
    """SM 6.9's native vector load (`{ <N x T>, i32 }`) from a byte-address
    or structured buffer."""
    b = cg.body
    t = cg.mtypes.get(ins.type)
    vec = t.fields[0] if t.kind == "struct" else t
    elem = vec.elem if vec.kind == "vector" else vec
    count = vec.count if vec.kind == "vector" else 1
    ty = elem.text
    res = _resource(cg, args[0], ins)
    if res is None:
        return Agg([Agg([b.splat(ty, 0)] * count), _ones32(cg)])
    ri = cg.resource_index(res)
    addr = Address(args[1], 1) if _is_raw(res) else Address(args[1], res.stride, args[2])
    step = SIZES[ty]
    return Agg([Agg([buffer_load(cg, ri, addr.plus(k * step), ty, mask) for k in range(count)]), _ones32(cg)])


@op("RawBufferVectorStore")
def _buffer_vector_store(cg: Compiler, ins, o, args, mask):
    res = _resource(cg, args[0], ins)
    if res is None:
        return None
    ri = cg.resource_index(res)
    value = args[3]
    parts = value.items if isinstance(value, Agg) else [value]
    addr = Address(args[1], 1) if _is_raw(res) else Address(args[1], res.stride, args[2])
    for k, v in enumerate(parts):
        buffer_store(cg, ri, addr.plus(k * SIZES[v.ty]), v, mask)
    return None


@op("CBufferLoadLegacy")
def _cbuffer_load(cg: Compiler, ins, o, args, mask):
    res = _resource(cg, args[0], ins)
    ty = _overload(ins)
    b = cg.body
    count = 16 // SIZES[ty]
    if res is None:
        return Agg([b.splat(ty, 0)] * count)
    ri = cg.resource_index(res)
    row = Address(args[1], 16)
    return Agg([buffer_load(cg, ri, row.plus(k * SIZES[ty]), ty, mask) for k in range(count)])


@op("GetDimensions")
def _get_dimensions(cg: Compiler, ins, o, args, mask):
    res = _resource(cg, args[0], ins)
    b = cg.body
    if res is None:
        return Agg([b.splat("i32", 0)] * 4)
    if res.kind.startswith(("Texture", "RWTexture")):
        raise Unsupported("GetDimensions of a texture", ins.line)
    _, size = resource_base(cg, cg.resource_index(res))
    if _is_raw(res):
        width = size
    elif _is_typed(res):
        width = b.op(f"udiv i64 {size}, {res.buffer.dtype.itemsize * res.buffer.channels}")
    else:
        width = b.op(f"udiv i64 {size}, {max(res.stride, 1)}")
    w32 = b.op(f"trunc i64 {width} to i32")
    z = b.splat("i32", 0)
    return Agg([Lanes("i32", b.splat_value("i32", w32)), z, z, z])


@op("BufferUpdateCounter")
def _update_counter(cg: Compiler, ins, o, args, mask):
    res = _resource(cg, args[0], ins)
    b = cg.body
    if res is None:
        return b.splat("i32", 0)
    cg.ordered = True
    ri = cg.resource_index(res)
    inc = _const(args[1], "a counter's increment", ins.line)
    inc = inc - 256 if inc >= 128 else inc
    W = cg.W
    mark_written(cg, ri)            # (the interpreter's: a counter taken is a buffer written)
    cg.declare(f"declare i{W} @llvm.ctpop.i{W}(i{W})")
    n = b.op(f"call i{W} @llvm.ctpop.i{W}(i{W} {cg.mask_bits})")
    n32 = b.op(f"trunc i{W} {n} to i32") if W > 32 else (b.op(f"zext i{W} {n} to i32") if W < 32 else n)
    p = b.gep("%ctx", CTX_RESOURCES + RESOURCE_SIZE * ri + 16)
    # Each active lane's rank among the active lanes.
    below = "<" + ", ".join(f"i{W} {(1 << k) - 1 if k < W else -1}" for k in range(W)) + ">"
    bits = b.splat_value(f"i{W}", cg.mask_bits)
    lower = b.op(f"and <{W} x i{W}> {bits}, {below}")
    cg.declare(f"declare <{W} x i{W}> @llvm.ctpop.v{W}i{W}(<{W} x i{W}>)")
    rank = b.op(f"call <{W} x i{W}> @llvm.ctpop.v{W}i{W}(<{W} x i{W}> {lower})")
    rank32 = rank if W == 32 else b.op(f"{'trunc' if W > 32 else 'zext'} <{W} x i{W}> {rank} to {b.vt('i32')}")
    if inc > 0:
        old = b.op(f"atomicrmw add ptr {p}, i32 {n32} seq_cst, align 4")
        return Lanes("i32", b.op(f"add {b.vt('i32')} {b.splat_value('i32', old)}, {rank32}"))
    old = b.op(f"atomicrmw sub ptr {p}, i32 {n32} seq_cst, align 4")
    new = b.op(f"sub i32 {old}, {n32}")
    # The interpreter's order: the last active lane gets the new counter.
    last = b.op(f"sub i32 {n32}, 1")
    rev = b.op(f"sub {b.vt('i32')} {b.splat_value('i32', last)}, {rank32}")
    return Lanes("i32", b.op(f"add {b.vt('i32')} {b.splat_value('i32', new)}, {rev}"))


@op("Barrier", "BarrierByMemoryType", "BarrierByMemoryHandle")
def _barrier(cg: Compiler, ins, o, args, mask):
    return None      # the wave waits for the others of its group at the end of this segment


@op("CheckAccessFullyMapped")
def _check_access(cg: Compiler, ins, o, args, mask):
    return cg.body.splat("i1", True)


# --------------------------------------------------------------------------
# Atomics on resources

_ATOMIC = {0: "add", 1: "and", 2: "or", 3: "xor", 4: "min", 5: "max", 6: "umin", 7: "umax", 8: "xchg"}


def _atomic_address(cg: Compiler, res: Any, a0: Lanes, a1: Lanes) -> Address:
    if _is_raw(res):
        return Address(a0, 1)
    if _is_typed(res):
        return Address(a0, res.buffer.dtype.itemsize * res.buffer.channels)
    return Address(a0, res.stride, a1)


def _uses_result(cg: Compiler, ins: Any) -> bool:
    return ins.result is not None and ins.result in cg.used


@op("AtomicBinOp")
def _atomic_bin_op(cg: Compiler, ins, o, args, mask):
    res = _resource(cg, args[0], ins)
    value = args[5]
    if res is None:
        return cg.body.splat(value.ty, 0)
    if _uses_result(cg, ins):
        cg.ordered = True
    kind = _ATOMIC[_const(args[1], "an atomic's operation", ins.line)]
    return buffer_atomic(cg, cg.resource_index(res), _atomic_address(cg, res, args[2], args[3]), kind, value,
                         None, mask)


@op("AtomicCompareExchange")
def _atomic_cmpxchg(cg: Compiler, ins, o, args, mask):
    res = _resource(cg, args[0], ins)
    cmp, value = args[4], args[5]
    if res is None:
        return cg.body.splat(value.ty, 0)
    if _uses_result(cg, ins):
        cg.ordered = True
    return buffer_atomic(cg, cg.resource_index(res), _atomic_address(cg, res, args[1], args[2]), "xchg", value,
                         cmp, mask)


# --------------------------------------------------------------------------
# Math


def _intrinsic(cg: Compiler, name: str, ty: str, *values: str) -> str:
    b = cg.body
    vt = b.vt(ty)
    full = f"llvm.{name}.v{cg.W}{_sfx(ty)}"
    cg.declare(f"declare {vt} @{full}({', '.join([vt] * len(values))})")
    return b.op(f"call {vt} @{full}({', '.join(f'{vt} {v}' for v in values)})")


def _numpy_unary(cg: Compiler, ufunc: str, ty: str, v: str) -> str:
    """numpy's `ufunc` on each lane (its own loop, see `mathlib`)."""
    b = cg.body
    W = cg.W
    fn = call_loop(cg, ufunc, ty, W)
    vt = b.vt(ty)
    buf = b.tmp("m")
    at = b.lines.index("entry:") + 1
    b.lines.insert(at, f"  {buf} = alloca [2 x {vt}], align 64")
    b.store(vt, v, buf, 64)
    out = b.gep(buf, W * SIZES[ty])
    b.emit(f"call void {fn}(ptr %ctx, ptr {buf}, ptr {out})")
    return b.load(vt, out, 64)


def _float_unary(cg: Compiler, name: str, x: Lanes) -> Lanes:
    """The interpreter's float functions: float32 flushed in and out
    (not FAbs), half as numpy computes half (each function in float32,
    rounded to half), the transcendental ones numpy's own loops."""
    b = cg.body
    ty = x.ty
    vt = b.vt(ty)
    flush = name != "FAbs"
    v = cg.ftz(x) if flush else x.v
    if name in UFUNCS:
        r = _numpy_unary(cg, UFUNCS[name], ty, v)
    elif ty == "half" and name != "FAbs":
        wide = Lanes("float", b.op(f"fpext {vt} {v} to {b.vt('float')}"))
        if name == "Rsqrt":
            # 1 / sqrt(x): two ufuncs, each rounded to half.
            root = _float_unary(cg, "Sqrt", x)
            w = b.op(f"fpext {vt} {root.v} to {b.vt('float')}")
            q = b.op(f"fdiv {b.vt('float')} {_fone(cg, 'float')}, {w}")
            return Lanes(ty, b.op(f"fptrunc {b.vt('float')} {q} to {vt}"))
        r = _float_unary(cg, name, wide)
        return Lanes(ty, b.op(f"fptrunc {b.vt('float')} {r.v} to {vt}"))
    elif name == "FAbs":
        r = _intrinsic(cg, "fabs", ty, v)
    elif name == "Sqrt":
        r = _intrinsic(cg, "sqrt", ty, v)
    elif name == "Rsqrt":
        s = _intrinsic(cg, "sqrt", ty, v)
        r = b.op(f"fdiv {vt} {_fone(cg, ty)}, {s}")
    elif name == "Round_ne":
        r = _intrinsic(cg, "rint", ty, v)
    elif name == "Round_ni":
        r = _intrinsic(cg, "floor", ty, v)
    elif name == "Round_pi":
        r = _intrinsic(cg, "ceil", ty, v)
    elif name == "Round_z":
        r = _intrinsic(cg, "trunc", ty, v)
    elif name == "Frc":
        f = _intrinsic(cg, "floor", ty, v)
        r = b.op(f"fsub {vt} {v}, {f}")
    else:   # Saturate
        nan = b.op(f"fcmp uno {vt} {v}, zeroinitializer")
        z = b.op(f"select {b.mt} {nan}, {vt} zeroinitializer, {vt} {v}")
        lo = b.op(f"fcmp olt {vt} {z}, zeroinitializer")
        z = b.op(f"select {b.mt} {lo}, {vt} zeroinitializer, {vt} {z}")
        hi = b.op(f"fcmp ogt {vt} {z}, {_fone(cg, ty)}")
        r = b.op(f"select {b.mt} {hi}, {vt} {_fone(cg, ty)}, {vt} {z}")
    out = Lanes(ty, r)
    return Lanes(ty, cg.ftz(out)) if flush and ty == "float" else out


def _fone(cg: Compiler, ty: str) -> str:
    return f"splat ({ty} {llvm_const(ty, 1.0)})"


def _unary_handler(name: str):
    def run(cg: Compiler, ins, o, args, mask):
        return cg.lanewise(lambda x: _float_unary(cg, name, x), args[0])
    return run


for _name in ("FAbs", "Cos", "Sin", "Tan", "Acos", "Asin", "Atan", "Hcos", "Hsin", "Htan", "Exp", "Log", "Sqrt",
              "Rsqrt", "Round_ne", "Round_ni", "Round_pi", "Round_z", "Frc", "Saturate"):
    op(_name)(_unary_handler(_name))


@op("IsNaN", "IsInf", "IsFinite", "IsNormal")
def _classify(cg: Compiler, ins, o, args, mask):
    b = cg.body
    x = args[0]
    vt = b.vt(x.ty)
    inf = f"splat ({x.ty} {llvm_const(x.ty, float('inf'))})"
    if o.name == "IsNaN":
        return Lanes("i1", b.op(f"fcmp uno {vt} {x.v}, zeroinitializer"))
    a = _intrinsic(cg, "fabs", x.ty, x.v)
    if o.name == "IsInf":
        return Lanes("i1", b.op(f"fcmp oeq {vt} {a}, {inf}"))
    finite = b.op(f"fcmp olt {vt} {a}, {inf}")
    if o.name == "IsFinite":
        return Lanes("i1", finite)
    tiny = float(np.finfo({"half": np.float16, "float": np.float32, "double": np.float64}[x.ty]).tiny)
    big = b.op(f"fcmp oge {vt} {a}, splat ({x.ty} {llvm_const(x.ty, tiny)})")
    return Lanes("i1", b.op(f"and {b.mt} {finite}, {big}"))


@op("FMax", "FMin")
def _fminmax(cg: Compiler, ins, o, args, mask):
    """The interpreter's (numpy's fmax/fmin): x where x is strictly greater
    (smaller) or y is NaN, else y.  LLVM's maxnum/minnum may return either
    zero of max(-0, +0); this returns the second, as numpy does."""
    b = cg.body
    pred = "ogt" if o.name == "FMax" else "olt"

    def run(x: Lanes, y: Lanes) -> Lanes:
        vt = b.vt(x.ty)
        wins = b.op(f"fcmp {pred} {vt} {x.v}, {y.v}")
        nan = b.op(f"fcmp uno {vt} {y.v}, zeroinitializer")
        return Lanes(x.ty, b.select(b.op(f"or {b.mt} {wins}, {nan}"), x.v, y.v, x.ty))
    return cg.lanewise(run, args[0], args[1])


@op("IMax", "IMin", "UMax", "UMin")
def _iminmax(cg: Compiler, ins, o, args, mask):
    pred = {"IMax": "sgt", "IMin": "slt", "UMax": "ugt", "UMin": "ult"}[o.name]
    b = cg.body

    def run(x: Lanes, y: Lanes) -> Lanes:
        c = b.op(f"icmp {pred} {b.vt(x.ty)} {x.v}, {y.v}")
        return Lanes(x.ty, b.select(c, x.v, y.v, x.ty))
    return cg.lanewise(run, args[0], args[1])


def _plain(cg: Compiler, opname: str, x: Lanes, y: Lanes) -> Lanes:
    """numpy's arithmetic without the float32 flush (half through float32)."""
    b = cg.body
    ty = x.ty
    if ty == "half":
        wt = b.vt("float")
        a = b.op(f"fpext {b.vt(ty)} {x.v} to {wt}")
        c = b.op(f"fpext {b.vt(ty)} {y.v} to {wt}")
        return Lanes(ty, b.op(f"fptrunc {wt} {b.op(f'{opname} {wt} {a}, {c}')} to {b.vt(ty)}"))
    return Lanes(ty, b.op(f"{opname} {b.vt(ty)} {x.v}, {y.v}"))


@op("FMad", "Fma", "IMad", "UMad")
def _mad(cg: Compiler, ins, o, args, mask):
    b = cg.body

    def run(x: Lanes, y: Lanes, z: Lanes) -> Lanes:
        ty = x.ty
        if o.name == "Fma":
            wt = b.vt("double")
            xs = [v.v if ty == "double" else b.op(f"fpext {b.vt(ty)} {v.v} to {wt}") for v in (x, y, z)]
            r = b.op(f"fadd {wt} {b.op(f'fmul {wt} {xs[0]}, {xs[1]}')}, {xs[2]}")
            return Lanes(ty, r if ty == "double" else b.op(f"fptrunc {wt} {r} to {b.vt(ty)}"))
        if o.name == "FMad":
            if ty == "float":
                p = b.op(f"fmul {b.vt(ty)} {cg.ftz(x)}, {cg.ftz(y)}")
                r = b.op(f"fadd {b.vt(ty)} {p}, {cg.ftz(z)}")
                return Lanes(ty, cg.ftz(Lanes(ty, r)))
            return _plain(cg, "fadd", _plain(cg, "fmul", x, y), z)
        p = b.op(f"mul {b.vt(ty)} {x.v}, {y.v}")
        return Lanes(ty, b.op(f"add {b.vt(ty)} {p}, {z.v}"))
    return cg.lanewise(run, args[0], args[1], args[2])


@op("Dot2", "Dot3", "Dot4")
def _dot(cg: Compiler, ins, o, args, mask):
    n = int(o.name[-1])
    out = _plain(cg, "fmul", args[0], args[n])
    for k in range(1, n):
        out = _plain(cg, "fadd", out, _plain(cg, "fmul", args[k], args[n + k]))
    return out


@op("Countbits")
def _countbits(cg: Compiler, ins, o, args, mask):
    b = cg.body
    x = args[0]
    c = _intrinsic(cg, "ctpop", x.ty, x.v)
    return Lanes("i32", _resize(cg, c, x.ty, "i32"))


def _resize(cg: Compiler, v: str, src: str, dst: str) -> str:
    b = cg.body
    if src == dst:
        return v
    op = "trunc" if INT_BITS[src] > INT_BITS[dst] else "zext"
    return b.op(f"{op} {b.vt(src)} {v} to {b.vt(dst)}")


@op("FirstbitLo", "FirstbitHi", "FirstbitSHi")
def _firstbit(cg: Compiler, ins, o, args, mask):
    b = cg.body
    x = args[0]
    ty = x.ty
    vt = b.vt(ty)
    v = x.v
    if o.name == "FirstbitSHi":
        neg = b.op(f"icmp slt {vt} {v}, zeroinitializer")
        inv = b.op(f"xor {vt} {v}, splat ({ty} -1)")
        v = b.select(neg, inv, v, ty)
    zero = b.op(f"icmp eq {vt} {v}, zeroinitializer")
    name = "cttz" if o.name == "FirstbitLo" else "ctlz"
    full = f"llvm.{name}.v{cg.W}{ty}"
    cg.declare(f"declare {vt} @{full}({vt}, i1)")
    c = b.op(f"call {vt} @{full}({vt} {v}, i1 false)")
    c32 = _resize(cg, c, ty, "i32")
    return Lanes("i32", b.op(f"select {b.mt} {zero}, {b.vt('i32')} splat (i32 -1), {b.vt('i32')} {c32}"))


@op("Bfrev")
def _bfrev(cg: Compiler, ins, o, args, mask):
    x = args[0]
    return Lanes(x.ty, _intrinsic(cg, "bitreverse", x.ty, x.v))


@op("Dot2AddHalf")
def _dot2add(cg: Compiler, ins, o, args, mask):
    b = cg.body
    acc, a0, a1, b0, b1 = args
    ft = b.vt("float")

    def wide(v: Lanes) -> str:
        return v.v if v.ty == "float" else b.op(f"fpext {b.vt(v.ty)} {v.v} to {ft}")
    p0 = b.op(f"fmul {ft} {wide(a0)}, {wide(b0)}")
    s = b.op(f"fadd {ft} {wide(acc)}, {p0}")
    p1 = b.op(f"fmul {ft} {wide(a1)}, {wide(b1)}")
    return Lanes("float", b.op(f"fadd {ft} {s}, {p1}"))


@op("Dot4AddI8Packed", "Dot4AddU8Packed")
def _dot4add(cg: Compiler, ins, o, args, mask):
    b = cg.body
    acc, x, y = args
    signed = o.name == "Dot4AddI8Packed"
    vi = b.vt("i32")
    total = acc.v
    for k in range(4):
        xs = b.op(f"lshr {vi} {x.v}, splat (i32 {8 * k})")
        ys = b.op(f"lshr {vi} {y.v}, splat (i32 {8 * k})")
        x8 = b.op(f"trunc {vi} {xs} to {b.vt('i8')}")
        y8 = b.op(f"trunc {vi} {ys} to {b.vt('i8')}")
        ext = "sext" if signed else "zext"
        xw = b.op(f"{ext} {b.vt('i8')} {x8} to {vi}")
        yw = b.op(f"{ext} {b.vt('i8')} {y8} to {vi}")
        total = b.op(f"add {vi} {total}, {b.op(f'mul {vi} {xw}, {yw}')}")
    return Lanes("i32", total)


@op("LegacyF32ToF16")
def _f32tof16(cg: Compiler, ins, o, args, mask):
    b = cg.body
    h = b.op(f"fptrunc {b.vt('float')} {args[0].v} to {b.vt('half')}")
    i = b.op(f"bitcast {b.vt('half')} {h} to {b.vt('i16')}")
    return Lanes("i32", b.op(f"zext {b.vt('i16')} {i} to {b.vt('i32')}"))


@op("LegacyF16ToF32")
def _f16tof32(cg: Compiler, ins, o, args, mask):
    b = cg.body
    i = b.op(f"trunc {b.vt('i32')} {args[0].v} to {b.vt('i16')}")
    h = b.op(f"bitcast {b.vt('i16')} {i} to {b.vt('half')}")
    return Lanes("float", b.op(f"fpext {b.vt('half')} {h} to {b.vt('float')}"))


@op("MakeDouble")
def _make_double(cg: Compiler, ins, o, args, mask):
    b = cg.body
    lo = b.op(f"zext {b.vt('i32')} {args[0].v} to {b.vt('i64')}")
    hi = b.op(f"zext {b.vt('i32')} {args[1].v} to {b.vt('i64')}")
    hs = b.op(f"shl {b.vt('i64')} {hi}, splat (i64 32)")
    bits = b.op(f"or {b.vt('i64')} {lo}, {hs}")
    return Lanes("double", b.op(f"bitcast {b.vt('i64')} {bits} to {b.vt('double')}"))


@op("SplitDouble")
def _split_double(cg: Compiler, ins, o, args, mask):
    b = cg.body
    bits = b.op(f"bitcast {b.vt('double')} {args[0].v} to {b.vt('i64')}")
    lo = b.op(f"trunc {b.vt('i64')} {bits} to {b.vt('i32')}")
    hs = b.op(f"lshr {b.vt('i64')} {bits}, splat (i64 32)")
    hi = b.op(f"trunc {b.vt('i64')} {hs} to {b.vt('i32')}")
    return Agg([Lanes("i32", lo), Lanes("i32", hi)])


@op("BitcastI16toF16", "BitcastF16toI16", "BitcastI32toF32", "BitcastF32toI32", "BitcastI64toF64",
    "BitcastF64toI64")
def _bitcast(cg: Compiler, ins, o, args, mask):
    b = cg.body
    target = {"F16": "half", "I16": "i16", "F32": "float", "I32": "i32", "F64": "double", "I64": "i64"}[o.name[-3:]]
    x = args[0]
    return Lanes(target, b.op(f"bitcast {b.vt(x.ty)} {x.v} to {b.vt(target)}"))


@op("UDiv")
def _udiv(cg: Compiler, ins, o, args, mask):
    """(quotient, remainder); both all ones for a zero divisor (D3D)."""
    b = cg.body
    vi = b.vt("i32")
    x, y = args[0].v, args[1].v
    zero = b.op(f"icmp eq {vi} {y}, zeroinitializer")
    safe = b.op(f"select {b.mt} {zero}, {vi} splat (i32 1), {vi} {y}")
    q = b.op(f"udiv {vi} {x}, {safe}")
    r = b.op(f"urem {vi} {x}, {safe}")
    return Agg([Lanes("i32", b.select(zero, "splat (i32 -1)", q, "i32")),
                Lanes("i32", b.select(zero, "splat (i32 -1)", r, "i32"))])


@op("UAddc", "USubb")
def _carry(cg: Compiler, ins, o, args, mask):
    """(the low 32 bits, whether the sum carried or the difference borrowed)."""
    b = cg.body
    vi = b.vt("i32")
    x, y = args[0].v, args[1].v
    if o.name == "UAddc":
        r = b.op(f"add {vi} {x}, {y}")
        flag = b.op(f"icmp ult {vi} {r}, {x}")
    else:
        r = b.op(f"sub {vi} {x}, {y}")
        flag = b.op(f"icmp ult {vi} {x}, {y}")
    return Agg([Lanes("i32", r), Lanes("i1", flag)])


@op("Ibfe", "Ubfe")
def _bfe(cg: Compiler, ins, o, args, mask):
    """The `width` bits of `value` from bit `offset` (both mod 32), sign- or
    zero-extended; 0 for width 0; past bit 31, the bits that are there."""
    b = cg.body
    vi = b.vt("i32")
    width = b.op(f"and {vi} {args[0].v}, splat (i32 31)")
    offset = b.op(f"and {vi} {args[1].v}, splat (i32 31)")
    room = b.op(f"sub {vi} splat (i32 32), {offset}")
    bits = _intrinsic(cg, "umin", "i32", width, room)
    shifted = b.op(f"lshr {vi} {args[2].v}, {offset}")
    left = b.op(f"and {vi} {b.op(f'sub {vi} splat (i32 32), {bits}')}, splat (i32 31)")
    up = b.op(f"shl {vi} {shifted}, {left}")
    out = b.op(f"{'ashr' if o.name == 'Ibfe' else 'lshr'} {vi} {up}, {left}")
    none = b.op(f"icmp eq {vi} {width}, zeroinitializer")
    return Lanes("i32", b.select(none, "zeroinitializer", out, "i32"))


@op("Bfi")
def _bfi(cg: Compiler, ins, o, args, mask):
    """Bits [offset, offset + width) of the result are the low bits of
    `value`, the others those of `replaced` (width and offset mod 32)."""
    b = cg.body
    vl = b.vt("i64")
    w, off, value, replaced = (b.op(f"zext {b.vt('i32')} {a.v} to {vl}") for a in args[:4])
    w = b.op(f"and {vl} {w}, splat (i64 31)")
    off = b.op(f"and {vl} {off}, splat (i64 31)")
    ones = b.op(f"sub {vl} {b.op(f'shl {vl} splat (i64 1), {w}')}, splat (i64 1)")
    field = b.op(f"and {vl} {b.op(f'shl {vl} {ones}, {off}')}, splat (i64 4294967295)")
    put = b.op(f"and {vl} {b.op(f'shl {vl} {value}, {off}')}, {field}")
    keep = b.op(f"and {vl} {replaced}, {b.op(f'xor {vl} {field}, splat (i64 -1)')}")
    return Lanes("i32", b.op(f"trunc {vl} {b.op(f'or {vl} {put}, {keep}')} to {b.vt('i32')}"))


@op("Msad")
def _msad(cg: Compiler, ins, o, args, mask):
    """|ref - src| of each byte whose reference byte is not zero, added to
    the accumulator."""
    b = cg.body
    vi = b.vt("i32")
    total = args[2].v
    for k in range(4):
        r = b.op(f"and {vi} {b.op(f'lshr {vi} {args[0].v}, splat (i32 {8 * k})')}, splat (i32 255)")
        x = b.op(f"and {vi} {b.op(f'lshr {vi} {args[1].v}, splat (i32 {8 * k})')}, splat (i32 255)")
        d = b.op(f"sub {vi} {r}, {x}")
        ad = b.select(b.op(f"icmp slt {vi} {d}, zeroinitializer"), b.op(f"sub {vi} zeroinitializer, {d}"), d, "i32")
        on = b.op(f"icmp ne {vi} {r}, zeroinitializer")
        total = b.op(f"add {vi} {total}, {b.select(on, ad, 'zeroinitializer', 'i32')}")
    return Lanes("i32", total)


@op("Pack4x8")
def _pack4x8(cg: Compiler, ins, o, args, mask):
    """The low bytes of four integers in one word, x lowest (Trunc 0;
    UClamp 1: clamped to [0, 255]; SClamp 2: to [-128, 127])."""
    b = cg.body
    mode = _const(args[0], "a pack mode", ins.line)
    vi = b.vt("i32")
    out = "zeroinitializer"
    for k, x in enumerate(args[1:5]):
        v = x.v if x.ty == "i32" else b.op(f"sext {b.vt(x.ty)} {x.v} to {vi}")
        if mode == 1:
            v = _intrinsic(cg, "smax", "i32", _intrinsic(cg, "smin", "i32", v, "splat (i32 255)"), "zeroinitializer")
        elif mode == 2:
            v = _intrinsic(cg, "smax", "i32", _intrinsic(cg, "smin", "i32", v, "splat (i32 127)"),
                           "splat (i32 -128)")
        byte = b.op(f"and {vi} {v}, splat (i32 255)")
        out = b.op(f"or {vi} {out}, {b.op(f'shl {vi} {byte}, splat (i32 {8 * k})')}")
    return Lanes("i32", out)


@op("Unpack4x8")
def _unpack4x8(cg: Compiler, ins, o, args, mask):
    """The four bytes of a word, x lowest, zero- (mode 0) or sign-extended
    (mode 1) to the overload."""
    b = cg.body
    signed = _const(args[0], "an unpack mode", ins.line) == 1
    ty = _overload(ins)
    vi = b.vt("i32")
    parts = []
    for k in range(4):
        byte = b.op(f"trunc {vi} {b.op(f'lshr {vi} {args[1].v}, splat (i32 {8 * k})')} to {b.vt('i8')}")
        parts.append(Lanes(ty, b.op(f"{'sext' if signed else 'zext'} {b.vt('i8')} {byte} to {b.vt(ty)}")))
    return Agg(parts)


@op("LegacyDoubleToFloat")
def _double_to_float(cg: Compiler, ins, o, args, mask):
    b = cg.body
    return Lanes("float", b.op(f"fptrunc {b.vt('double')} {args[0].v} to {b.vt('float')}"))


@op("LegacyDoubleToSInt32", "LegacyDoubleToUInt32")
def _double_to_int(cg: Compiler, ins, o, args, mask):
    """Rounded towards zero; out of range, what x86's conversion (numpy's)
    gives: 0x80000000 for a signed result, the low word of
    0x8000000000000000 (0) for an unsigned one."""
    b = cg.body
    vd = b.vt("double")
    x = args[0].v
    if o.name == "LegacyDoubleToSInt32":
        lo, hi, ty, bad = -2147483648.0, 2147483648.0, "i32", "-2147483648"
    else:
        lo, hi, ty, bad = -9223372036854775808.0, 9223372036854775808.0, "i64", "-9223372036854775808"
    above = b.op(f"fcmp oge {vd} {x}, splat (double {llvm_const('double', lo)})")
    below = b.op(f"fcmp olt {vd} {x}, splat (double {llvm_const('double', hi)})")
    ok = b.op(f"and {b.mt} {above}, {below}")
    safe = b.select(ok, x, "zeroinitializer", "double")
    v = b.select(ok, b.op(f"fptosi {vd} {safe} to {b.vt(ty)}"), f"splat ({ty} {bad})", ty)
    if ty == "i64":
        v = b.op(f"trunc {b.vt('i64')} {v} to {b.vt('i32')}")
    return Lanes("i32", v)


@op("IsHelperLane")
def _is_helper_lane(cg: Compiler, ins, o, args, mask):
    return cg.body.splat("i1", False)          # a compute dispatch has no helper lanes


def _quads_whole(cg: Compiler, ins: Any) -> None:
    """Quads (four consecutive flattened threads) are four lanes of a
    vector when a group's size is a multiple of 4; otherwise the
    interpreter's quad at a group's end reads past it (the next group's
    threads, or the dispatch's last one)."""
    if cg.plan.group % 4:
        raise Unsupported(f"a quad operation in a group of {cg.plan.group} threads (not a multiple of 4)",
                          ins.line)


def _quad_shuffle(cg: Compiler, x: Lanes, pick: Any) -> Lanes:
    """Lane i gets lane `pick(i)` of x (within its quad)."""
    b = cg.body
    W = cg.W
    shuffle = "<" + ", ".join(f"i32 {pick(k)}" for k in range(W)) + ">"
    return Lanes(x.ty, b.op(f"shufflevector {b.vt(x.ty)} {x.v}, {b.vt(x.ty)} poison, <{W} x i32> {shuffle}"))


@op("QuadVote")
def _quad_vote(cg: Compiler, ins, o, args, mask):
    """QuadAny (0) / QuadAll (1) over the active threads of each quad."""
    b = cg.body
    vote_all = _const(args[1], "a quad vote", ins.line) == 1
    c = args[0].v
    if args[0].ty != "i1":
        c = b.op(f"icmp ne {b.vt(args[0].ty)} {c}, zeroinitializer")
    if vote_all:
        v = b.op(f"or {b.mt} {b.op(f'xor {b.mt} {mask}, splat (i1 true)')}, {c}")
        combine = "and"
    else:
        v = b.op(f"and {b.mt} {mask}, {c}")
        combine = "or"
    x = Lanes("i1", v)
    for flip in (1, 2):
        y = _quad_shuffle(cg, x, lambda k, f=flip: k ^ f)
        x = Lanes("i1", b.op(f"{combine} {b.mt} {x.v}, {y.v}"))
    return x


@op("DerivCoarseX", "DerivCoarseY", "DerivFineX", "DerivFineY")
def _derivative(cg: Compiler, ins, o, args, mask):
    """Across each quad (0 1 above 2 3): along x, the right thread's value
    minus the left one's (coarse: the top row's, fine: the thread's row's);
    along y, the bottom one's minus the top one's."""
    _quads_whole(cg, ins)
    b = cg.body
    fine = "Fine" in o.name
    axis = o.name[-1]
    if axis == "X":
        first = (lambda k: (k & ~3) + (k & 2)) if fine else (lambda k: k & ~3)
        second = (lambda k: first(k) + 1)
    else:
        first = (lambda k: (k & ~3) + (k & 1)) if fine else (lambda k: k & ~3)
        second = (lambda k: first(k) + 2)

    def run(x: Lanes) -> Lanes:
        a = _quad_shuffle(cg, x, first)
        c = _quad_shuffle(cg, x, second)
        return Lanes(x.ty, b.op(f"fsub {b.vt(x.ty)} {c.v}, {a.v}"))
    return cg.lanewise(run, args[0])


def _match_bits(cg: Compiler, x: Lanes) -> tuple[str, str]:
    """A value's lanes as integers of its width (floats by their bits)."""
    b = cg.body
    if x.ty == "i1":
        return "i8", b.op(f"zext {b.mt} {x.v} to {b.vt('i8')}")
    if x.ty in FLOATS:
        it = f"i{SIZES[x.ty] * 8}"
        return it, b.op(f"bitcast {b.vt(x.ty)} {x.v} to {b.vt(it)}")
    return x.ty, x.v


def _mask_lines(W: int) -> str:
    """IR lines making `%mine`, lane `%i`'s i128 lane mask, from the four
    word vectors `%w0`..`%w3`."""
    lines = []
    for k in range(4):
        lines.append(f"  %e{k} = extractelement <{W} x i32> %w{k}, i32 %i")
        lines.append(f"  %z{k} = zext i32 %e{k} to i128")
        lines.append(f"  %s{k} = shl i128 %z{k}, {32 * k}")
    lines.append("  %o01 = or i128 %s0, %s1")
    lines.append("  %o23 = or i128 %s2, %s3")
    lines.append("  %mine = or i128 %o01, %o23")
    return "\n".join(lines)


def _words_params(W: int) -> str:
    return ", ".join(f"<{W} x i32> %w{k}" for k in range(4))


def _words_args(cg: Compiler, words: list) -> str:
    return ", ".join(f"{cg.body.vt('i32')} {w.v}" for w in words)


@op("WaveMatch")
def _wave_match(cg: Compiler, ins, o, args, mask):
    """The active lanes of the wave whose value has the same bits."""
    b = cg.body
    W = cg.W
    it, v = _match_bits(cg, args[0])
    vt, vi = f"<{W} x {it}>", f"<{W} x i32>"
    name = f"wave.match.{it}.w{W}"
    words = []
    for k in range(4):
        if 32 * k < W:
            words.append(f"""  %sh{k} = lshr i{W} %bits, {32 * k}
  %wd{k} = trunc i{W} %sh{k} to i32""" if W > 32 else f"  %wd{k} = {'zext' if W < 32 else 'add'} i{W} %bits"
                         f"{' to i32' if W < 32 else ', 0'}")
            words.append(f"  %o{k}n = insertelement {vi} %o{k}, i32 %wd{k}, i32 %i")
        else:
            words.append(f"  %o{k}n = add {vi} %o{k}, zeroinitializer")
    phis = "\n".join(f"  %o{k} = phi {vi} [ zeroinitializer, %entry ], [ %o{k}n, %l ]" for k in range(4))
    stores = "\n".join(f"  %p{k} = getelementptr {vi}, ptr %out, i32 {k}\n  store {vi} %o{k}n, ptr %p{k}"
                       for k in range(4))
    body = "\n".join(words)
    cg.helper(name, f"""define internal void @{name}({vt} %x, <{W} x i1> %m, ptr %out) {{
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %i1, %l ]
{phis}
  %e = extractelement {vt} %x, i32 %i
  %ins = insertelement {vt} poison, {it} %e, i64 0
  %sp = shufflevector {vt} %ins, {vt} poison, <{W} x i32> zeroinitializer
  %eq = icmp eq {vt} %sp, %x
  %on = and <{W} x i1> %eq, %m
  %bits = bitcast <{W} x i1> %on to i{W}
{body}
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, {W}
  br i1 %more, label %l, label %done
done:
{stores}
  ret void
}}""")
    buf = b.tmp("wm")
    b.lines.insert(b.lines.index("entry:") + 1, f"  {buf} = alloca [4 x {vi}], align 64")
    b.emit(f"call void @{name}({vt} {v}, <{W} x i1> {mask}, ptr {buf})")
    return Agg([Lanes("i32", b.load(vi, b.gep(buf, k * W * 4), 64)) for k in range(4)])


_MULTI = {0: ("add", "fadd", 0), 1: ("and", None, -1), 2: ("or", None, 0), 3: ("xor", None, 0),
          4: ("mul", "fmul", 1)}


@op("WaveMultiPrefixOp")
def _wave_multi_prefix(cg: Compiler, ins, o, args, mask):
    """For each active lane, the operation over the active lanes below it
    that its mask names, one after another (the partitioned exclusive
    prefix); bitwise ones on the bits."""
    b = cg.body
    W = cg.W
    kind = _const(args[5], "a multi-prefix operation", ins.line)
    if kind not in _MULTI:
        raise Unsupported(f"a multi-prefix operation of kind {kind}", ins.line)
    x = args[0]
    iop, fop, ident = _MULTI[kind]
    if x.ty in FLOATS and kind in (1, 2, 3):
        it, v = _match_bits(cg, x)
        ty = it
    else:
        ty, v = x.ty, x.v
        if ty == "i1":
            raise Unsupported("a multi-prefix operation on booleans", ins.line)
    vt = f"<{W} x {ty}>"
    if ty in FLOATS:
        identity = llvm_const(ty, float(ident))
        if ty == "half":
            step = f"""  %aw = fpext half %acc to float
  %ew = fpext half %e to float
  %sw = {fop} float %aw, %ew
  %nacc = fptrunc float %sw to half"""
        else:
            step = f"  %nacc = {fop} {ty} %acc, %e"
    else:
        identity = llvm_const(ty, ident)
        step = f"  %nacc = {iop} {ty} %acc, %e"
    name = f"wave.multiprefix.{kind}.{ty}.w{W}"
    cg.helper(name, f"""define internal {vt} @{name}({vt} %x, {_words_params(W)}, <{W} x i1> %m) {{
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %onext ]
  %res = phi {vt} [ zeroinitializer, %entry ], [ %res2, %onext ]
  %active = extractelement <{W} x i1> %m, i32 %i
  br i1 %active, label %inner0, label %onext
inner0:
{_mask_lines(W)}
  br label %inner
inner:
  %k = phi i32 [ 0, %inner0 ], [ %k1, %inext ]
  %acc = phi {ty} [ {identity}, %inner0 ], [ %acc2, %inext ]
  %below = icmp ult i32 %k, %i
  br i1 %below, label %test, label %put
test:
  %kw = zext i32 %k to i128
  %bit0 = lshr i128 %mine, %kw
  %bit = trunc i128 %bit0 to i1
  %kon = extractelement <{W} x i1> %m, i32 %k
  %take = and i1 %bit, %kon
  br i1 %take, label %do, label %inext
do:
  %e = extractelement {vt} %x, i32 %k
{step}
  br label %inext
inext:
  %acc2 = phi {ty} [ %acc, %test ], [ %nacc, %do ]
  %k1 = add i32 %k, 1
  br label %inner
put:
  %res1 = insertelement {vt} %res, {ty} %acc, i32 %i
  br label %onext
onext:
  %res2 = phi {vt} [ %res, %outer ], [ %res1, %put ]
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, {W}
  br i1 %more, label %outer, label %done
done:
  ret {vt} %res2
}}""")
    r = b.op(f"call {vt} @{name}({vt} {v}, {_words_args(cg, args[1:5])}, <{W} x i1> {mask})")
    if ty != x.ty:
        r = b.op(f"bitcast {vt} {r} to {b.vt(x.ty)}")
    return Lanes(x.ty, r)


@op("WaveMultiPrefixBitCount")
def _wave_multi_prefix_count(cg: Compiler, ins, o, args, mask):
    """The active lanes below each lane that its mask names and whose value
    is true."""
    b = cg.body
    W = cg.W
    vi = f"<{W} x i32>"
    c = args[0].v if args[0].ty == "i1" else b.op(f"icmp ne {b.vt(args[0].ty)} {args[0].v}, zeroinitializer")
    name = f"wave.multicount.w{W}"
    wide = f"%on = zext i{W} %onb to i128" if W < 128 else f"%on = add i128 %onb, 0"
    cg.declare("declare i128 @llvm.ctpop.i128(i128)")
    cg.helper(name, f"""define internal {vi} @{name}(<{W} x i1> %c, {_words_params(W)}, <{W} x i1> %m) {{
entry:
  %cm = and <{W} x i1> %c, %m
  %onb = bitcast <{W} x i1> %cm to i{W}
  {wide}
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %i1, %l ]
  %res = phi {vi} [ zeroinitializer, %entry ], [ %res1, %l ]
{_mask_lines(W)}
  %iw = zext i32 %i to i128
  %bit = shl i128 1, %iw
  %below = sub i128 %bit, 1
  %sel0 = and i128 %mine, %below
  %sel = and i128 %sel0, %on
  %n = call i128 @llvm.ctpop.i128(i128 %sel)
  %n32 = trunc i128 %n to i32
  %res1 = insertelement {vi} %res, i32 %n32, i32 %i
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, {W}
  br i1 %more, label %l, label %done
done:
  ret {vi} %res1
}}""")
    return Lanes("i32", b.op(f"call {vi} @{name}(<{W} x i1> {c}, {_words_args(cg, args[1:5])}, "
                             f"<{W} x i1> {mask})"))


# --------------------------------------------------------------------------
# Waves


def _splat_scalar(cg: Compiler, ty: str, v: str) -> Lanes:
    return Lanes(ty, cg.body.splat_value(ty, v))


@op("WaveGetLaneIndex")
def _lane_index(cg: Compiler, ins, o, args, mask):
    return Lanes("i32", cg.lane, None, ("0", 1))


@op("WaveGetLaneCount")
def _lane_count(cg: Compiler, ins, o, args, mask):
    return cg.body.splat("i32", cg.ws)


@op("WaveIsFirstLane")
def _first_lane(cg: Compiler, ins, o, args, mask):
    b = cg.body
    f = first_active(cg)
    return Lanes("i1", b.op(f"icmp eq {b.vt('i32')} {cg.lane}, {b.splat_value('i32', f)}"))


def _reduce_i1(cg: Compiler, kind: str, v: str) -> str:
    b = cg.body
    cg.declare(f"declare i1 @llvm.vector.reduce.{kind}.v{cg.W}i1({b.mt})")
    return b.op(f"call i1 @llvm.vector.reduce.{kind}.v{cg.W}i1({b.mt} {v})")


@op("WaveAnyTrue", "WaveAllTrue")
def _vote(cg: Compiler, ins, o, args, mask):
    b = cg.body
    c = args[0]
    if o.name == "WaveAnyTrue":
        r = _reduce_i1(cg, "or", b.op(f"and {b.mt} {c.v}, {mask}"))
    else:
        nm = b.op(f"xor {b.mt} {mask}, splat (i1 true)")
        r = _reduce_i1(cg, "and", b.op(f"or {b.mt} {c.v}, {nm}"))
    return _splat_scalar(cg, "i1", r)


@op("WaveActiveAllEqual")
def _all_equal(cg: Compiler, ins, o, args, mask):
    b = cg.body

    def run(x: Lanes) -> Lanes:
        f = first_active(cg)
        x0 = b.splat_value(x.ty, b.extract(x.v, x.ty, f))
        cmp = "fcmp oeq" if x.ty in FLOATS else "icmp eq"
        eq = b.op(f"{cmp} {b.vt(x.ty)} {x.v}, {x0}")
        nm = b.op(f"xor {b.mt} {mask}, splat (i1 true)")
        return _splat_scalar(cg, "i1", _reduce_i1(cg, "and", b.op(f"or {b.mt} {eq}, {nm}")))
    return cg.lanewise(run, args[0])


@op("WaveActiveBallot")
def _ballot(cg: Compiler, ins, o, args, mask):
    b = cg.body
    W = cg.W
    bits = b.mask_bits(b.op(f"and {b.mt} {args[0].v}, {mask}"))
    words = []
    for k in range(4):
        if 32 * k >= W:
            words.append(b.splat("i32", 0))
            continue
        w = bits
        if k:
            w = b.op(f"lshr i{W} {bits}, {32 * k}")
        if W > 32:
            w = b.op(f"trunc i{W} {w} to i32")
        elif W < 32:
            w = b.op(f"zext i{W} {w} to i32")
        words.append(_splat_scalar(cg, "i32", w))
    return Agg(words)


@op("WaveReadLaneFirst")
def _read_first(cg: Compiler, ins, o, args, mask):
    b = cg.body
    f = first_active(cg)
    return cg.lanewise(lambda x: _splat_scalar(cg, x.ty, b.extract(x.v, x.ty, f)), args[0])


def _permute(cg: Compiler, x: Lanes, src: str) -> Lanes:
    """Lane i gets lane src[i] of x (src: i32 lanes in [0, W))."""
    b = cg.body
    W = cg.W
    ty = x.ty
    it = "i8" if ty == "i1" else ty
    v = x.v if ty != "i1" else b.op(f"zext {b.mt} {x.v} to {b.vt('i8')}")
    name = f"permute.{it}.w{cg.W}"
    vt, vi = f"<{W} x {it}>", f"<{W} x i32>"
    cg.declare(f"declare {vt} @llvm.masked.gather.v{W}{it}.v{W}p0(<{W} x ptr>, i32, <{W} x i1>, {vt})")
    cg.helper(name, f"""define internal {vt} @{name}({vt} %x, {vi} %src) {{
entry:
  %buf = alloca {vt}, align 64
  store {vt} %x, ptr %buf, align 64
  %ps = getelementptr {it}, ptr %buf, {vi} %src
  %r = call {vt} @llvm.masked.gather.v{W}{it}.v{W}p0(<{W} x ptr> %ps, i32 1, <{W} x i1> splat (i1 true), {vt} zeroinitializer)
  ret {vt} %r
}}""")
    r = b.op(f"call {vt} @{name}({vt} {v}, {vi} {src})")
    if ty == "i1":
        r = b.op(f"icmp ne {b.vt('i8')} {r}, zeroinitializer")
    return Lanes(ty, r)


@op("WaveReadLaneAt")
def _read_lane(cg: Compiler, ins, o, args, mask):
    b = cg.body
    lane = args[1]
    src = b.op(f"urem {b.vt('i32')} {lane.v}, splat (i32 {cg.W})")
    return cg.lanewise(lambda x: _permute(cg, x, src), args[0])


@op("QuadReadLaneAt", "QuadOp")
def _quad(cg: Compiler, ins, o, args, mask):
    _quads_whole(cg, ins)
    b = cg.body
    W = cg.W
    vi = b.vt("i32")
    base = b.op(f"and {vi} {b.iota()}, splat (i32 -4)")        # (quads are four lanes of one wave)
    if o.name == "QuadReadLaneAt":
        within = b.op(f"urem {vi} {args[1].v}, splat (i32 4)")
        src = b.op(f"add {vi} {base}, {within}")
        return cg.lanewise(lambda x: _permute(cg, x, src), args[0])
    kind = _const(args[1], "a quad operation", ins.line)
    flip = (1, 2, 3)[kind]
    lanes = [(k & ~3) + ((k & 3) ^ flip) for k in range(W)]
    shuffle = "<" + ", ".join(f"i32 {x}" for x in lanes) + ">"

    def run(x: Lanes) -> Lanes:
        return Lanes(x.ty, b.op(f"shufflevector {b.vt(x.ty)} {x.v}, {b.vt(x.ty)} poison, <{W} x i32> {shuffle}"))
    return cg.lanewise(run, args[0])


def _int_reduce(cg: Compiler, kind: str, x: Lanes, identity: int) -> str:
    b = cg.body
    vt = b.vt(x.ty)
    v = b.op(f"select {b.mt} {cg.mask}, {vt} {x.v}, {vt} splat ({x.ty} {llvm_const(x.ty, identity)})")
    name = f"llvm.vector.reduce.{kind}.v{cg.W}{x.ty}"
    cg.declare(f"declare {x.ty} @{name}({vt})")
    return b.op(f"call {x.ty} @{name}({vt} {v})")


@op("WaveActiveOp")
def _wave_active_op(cg: Compiler, ins, o, args, mask):
    kind = _const(args[1], "a wave operation", ins.line)
    signed = _const(args[2], "a wave operation's sign", ins.line) == 0

    def run(x: Lanes) -> Lanes:
        ty = x.ty
        if ty in FLOATS:
            return _splat_scalar(cg, ty, _float_reduce(cg, kind, x))
        if kind == 0:
            r = _int_reduce(cg, "add", x, 0)
        elif kind == 1:
            r = _int_reduce(cg, "mul", x, 1)
        else:
            bits = INT_BITS[ty]
            if kind == 2:
                name, ident = ("smin", (1 << (bits - 1)) - 1) if signed else ("umin", (1 << bits) - 1)
            else:
                name, ident = ("smax", -(1 << (bits - 1))) if signed else ("umax", 0)
            r = _int_reduce(cg, name, x, ident)
        return _splat_scalar(cg, ty, r)
    return cg.lanewise(run, args[0])


def _float_reduce(cg: Compiler, kind: int, x: Lanes) -> str:
    """numpy's reduction of the active lanes (in lane order): sum pairwise
    (half and float32 accumulate in float32), product in order, min/max in
    order with NaN kept."""
    b = cg.body
    W = cg.W
    ty = x.ty
    acc = "double" if ty == "double" else "float"
    vt, at = f"<{W} x {ty}>", acc
    name = f"wave.freduce.{kind}.{ty}.w{cg.W}"
    conv = (lambda v: f"  %{v}w = fpext half %{v} to float") if ty == "half" else (lambda v: f"  %{v}w = fadd {acc} %{v}, -0.0")
    if kind == 0:
        combine = f"""  ; numpy's pairwise sum over arr[0..n)
  %small = icmp ult i32 %n, 8
  br i1 %small, label %seq, label %pw
seq:
  br label %sl
sl:
  %si = phi i32 [ 0, %seq ], [ %si1, %sl2 ]
  %sacc = phi {acc} [ 0.0, %seq ], [ %sacc1, %sl2 ]
  %sdone = icmp uge i32 %si, %n
  br i1 %sdone, label %sfin, label %sl2
sl2:
  %sp = getelementptr {acc}, ptr %arr, i32 %si
  %sv = load {acc}, ptr %sp
  %sacc1 = fadd {acc} %sacc, %sv
  %si1 = add i32 %si, 1
  br label %sl
sfin:
  br label %fin
pw:
  %nr = urem i32 %n, 8
  %nend = sub i32 %n, %nr
  %r0 = alloca [8 x {acc}], align 64
  call void @llvm.memcpy.p0.p0.i64(ptr %r0, ptr %arr, i64 {8 * (8 if acc == 'double' else 4)}, i1 false)
  br label %blk
blk:
  %bi = phi i32 [ 8, %pw ], [ %bi1, %blk2 ]
  %bdone = icmp uge i32 %bi, %nend
  br i1 %bdone, label %tree, label %blk2
blk2:
{chr(10).join(f'''  %q{j} = add i32 %bi, {j}
  %qp{j} = getelementptr {acc}, ptr %arr, i32 %q{j}
  %qv{j} = load {acc}, ptr %qp{j}
  %rp{j} = getelementptr {acc}, ptr %r0, i32 {j}
  %rv{j} = load {acc}, ptr %rp{j}
  %rs{j} = fadd {acc} %rv{j}, %qv{j}
  store {acc} %rs{j}, ptr %rp{j}''' for j in range(8))}
  %bi1 = add i32 %bi, 8
  br label %blk
tree:
{chr(10).join(f'''  %tp{j} = getelementptr {acc}, ptr %r0, i32 {j}
  %t{j} = load {acc}, ptr %tp{j}''' for j in range(8))}
  %u01 = fadd {acc} %t0, %t1
  %u23 = fadd {acc} %t2, %t3
  %u45 = fadd {acc} %t4, %t5
  %u67 = fadd {acc} %t6, %t7
  %u03 = fadd {acc} %u01, %u23
  %u47 = fadd {acc} %u45, %u67
  %tre = fadd {acc} %u03, %u47
  br label %tl
tl:
  %ti = phi i32 [ %nend, %tree ], [ %ti1, %tl2 ]
  %tacc = phi {acc} [ %tre, %tree ], [ %tacc1, %tl2 ]
  %tdone = icmp uge i32 %ti, %n
  br i1 %tdone, label %tfin, label %tl2
tl2:
  %tpp = getelementptr {acc}, ptr %arr, i32 %ti
  %tv = load {acc}, ptr %tpp
  %tacc1 = fadd {acc} %tacc, %tv
  %ti1 = add i32 %ti, 1
  br label %tl
tfin:
  br label %fin
fin:
  %res = phi {acc} [ %sacc, %sfin ], [ %tacc, %tfin ]
  %tot = fadd {acc} 0.0, %res"""
    else:
        if kind == 1:
            step = "  %nacc = fmul {a} %cacc, %cv".format(a=acc)
        else:
            pred = "olt" if kind == 2 else "ogt"
            step = f"""  %isn = fcmp uno {acc} %cacc, 0.0
  %lt = fcmp {pred} {acc} %cacc, %cv
  %keep = or i1 %isn, %lt
  %nacc = select i1 %keep, {acc} %cacc, {acc} %cv"""
        combine = f"""  %f0 = load {acc}, ptr %arr
  br label %cl
cl:
  %ci = phi i32 [ 1, %compacted ], [ %ci1, %cl2 ]
  %cacc = phi {acc} [ %f0, %compacted ], [ %nacc, %cl2 ]
  %cdone = icmp uge i32 %ci, %n
  br i1 %cdone, label %fin, label %cl2
cl2:
  %cp = getelementptr {acc}, ptr %arr, i32 %ci
  %cv = load {acc}, ptr %cp
{step}
  %ci1 = add i32 %ci, 1
  br label %cl
fin:
  %tot = fadd {acc} %cacc, -0.0"""
    if ty == "half":
        ret = "  %out = fptrunc float %tot to half\n  ret half %out"
    else:
        ret = f"  ret {ty} %tot"
    cg.helper(name, f"""define internal {ty} @{name}({vt} %x, <{W} x i1> %m) {{
entry:
  %arr = alloca [{W} x {acc}], align 64
  br label %c
c:
  %i = phi i32 [ 0, %entry ], [ %i1, %c2 ]
  %n0 = phi i32 [ 0, %entry ], [ %n1, %c2 ]
  %on = extractelement <{W} x i1> %m, i32 %i
  %e = extractelement {vt} %x, i32 %i
{conv('e')}
  %dst = getelementptr {acc}, ptr %arr, i32 %n0
  br i1 %on, label %put, label %c2
put:
  store {acc} %ew, ptr %dst
  br label %c2
c2:
  %inc = zext i1 %on to i32
  %n1 = add i32 %n0, %inc
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, {W}
  br i1 %more, label %c, label %compacted
compacted:
  %n = add i32 %n1, 0
{combine}
{ret}
}}""")
    return b.op(f"call {ty} @{name}({vt} {x.v}, {b.mt} {cg.mask})")


@op("WaveActiveBit")
def _wave_active_bit(cg: Compiler, ins, o, args, mask):
    kind = _const(args[1], "a wave bit operation", ins.line)
    name, ident = {0: ("and", -1), 1: ("or", 0), 2: ("xor", 0)}[kind]
    return cg.lanewise(lambda x: _splat_scalar(cg, x.ty, _int_reduce(cg, name, x, ident)), args[0])


@op("WaveAllBitCount")
def _all_bit_count(cg: Compiler, ins, o, args, mask):
    b = cg.body
    W = cg.W
    bits = b.mask_bits(b.op(f"and {b.mt} {args[0].v}, {mask}"))
    cg.declare(f"declare i{W} @llvm.ctpop.i{W}(i{W})")
    n = b.op(f"call i{W} @llvm.ctpop.i{W}(i{W} {bits})")
    n32 = n if W == 32 else b.op(f"{'trunc' if W > 32 else 'zext'} i{W} {n} to i32")
    return _splat_scalar(cg, "i32", n32)


@op("WavePrefixOp", "WavePrefixBitCount")
def _prefix(cg: Compiler, ins, o, args, mask):
    b = cg.body
    W = cg.W
    if o.name == "WavePrefixBitCount":
        bits = b.mask_bits(b.op(f"and {b.mt} {args[0].v}, {mask}"))
        below = "<" + ", ".join(f"i{W} {(1 << k) - 1 if k < W - 1 else (1 << (W - 1)) - 1}" for k in range(W)) + ">"
        lower = b.op(f"and <{W} x i{W}> {b.splat_value(f'i{W}', bits)}, {below}")
        cg.declare(f"declare <{W} x i{W}> @llvm.ctpop.v{W}i{W}(<{W} x i{W}>)")
        c = b.op(f"call <{W} x i{W}> @llvm.ctpop.v{W}i{W}(<{W} x i{W}> {lower})")
        return Lanes("i32", c if W == 32 else b.op(f"{'trunc' if W > 32 else 'zext'} <{W} x i{W}> {c} to "
                                                     f"{b.vt('i32')}"))
    kind = _const(args[1], "a wave prefix operation", ins.line)
    if kind not in (0, 1):
        raise Unsupported(f"a wave prefix operation of kind {kind}", ins.line)
    return cg.lanewise(lambda x: _prefix_scan(cg, kind, x), args[0])


def _prefix_scan(cg: Compiler, kind: int, x: Lanes) -> Lanes:
    """The exclusive sum or product of the active lanes before each lane,
    in the value's type, one lane after another."""
    b = cg.body
    W = cg.W
    ty = x.ty
    vt = f"<{W} x {ty}>"
    name = f"wave.prefix.{kind}.{ty}.w{cg.W}"
    if ty in FLOATS:
        ident = llvm_const(ty, 1.0 if kind else 0.0)
        opn = "fmul" if kind else "fadd"
        if ty == "half":
            step = f"""  %aw = fpext half %acc to float
  %ew = fpext half %e to float
  %sw = {opn} float %aw, %ew
  %nacc = fptrunc float %sw to half"""
        else:
            step = f"  %nacc = {opn} {ty} %acc, %e"
    else:
        ident = "1" if kind else "0"
        step = f"  %nacc = {'mul' if kind else 'add'} {ty} %acc, %e"
    cg.helper(name, f"""define internal {vt} @{name}({vt} %x, <{W} x i1> %m) {{
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %i1, %l2 ]
  %acc = phi {ty} [ {ident}, %entry ], [ %acc2, %l2 ]
  %out = phi {vt} [ zeroinitializer, %entry ], [ %out2, %l2 ]
  %on = extractelement <{W} x i1> %m, i32 %i
  br i1 %on, label %do, label %l2
do:
  %e = extractelement {vt} %x, i32 %i
  %put = insertelement {vt} %out, {ty} %acc, i32 %i
{step}
  br label %l2
l2:
  %acc2 = phi {ty} [ %acc, %l ], [ %nacc, %do ]
  %out2 = phi {vt} [ %out, %l ], [ %put, %do ]
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, {W}
  br i1 %more, label %l, label %done
done:
  ret {vt} %out2
}}""")
    return Lanes(ty, b.op(f"call {vt} @{name}({vt} {x.v}, {b.mt} {cg.mask})"))


# --------------------------------------------------------------------------
# A vector of several waves (`Plan`): each wave operation on each wave


def per_wave(cg: Compiler, args: list, gen: Any) -> Any:
    """`gen(args)` (code for a vector of one wave) for each wave of a
    vector holding several: in a loop over them, the arguments' lanes of
    that wave and its mask, the results put back in those lanes."""
    if cg.W == cg.ws:
        return gen(args)
    b = cg.body
    W, ws = cg.W, cg.ws

    def buffer(ty: str) -> str:
        name = b.tmp("pw")
        at = b.lines.index("entry:") + 1
        b.lines.insert(at, f"  {name} = alloca [{W} x {'i8' if ty == 'i1' else ty}], align 64")
        return name

    def spill(v: Lanes) -> tuple[str, str]:
        buf = buffer(v.ty)
        x = b.op(f"zext {b.mt} {v.v} to {b.vt('i8')}") if v.ty == "i1" else v.v
        b.store(b.vt("i8" if v.ty == "i1" else v.ty), x, buf, 64)
        return v.ty, buf

    def shape(a: Any) -> Any:
        if isinstance(a, Lanes) and a.const is None:
            return ("lanes", spill(a))
        if isinstance(a, Agg):
            return ("agg", [shape(x) for x in a.items])
        return ("same", a)

    def slice_(sh: Any, off: str) -> Any:
        kind, what = sh
        if kind == "same":
            return what
        if kind == "agg":
            return Agg([slice_(x, off) for x in what])
        ty, buf = what
        mty = "i8" if ty == "i1" else ty
        p = b.op(f"getelementptr {mty}, ptr {buf}, i64 {off}")
        v = b.load(f"<{ws} x {mty}>", p, 1)
        if ty == "i1":
            v = b.op(f"icmp ne <{ws} x i8> {v}, zeroinitializer")
        return Lanes(ty, v)

    shapes = [shape(a) for a in args]
    mask_buf = spill(Lanes("i1", cg.mask))[1]
    outs: list = []

    def put(r: Any, off: str) -> Any:
        if isinstance(r, Agg):
            return ("agg", [put(x, off) for x in r.items])
        ty = r.ty
        buf = buffer(ty)
        outs.append(buf)
        mty = "i8" if ty == "i1" else ty
        v = b.op(f"zext <{ws} x i1> {r.v} to <{ws} x i8>") if ty == "i1" else r.v
        b.store(f"<{ws} x {mty}>", v, b.op(f"getelementptr {mty}, ptr {buf}, i64 {off}"), 1)
        return ("lanes", (ty, buf))

    result_shape = None
    with b.loop(W // ws) as w:
        off = b.op(f"mul i64 {w}, {ws}")
        sliced = [slice_(sh, off) for sh in shapes]
        mp = b.op(f"getelementptr i8, ptr {mask_buf}, i64 {off}")
        sub = b.op(f"icmp ne <{ws} x i8> {b.load(f'<{ws} x i8>', mp, 1)}, zeroinitializer")
        saved = (cg.W, b.W, cg.mask, cg.mask_bits, cg.lane)
        cg.W = b.W = ws
        cg.mask, cg.mask_bits, cg.lane = sub, b.mask_bits(sub), b.iota()
        try:
            r = gen(sliced)
        finally:
            cg.W, b.W, cg.mask, cg.mask_bits, cg.lane = saved
        result_shape = put(r, off)

    def load(sh: Any) -> Any:
        kind, what = sh
        if kind == "agg":
            return Agg([load(x) for x in what])
        ty, buf = what
        mty = "i8" if ty == "i1" else ty
        v = b.load(b.vt(mty), buf, 64)
        if ty == "i1":
            v = b.op(f"icmp ne {b.vt('i8')} {v}, zeroinitializer")
        return Lanes(ty, v)
    return load(result_shape)


def _per_wave_handler(handler: Any) -> Any:
    def run(cg: Compiler, ins, o, args, mask):
        return per_wave(cg, args, lambda sliced: handler(cg, ins, o, sliced, cg.mask))
    return run


for _name in ("WaveIsFirstLane", "WaveAnyTrue", "WaveAllTrue", "WaveActiveAllEqual", "WaveActiveBallot",
              "WaveReadLaneFirst", "WaveReadLaneAt", "WaveActiveOp", "WaveActiveBit", "WaveAllBitCount",
              "WavePrefixOp", "WavePrefixBitCount", "WaveMatch", "WaveMultiPrefixOp", "WaveMultiPrefixBitCount"):
    OPERATIONS[_name] = _per_wave_handler(OPERATIONS[_name])
