"""The `dx.op` operations the executor runs, by operation name: thread ids,
handles, buffer and constant-buffer access, barriers, wave operations,
atomics and the math library, with DXC's semantics (D3D's rules for
integer division by zero, IEEE float operations, inactive lanes left out of
wave operations).

Each handler takes (executor, instruction, operation, arguments, mask) and
returns the call's value: a per-thread array, a tuple for `%dx.types.*`
structs, a `Handle`, or None.

Owns: `OPERATIONS`, the registry the executor looks handlers up in (`op`
registers one; `linalg` and `wavematrix` add theirs), `UNSUPPORTED`, the
operations of the table it does not run and why (every operation is in
one or the other: `tests/unit/test_operation_coverage.py`), and the LLVM
atomics (`atomicrmw`, `cmpxchg`) on groupshared memory.  Does not own: pointers,
memory and handles (`base`), running instructions (`executor`, which hands
each handler itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from ..dxil import reader as R
from . import sampling
from .base import Handle, Ptr, ftz, merge
from .errors import RunError
from .layout import SIGNED

if TYPE_CHECKING:
    from .executor import Executor

OPERATIONS: dict[str, Callable[..., Any]] = {}

# The operations of the table the executor does not run, and why (the
# error a call of one gets says so).  "not emitted by hlslc's lowering"
# begins the reason of one that only other producers' IR holds (the
# coverage test checks the claim against hlslc/lower/).
UNSUPPORTED: dict[str, str] = {
    "LoadInput": "not emitted by hlslc's lowering: a graphics stage's input signature (hlslc compiles compute and library shaders); the table has it to validate other producers' IR",
    "StoreOutput": "not emitted by hlslc's lowering: a graphics stage's output signature (hlslc compiles compute and library shaders); the table has it to validate other producers' IR",
    "EmitStream": "not emitted by hlslc's lowering: geometry shaders only; the table has it to validate other producers' IR",
    "CutStream": "not emitted by hlslc's lowering: geometry shaders only; the table has it to validate other producers' IR",
    "StorePatchConstant": "not emitted by hlslc's lowering: hull shaders only; the table has it to validate other producers' IR",
    "OutputControlPointID": "not emitted by hlslc's lowering: hull shaders only; the table has it to validate other producers' IR",
    "CreateHandleForLib": "not emitted by hlslc's lowering (it creates handles with createHandle or createHandleFromBinding); the table has it to validate other producers' library IR",
    "SetMeshOutputCounts": "not emitted by hlslc's lowering: mesh shaders only; the table has it to validate other producers' IR",
    "StoreVertexOutput": "not emitted by hlslc's lowering: mesh shaders only; the table has it to validate other producers' IR",
    "DispatchMesh": "not emitted by hlslc's lowering: amplification shaders only; the table has it to validate other producers' IR",
    "IMul": "not emitted by hlslc's lowering (nor by DXC from HLSL: a 32 x 32 -> 64-bit product is an i64 mul); "
            "only IR converted from DXBC holds it, and which half of %dx.types.twoi32 is the high one is not "
            "written down",
    "UMul": "not emitted by hlslc's lowering (nor by DXC from HLSL: a 32 x 32 -> 64-bit product is an i64 mul); "
            "only IR converted from DXBC holds it, and which half of %dx.types.twoi32 is the high one is not "
            "written down",
    "CBufferLoad": "not emitted by hlslc's lowering, which reads constant buffers by 16-byte rows "
                   "(CBufferLoadLegacy), as DXC does",
    "Texture2DMSGetSamplePosition": "a pipeline binds no multisampled textures (the offload test suite's format "
                                    "has no sample count), so there is no Texture2DMS whose sample positions "
                                    "it could give",
    "TextureStoreSample": "not emitted by hlslc's lowering (hlslc has no RWTexture2DMS stores)",
    "AllocateRayQuery": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "AllocateRayQuery2": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_TraceRayInline": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_Proceed": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_Abort": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommitNonOpaqueTriangleHit": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommitProceduralPrimitiveHit": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedStatus": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateType": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateObjectToWorld3x4": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateWorldToObject3x4": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedObjectToWorld3x4": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedWorldToObject3x4": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateProceduralPrimitiveNonOpaque": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateTriangleFrontFace": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedTriangleFrontFace": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateTriangleBarycentrics": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedTriangleBarycentrics": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_RayFlags": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_WorldRayOrigin": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_WorldRayDirection": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_RayTMin": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateTriangleRayT": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedRayT": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateInstanceIndex": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateInstanceID": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateGeometryIndex": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidatePrimitiveIndex": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateObjectRayOrigin": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateObjectRayDirection": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedInstanceIndex": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedInstanceID": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedGeometryIndex": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedPrimitiveIndex": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedObjectRayOrigin": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedObjectRayDirection": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CandidateInstanceContributionToHitGroupIndex": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
    "RayQuery_CommittedInstanceContributionToHitGroupIndex": "inline ray tracing (RayQuery, SM 6.5): the CPU runner has no acceleration structures to traverse (the pipeline format has none either)",
}


def op(*names: str, handle: bool = False) -> Callable:
    """Register a handler; `handle=True`: its first argument is a resource
    handle, and a handle naming different resources per thread runs the
    handler once per resource with that resource's threads."""
    def register(fn: Callable) -> Callable:
        run = _per_resource(fn) if handle else fn
        for name in names:
            OPERATIONS[name] = run
        return fn
    return register


def _per_resource(fn: Callable) -> Callable:
    def run(ex, ins, o, args, mask):
        h = args[0]
        if not isinstance(h, Handle) or len(h.resources) == 1:
            return fn(ex, ins, o, args, mask)
        out = None
        for k, res in enumerate(h.resources):
            sub = mask & (h.index == k)
            if not sub.any():
                continue
            r = fn(ex, ins, o, [Handle([res])] + list(args[1:]), sub)
            out = r if out is None else merge(out, r, sub)
        return out
    return run


def _overload(ins: Any) -> np.dtype | None:
    """The overload of a `dx.op.name.f32` call."""
    suffix = ins.callee.rsplit(".", 1)[-1]
    table = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i1": np.bool_, "i8": np.uint8,
             "i16": np.uint16, "i32": np.uint32, "i64": np.uint64}
    dt = table.get(suffix)
    return np.dtype(dt) if dt is not None else None


# --------------------------------------------------------------------------
# Thread ids

@op("ThreadId")
def _thread_id(ex: Executor, ins, o, args, mask):
    return ex.d.dtid[int(args[0][0])].copy()


@op("GroupId")
def _group_id(ex: Executor, ins, o, args, mask):
    return ex.d.gid[int(args[0][0])].copy()


@op("ThreadIdInGroup")
def _thread_id_in_group(ex: Executor, ins, o, args, mask):
    return ex.d.tid[int(args[0][0])].copy()


@op("FlattenedThreadIdInGroup")
def _flat(ex: Executor, ins, o, args, mask):
    return ex.d.flat.copy()


# --------------------------------------------------------------------------
# Handles

_CLASSES = {0: "t", 1: "u", 2: "b", 3: "s"}


@op("CreateHandle")
def _create_handle(ex: Executor, ins, o, args, mask):
    cls = _CLASSES[int(args[0][0])]
    range_id = int(args[1][0])
    index = args[2]
    records = ex.resource_records()[cls]
    rec = next((r for r in records if ex.mod.md_int(r[0]) == range_id), None)
    if rec is None:
        raise RunError(f"createHandle names resource range {range_id} of class '{cls}', which !dx.resources "
                       "does not list", ins.line)
    space = ex.mod.md_int(rec[3])
    return _handle_for(ex, ins, cls, space, index)


@op("CreateHandleFromBinding")
def _create_handle_from_binding(ex: Executor, ins, o, args, mask):
    bind = args[0]                       # (lower, upper, space, class)
    cls = _CLASSES[int(bind[3][0])]
    space = int(bind[2][0])
    return _handle_for(ex, ins, cls, space, args[1])


@op("CreateHandleFromHeap")
def _create_handle_from_heap(ex: Executor, ins, o, args, mask):
    # ResourceDescriptorHeap[i] / SamplerDescriptorHeap[i] (SM 6.6): the
    # pipeline resource whose HeapIndex is i (inactive lanes take an active
    # lane's index).
    sampler = args[1] is not None and bool(args[1][mask].any() if mask.any() else args[1][0])
    index = np.where(mask, args[0], args[0][mask][0] if mask.any() else 0)
    return _handle_for(ex, ins, "sampler heap" if sampler else "heap", 0, index)


def _handle_for(ex: Executor, ins, cls: str, space: int, index: np.ndarray) -> Handle:
    regs = np.unique(index)
    if len(regs) == 1:
        return Handle([ex.resource_at(cls, space, int(regs[0]), ins.line)])
    resources = [ex.resource_at(cls, space, int(r), ins.line) for r in regs]
    return Handle(resources, np.searchsorted(regs, index))


@op("AnnotateHandle")
def _annotate(ex: Executor, ins, o, args, mask):
    return args[0]


# --------------------------------------------------------------------------
# Buffers

def _gather(data: np.ndarray, addr: np.ndarray, dtype: np.dtype, mask: np.ndarray, name: str, ex: Executor,
            line: int | None, res: Any = None, used: bool = True) -> np.ndarray:
    n = dtype.itemsize
    idx = addr.astype(np.int64)[:, None] + np.arange(n)
    oob = (idx.min(axis=1) < 0) | (idx.max(axis=1) >= len(data))
    out = np.zeros(len(addr), dtype=dtype)
    ok = mask & ~oob
    if ok.any():
        raw = data[idx[ok]]
        out[ok] = np.ascontiguousarray(raw).view(dtype).reshape(-1)
    if not used:
        return out          # a component of a load the shader does not read
    if (mask & oob).any() and ex.check:
        raise RunError(f"a read outside buffer '{name}' (byte {int(addr[mask & oob][0])} of {len(data)})", line)
    if res is not None and res.shadow is not None:
        lanes = np.nonzero(ok)[0]
        res.shadow.access("read", addr[lanes].astype(np.int64), n, lanes, line)
    return out


def _scatter(data: np.ndarray, addr: np.ndarray, value: np.ndarray, mask: np.ndarray, name: str,
             ex: Executor, line: int | None, res: Any = None) -> None:
    n = value.dtype.itemsize
    idx = addr.astype(np.int64)[:, None] + np.arange(n)
    oob = (idx.min(axis=1) < 0) | (idx.max(axis=1) >= len(data))
    if (mask & oob).any() and ex.check:
        raise RunError(f"a write outside buffer '{name}' (byte {int(addr[mask & oob][0])} of {len(data)})", line)
    ok = mask & ~oob
    if ok.any():
        lanes = np.nonzero(ok)[0]
        if res is not None:
            res.written = True
            if res.shadow is not None:
                new = np.ascontiguousarray(value[lanes]).view(np.uint8).reshape(len(lanes), n)
                res.shadow.access("write", addr[lanes].astype(np.int64), n, lanes, line, data, new)
        raw = np.ascontiguousarray(value[lanes]).view(np.uint8).reshape(len(lanes), n)
        # Later threads win where two write one place (in thread order).
        data[idx[lanes]] = raw


def _as_overload(values: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """A typed buffer's elements in the load's overload: signed formats
    sign-extend, floats and integers keep their bits' meaning."""
    if values.dtype.kind == "i" and dtype.kind == "u":
        return values.astype(SIGNED[dtype]).view(dtype)
    return values.astype(dtype)


def _element_address(res: Any, index: np.ndarray, offset: np.ndarray | None, raw: bool) -> np.ndarray:
    if raw:
        return index.astype(np.int64)
    off = offset.astype(np.int64) if offset is not None else 0
    return index.astype(np.int64) * res.stride + off


def _typed_format(res: Any, overload: np.dtype) -> tuple[np.dtype, int]:
    """A typed buffer's component format and count as the IR reads it: a
    64-bit format read through 32-bit operations (how 64-bit typed buffers
    are lowered) is twice as many 32-bit words."""
    fmt = res.buffer.dtype
    count = res.buffer.channels
    if fmt.itemsize == 8 and overload.itemsize == 4:
        return np.dtype(np.uint32), count * 2
    return fmt, count


@op("RawBufferLoad", "BufferLoad", handle=True)
def _buffer_load(ex: Executor, ins, o, args, mask):
    handle: Handle = args[0]
    res = handle.single(ins.line)
    dtype = _overload(ins)
    index, offset = args[1], args[2]
    raw = res.kind in ("ByteAddressBuffer", "RWByteAddressBuffer")
    typed = res.kind in ("Buffer", "RWBuffer")
    if typed:
        # A typed buffer's element: Channels components of its format.
        fmt, count = _typed_format(res, dtype)
        base = index.astype(np.int64) * fmt.itemsize * count
        used = ex.used_components(ins) if ex.check else None
        comps = [_as_overload(_gather(res.data, base + k * fmt.itemsize, fmt, mask, res.name, ex, ins.line, res,
                                      used is None or k in used), dtype) for k in range(count)]
        comps += [np.zeros(len(index), dtype=dtype)] * (4 - count)
        return tuple(comps) + (np.ones(len(index), dtype=np.uint32),)
    addr = _element_address(res, index, offset if o.name == "RawBufferLoad" or not raw else None, raw)
    if o.name == "BufferLoad" and not raw:
        addr = index.astype(np.int64) * res.stride + offset.astype(np.int64)
    count = 4
    if o.name == "RawBufferLoad":
        mask_bits = int(args[3][0])
        count = mask_bits.bit_length()
    step = dtype.itemsize
    used = ex.used_components(ins) if ex.check else None
    comps = [_gather(res.data, addr + k * step, dtype, mask, res.name, ex, ins.line, res,
                     used is None or k in used) if k < count
             else np.zeros(len(index), dtype=dtype) for k in range(4)]
    return tuple(comps) + (np.ones(len(index), dtype=np.uint32),)


@op("RawBufferStore", "BufferStore", handle=True)
def _buffer_store(ex: Executor, ins, o, args, mask):
    handle: Handle = args[0]
    res = handle.single(ins.line)
    dtype = _overload(ins)
    index, offset = args[1], args[2]
    values = args[3:7]
    write_mask = int(args[7][0])
    raw = res.kind in ("ByteAddressBuffer", "RWByteAddressBuffer")
    if res.kind in ("Buffer", "RWBuffer"):
        fmt, count = _typed_format(res, dtype)
        base = index.astype(np.int64) * fmt.itemsize * count
        for k in range(count):
            if write_mask >> k & 1:
                _scatter(res.data, base + k * fmt.itemsize, values[k].astype(fmt), mask, res.name, ex, ins.line, res)
        return None
    addr = index.astype(np.int64) if raw else index.astype(np.int64) * res.stride + offset.astype(np.int64)
    for k in range(4):
        if write_mask >> k & 1:
            _scatter(res.data, addr + k * dtype.itemsize, values[k].astype(dtype), mask, res.name, ex, ins.line,
                     res)
    return None


@op("RawBufferVectorLoad", handle=True)
def _buffer_vector_load(ex: Executor, ins, o, args, mask):
    """SM 6.9's native vector load (`%dx.types.ResRet.v8f32 = { <8 x float>, i32 }`)
    from a byte-address or structured buffer."""
    res = args[0].single(ins.line)
    t = ex.types.get(ins.type)
    vec = t.fields[0] if t.kind == "struct" else t
    dtype, count = np.dtype(vec.dtype), max(vec.count, 1)
    raw = res.kind in ("ByteAddressBuffer", "RWByteAddressBuffer")
    addr = _element_address(res, args[1], None if raw else args[2], raw)
    comps = [_gather(res.data, addr + k * dtype.itemsize, dtype, mask, res.name, ex, ins.line) for k in range(count)]
    return (np.stack(comps, axis=1), np.ones(len(mask), dtype=np.uint32))


@op("RawBufferVectorStore", handle=True)
def _buffer_vector_store(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    value = args[3] if args[3].ndim == 2 else args[3][:, None]
    raw = res.kind in ("ByteAddressBuffer", "RWByteAddressBuffer")
    addr = _element_address(res, args[1], None if raw else args[2], raw)
    step = value.dtype.itemsize
    for k in range(value.shape[1]):
        _scatter(res.data, addr + k * step, np.ascontiguousarray(value[:, k]), mask, res.name, ex, ins.line)
    return None


@op("TextureLoad", handle=True)
def _texture_load(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    dtype = _overload(ins)
    buf = sampling.texture_buffer(res, ins.line)
    n = len(mask)
    zero = np.zeros(n, dtype=np.int64)
    coords = [c.astype(np.int64) if c is not None else zero for c in args[2:5]]
    # The texel offsets of Load(location, offset): added to the coordinates.
    offsets = args[5:8] if len(args) >= 8 else []
    coords = [c if k >= len(offsets) or offsets[k] is None else c + offsets[k].astype(np.int32).astype(np.int64)
              for k, c in enumerate(coords)]
    # A Texture's mip level; a RWTexture views mip 0.
    level = args[1].astype(np.int64) if args[1] is not None and res.kind.startswith("Texture") else zero
    comps = [_as_overload(c, dtype) for c in sampling.fetch(res, buf, level, coords[0], coords[1], mask, coords[2])]
    comps += [np.zeros(n, dtype=dtype)] * (4 - len(comps))
    return tuple(comps) + (np.ones(n, dtype=np.uint32),)


def _sampler(args: list, line: int | None) -> Any:
    res = args[1].single(line) if isinstance(args[1], Handle) else None
    if res is None or res.sampler is None:
        raise RunError("the operation's sampler is not bound to a pipeline sampler", line)
    return res.sampler


def _offsets(values: list, count: int) -> tuple[np.ndarray, np.ndarray]:
    """The x and y texel offsets of a sample or gather (zero where undef)."""
    out = [v.astype(np.int32).astype(np.int64) if v is not None else np.zeros(count, dtype=np.int64)
           for v in values[:2]]
    return out[0], out[1]


def _sampled(ins, values: np.ndarray, mask: np.ndarray) -> tuple:
    """A ResRet of float texels (n x 4) in the call's overload."""
    dtype = _overload(ins)
    return tuple(values[:, k].astype(dtype) for k in range(4)) + (np.ones(len(mask), dtype=np.uint32),)


# Operands after (texture, sampler, c0..c3, o0..o2) of each sample
# operation: (comparison value, explicit LOD, first gradient, clamp).
_SAMPLE_OPERANDS = {
    "SampleLevel": (None, 9, None, None),
    "SampleGrad": (None, None, 9, 15),
    "SampleCmpLevelZero": (9, "zero", None, None),
    "SampleCmpLevel": (9, 10, None, None),
    "SampleCmpGrad": (9, None, 10, 16),
}


@op("SampleLevel", "SampleGrad", "SampleCmpLevelZero", "SampleCmpLevel", "SampleCmpGrad", handle=True)
def _sample(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    sampler = _sampler(args, ins.line)
    buf = sampling.texture_buffer(res, ins.line)
    n = len(mask)
    cmp_at, lod_at, grad_at, clamp_at = _SAMPLE_OPERANDS[o.name]
    reference = args[cmp_at] if cmp_at is not None else None
    if lod_at == "zero":
        lod = np.zeros(n)
    else:
        lod = args[lod_at] if lod_at is not None else None
    gradients = None
    if grad_at is not None:
        ddx, ddy = args[grad_at:grad_at + 3], args[grad_at + 3:grad_at + 6]
        zero = np.zeros(n)
        gradients = ([d if d is not None else zero for d in ddx], [d if d is not None else zero for d in ddy])
    clamp = args[clamp_at] if clamp_at is not None and clamp_at < len(args) else None
    level, linear = sampling.level_of_detail(buf, sampler, mask, lod, gradients, clamp)
    values = sampling.sample(res, sampler, args[2], args[3], level, linear, _offsets(args[6:8], n), mask,
                             ins.line, reference)
    return _sampled(ins, values, mask)


# Operands after (texture, sampler, c0..c3, o0..o2) of the samples with
# implicit derivatives: (comparison value, bias, clamp).
_IMPLICIT_OPERANDS = {
    "Sample": (None, None, 9),
    "SampleBias": (None, 9, 10),
    "SampleCmp": (9, None, 10),
    "SampleCmpBias": (9, 10, 11),
}


def _implicit_gradients(ex: Executor, coords: list) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The derivatives of the coordinates across each quad (coarse: one per
    quad), as a pixel shader's implicit derivatives are."""
    zero = np.zeros(ex.d.count)
    ddx = [quad_difference(ex, c, "x", fine=False) if c is not None else zero for c in coords]
    ddy = [quad_difference(ex, c, "y", fine=False) if c is not None else zero for c in coords]
    return ddx, ddy


@op(*_IMPLICIT_OPERANDS, handle=True)
def _sample_implicit(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    sampler = _sampler(args, ins.line)
    buf = sampling.texture_buffer(res, ins.line)
    cmp_at, bias_at, clamp_at = _IMPLICIT_OPERANDS[o.name]
    reference = args[cmp_at] if cmp_at is not None else None
    bias = args[bias_at] if bias_at is not None else None
    clamp = args[clamp_at] if clamp_at < len(args) else None
    level, linear = sampling.level_of_detail(buf, sampler, mask, None, _implicit_gradients(ex, args[2:4]), clamp,
                                             bias)
    values = sampling.sample(res, sampler, args[2], args[3], level, linear, _offsets(args[6:8], len(mask)), mask,
                             ins.line, reference)
    return _sampled(ins, values, mask)


@op("CalculateLOD", handle=True)
def _calculate_lod(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    sampler = _sampler(args, ins.line)
    buf = sampling.texture_buffer(res, ins.line)
    clamped = bool(args[5][0]) if args[5] is not None else True
    return sampling.calculate_lod(buf, sampler, _implicit_gradients(ex, args[2:4]), clamped)


@op("TextureGather", "TextureGatherCmp", handle=True)
def _gather_texels(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    sampler = _sampler(args, ins.line)
    channel = int(args[8][0]) if args[8] is not None else 0
    reference = args[9] if o.name == "TextureGatherCmp" else None
    values = sampling.gather(res, sampler, args[2], args[3], _offsets(args[6:8], len(mask)), channel, mask,
                             ins.line, reference)
    return _sampled(ins, values, mask)


@op("TextureGatherRaw", handle=True)
def _gather_raw(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    sampler = _sampler(args, ins.line)
    values = sampling.gather_raw(res, sampler, args[2], args[3], _offsets(args[6:8], len(mask)), mask, ins.line,
                                 _overload(ins))
    return tuple(values) + (np.ones(len(mask), dtype=np.uint32),)


@op("TextureStore", handle=True)
def _texture_store(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    buf = sampling.texture_buffer(res, ins.line)
    zero = np.zeros(len(mask), dtype=np.int64)
    x, y, z = (c.astype(np.int64) if c is not None else zero for c in args[1:4])
    base, inside = sampling.texel_address(buf, zero, x, y, z)
    fmt, count = buf.dtype, buf.channels
    write_mask = int(args[8][0])
    # A store outside the texture is dropped, as Direct3D does.
    for k in range(count):
        if write_mask >> k & 1:
            _scatter(res.data, base + k * fmt.itemsize, args[4 + k].astype(fmt), mask & inside, res.name, ex,
                     ins.line, res)
    return None


@op("CBufferLoadLegacy", handle=True)
def _cbuffer_load(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    dtype = _overload(ins)
    row = args[1].astype(np.int64) * 16
    count = 16 // dtype.itemsize
    used = ex.used_components(ins) if ex.check else None
    return tuple(_gather(res.data, row + k * dtype.itemsize, dtype, mask, res.name, ex, ins.line,
                         used=used is None or k in used)
                 for k in range(count))


@op("BufferUpdateCounter", handle=True)
def _update_counter(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    inc = int(np.int8(args[1][0]))
    lanes = np.nonzero(mask)[0]
    out = np.zeros(len(mask), dtype=np.uint32)
    res.written = res.written or bool(len(lanes))
    # The counter is a uint: it wraps (a decrement from 0 gives 0xFFFFFFFF).
    if inc > 0:
        out[lanes] = (res.counter + np.arange(len(lanes))) & 0xFFFFFFFF
        res.counter = (res.counter + len(lanes)) & 0xFFFFFFFF
    else:
        res.counter = (res.counter - len(lanes)) & 0xFFFFFFFF
        out[lanes] = (res.counter + np.arange(len(lanes))[::-1]) & 0xFFFFFFFF
    return out


@op("GetDimensions", handle=True)
def _get_dimensions(ex: Executor, ins, o, args, mask):
    res = args[0].single(ins.line)
    n = len(mask)
    if res.kind in ("Texture2D", "RWTexture2D") and res.buffer.extent[0]:
        buf = res.buffer
        # A Texture's mip level (a RWTexture has one); past the last level
        # the sizes are zero.
        level = args[1].astype(np.int64) if args[1] is not None and res.kind == "Texture2D" \
            else np.zeros(n, dtype=np.int64)
        w, h, _ = sampling.level_extent(buf, level)
        past = (level < 0) | (level >= buf.mip_levels)
        levels = buf.mip_levels if res.kind == "Texture2D" else 1
        return (np.where(past, 0, w).astype(np.uint32), np.where(past, 0, h).astype(np.uint32),
                np.zeros(n, dtype=np.uint32), np.full(n, levels, dtype=np.uint32))
    if res.kind in ("ByteAddressBuffer", "RWByteAddressBuffer"):
        width = len(res.data)
    elif res.kind in ("Buffer", "RWBuffer"):
        width = len(res.data) // (res.buffer.dtype.itemsize * res.buffer.channels)
    else:
        width = len(res.data) // res.stride
    z = np.zeros(n, dtype=np.uint32)
    return (np.full(n, width, dtype=np.uint32), z, z.copy(), z.copy())


@op("Barrier", "BarrierByMemoryType", "BarrierByMemoryHandle")
def _barrier(ex: Executor, ins, o, args, mask):
    # Every thread of the dispatch runs in one lockstep: memory written before
    # the barrier is visible after it.  A barrier some threads of a group skip
    # is the shader's bug.
    if ex.check and not mask.all():
        groups = np.unique(ex.d.group[mask])
        whole = np.isin(ex.d.group, groups)
        if (whole & ~mask).any():
            raise RunError("a barrier not reached by every thread of its group (it is in divergent control "
                           "flow)", ins.line)
    groups = np.unique(ex.d.group[mask])
    ex.epoch[groups] += 1
    # Whether it orders the group's accesses to UAVs: a group sync with a
    # UAV fence (DeviceMemoryBarrierWithGroupSync, AllMemoryBarrierWithGroupSync).
    if o.name == "Barrier":
        flags = int(args[0][0])
        fences_uavs, sync = bool(flags & 6), bool(flags & 1)
    elif o.name == "BarrierByMemoryType":
        fences_uavs, sync = bool(int(args[0][0]) & 1), bool(int(args[1][0]) & 1)
    else:
        fences_uavs, sync = True, bool(int(args[1][0]) & 1)
    if fences_uavs and sync:
        ex.uav_epoch[groups] += 1
    if fences_uavs:
        ex.acquired[groups] = ex.uav_atomics[groups]
    return None


# --------------------------------------------------------------------------
# Math

def _float_unary(fn, flush: bool = True):
    def run(ex, ins, o, args, mask):
        with np.errstate(all="ignore"):
            if not flush:
                return fn(args[0]).astype(args[0].dtype)
            return ftz(fn(ftz(args[0])).astype(args[0].dtype))
    return run


for _name, _fn in {
    "FAbs": np.abs, "Cos": np.cos, "Sin": np.sin, "Tan": np.tan, "Acos": np.arccos, "Asin": np.arcsin,
    "Atan": np.arctan, "Hcos": np.cosh, "Hsin": np.sinh, "Htan": np.tanh, "Exp": np.exp2, "Log": np.log2,
    "Sqrt": np.sqrt, "Rsqrt": lambda x: 1 / np.sqrt(x), "Round_ne": np.rint, "Round_ni": np.floor,
    "Round_pi": np.ceil, "Round_z": np.trunc, "Frc": lambda x: x - np.floor(x),
    "Saturate": lambda x: np.clip(np.nan_to_num(x, nan=0.0), 0, 1),
}.items():
    # |x| clears the sign bit: a denormal stays one.
    OPERATIONS[_name] = _float_unary(_fn, flush=_name != "FAbs")


@op("IsNaN", "IsInf", "IsFinite", "IsNormal")
def _classify(ex, ins, o, args, mask):
    x = args[0]
    if o.name == "IsNaN":
        return np.isnan(x)
    if o.name == "IsInf":
        return np.isinf(x)
    if o.name == "IsFinite":
        return np.isfinite(x)
    tiny = np.finfo(x.dtype).tiny
    return np.isfinite(x) & (np.abs(x) >= tiny)


@op("FMax", "FMin")
def _fminmax(ex, ins, o, args, mask):
    return (np.fmax if o.name == "FMax" else np.fmin)(args[0], args[1])


@op("IMax", "IMin", "UMax", "UMin")
def _iminmax(ex, ins, o, args, mask):
    a, b = args[0], args[1]
    if o.name[0] == "I":
        sd = SIGNED[a.dtype]
        r = (np.maximum if o.name == "IMax" else np.minimum)(a.view(sd), b.view(sd))
        return r.view(a.dtype)
    return (np.maximum if o.name == "UMax" else np.minimum)(a, b)


@op("FMad", "Fma", "IMad", "UMad")
def _mad(ex, ins, o, args, mask):
    with np.errstate(all="ignore"):
        if o.name == "Fma":
            return (args[0].astype(np.float64) * args[1] + args[2]).astype(args[0].dtype)
        if o.name == "FMad":
            # float32 denormals flush, in and out, as in the other float arithmetic.
            a, b, c = (ftz(x) for x in args[:3])
            return ftz((a * b + c).astype(args[0].dtype))
        return (args[0] * args[1] + args[2]).astype(args[0].dtype)


@op("Dot2", "Dot3", "Dot4")
def _dot(ex, ins, o, args, mask):
    n = int(o.name[-1])
    with np.errstate(all="ignore"):
        out = args[0] * args[n]
        for k in range(1, n):
            out = out + args[k] * args[n + k]
    return out


@op("Countbits")
def _countbits(ex, ins, o, args, mask):
    x = args[0].astype(np.uint64)
    count = np.zeros(len(x), dtype=np.uint32)
    for k in range(args[0].dtype.itemsize * 8):
        count += ((x >> np.uint64(k)) & np.uint64(1)).astype(np.uint32)
    return count


@op("FirstbitLo", "FirstbitHi", "FirstbitSHi")
def _firstbit(ex, ins, o, args, mask):
    x = args[0]
    bits = x.dtype.itemsize * 8
    v = x.astype(np.uint64)
    if o.name == "FirstbitSHi":
        neg = x.view(SIGNED[x.dtype]) < 0
        v = np.where(neg, ~v & np.uint64((1 << bits) - 1), v)
    out = np.full(len(x), 0xFFFFFFFF, dtype=np.uint32)
    for k in range(bits):
        has = ((v >> np.uint64(k)) & np.uint64(1)) == 1
        if o.name == "FirstbitLo":
            out = np.where(has & (out == 0xFFFFFFFF), k, out)
        else:
            # DXIL counts from the most significant bit
            out = np.where(has, bits - 1 - k, out)
    return out.astype(np.uint32)


@op("Bfrev")
def _bfrev(ex, ins, o, args, mask):
    x = args[0]
    bits = x.dtype.itemsize * 8
    v = x.astype(np.uint64)
    out = np.zeros(len(x), dtype=np.uint64)
    for k in range(bits):
        out |= ((v >> np.uint64(k)) & np.uint64(1)) << np.uint64(bits - 1 - k)
    return out.astype(x.dtype)


@op("CheckAccessFullyMapped")
def _check_access(ex, ins, o, args, mask):
    return np.ones(len(mask), dtype=bool)     # every tile of a CPU buffer is mapped


@op("IsHelperLane")
def _is_helper_lane(ex, ins, o, args, mask):
    return np.zeros(len(mask), dtype=bool)    # a compute dispatch has no helper lanes


@op("Dot2AddHalf")
def _dot2add(ex, ins, o, args, mask):
    acc, a0, a1, b0, b1 = args
    with np.errstate(all="ignore"):
        return (acc.astype(np.float32) + a0.astype(np.float32) * b0.astype(np.float32)
                + a1.astype(np.float32) * b1.astype(np.float32)).astype(np.float32)


@op("Dot4AddI8Packed", "Dot4AddU8Packed")
def _dot4add(ex, ins, o, args, mask):
    acc, a, b = args
    signed = o.name == "Dot4AddI8Packed"
    total = acc.astype(np.int64) if not signed else acc.view(np.int32).astype(np.int64)
    for k in range(4):
        x = (a >> np.uint32(8 * k)) & np.uint32(0xFF)
        y = (b >> np.uint32(8 * k)) & np.uint32(0xFF)
        if signed:
            x = x.astype(np.uint8).view(np.int8)
            y = y.astype(np.uint8).view(np.int8)
        total = total + x.astype(np.int64) * y.astype(np.int64)
    return (total & 0xFFFFFFFF).astype(np.uint32)


@op("UDiv")
def _udiv(ex, ins, o, args, mask):
    """(quotient, remainder); both 0xFFFFFFFF for a zero divisor, as in D3D."""
    a, b = args[0].astype(np.uint32), args[1].astype(np.uint32)
    zero = b == 0
    safe = np.where(zero, np.uint32(1), b)
    ones = np.uint32(0xFFFFFFFF)
    return np.where(zero, ones, a // safe).astype(np.uint32), np.where(zero, ones, a % safe).astype(np.uint32)


@op("UAddc", "USubb")
def _carry(ex, ins, o, args, mask):
    """(the low 32 bits, whether the sum carried or the difference borrowed)."""
    a, b = args[0].astype(np.int64), args[1].astype(np.int64)
    wide = a + b if o.name == "UAddc" else a - b
    return (wide & 0xFFFFFFFF).astype(np.uint32), (wide > 0xFFFFFFFF) | (wide < 0)


@op("Ibfe", "Ubfe")
def _bfe(ex, ins, o, args, mask):
    """The `width` bits of `value` from bit `offset` (both mod 32), sign-
    (Ibfe) or zero-extended (Ubfe); 0 for width 0; past bit 31, the bits
    that are there (D3D's ibfe and ubfe)."""
    width, offset = (args[0].astype(np.int64) & 31), (args[1].astype(np.int64) & 31)
    value = args[2].astype(np.uint32)
    signed = o.name == "Ibfe"
    out = np.zeros(len(value), dtype=np.uint32)
    for lane in range(len(value)):
        w, off, v = int(width[lane]), int(offset[lane]), int(value[lane])
        if w == 0:
            continue
        bits = min(w, 32 - off)
        field = (v >> off) & ((1 << bits) - 1)
        if signed and field >> (bits - 1):
            field -= 1 << bits
        out[lane] = field & 0xFFFFFFFF
    return out


@op("Msad")
def _msad(ex, ins, o, args, mask):
    """Masked sum of absolute differences: |ref - src| of each byte whose
    reference byte is not zero, added to the accumulator (msad4 lowers to
    one per byte alignment)."""
    ref, src, acc = (a.astype(np.int64) for a in args[:3])
    total = acc
    for k in range(4):
        r = (ref >> (8 * k)) & 0xFF
        s = (src >> (8 * k)) & 0xFF
        total = total + np.where(r != 0, np.abs(r - s), 0)
    return (total & 0xFFFFFFFF).astype(np.uint32)


@op("Bfi")
def _bfi(ex, ins, o, args, mask):
    """Bits [offset, offset + width) of the result are the low bits of
    `value`, the others those of `replaced` (width and offset mod 32, bits
    past 31 dropped)."""
    width, offset, value, replaced = (a.astype(np.uint64) for a in args[:4])
    width, offset = width & np.uint64(31), offset & np.uint64(31)
    field = (((np.uint64(1) << width) - np.uint64(1)) << offset) & np.uint64(0xFFFFFFFF)
    return (((value << offset) & field) | (replaced & ~field & np.uint64(0xFFFFFFFF))).astype(np.uint32)


@op("Pack4x8")
def _pack4x8(ex, ins, o, args, mask):
    """The low bytes of four integers in one word, x lowest (PackMode:
    Trunc 0, UClamp 1: clamped to [0, 255], SClamp 2: to [-128, 127])."""
    mode = int(args[0][0])
    out = np.zeros(len(mask), dtype=np.uint32)
    for k, x in enumerate(args[1:5]):
        v = x.view(SIGNED[x.dtype]).astype(np.int64)
        if mode == 1:
            v = np.clip(v, 0, 255)
        elif mode == 2:
            v = np.clip(v, -128, 127)
        out |= ((v & 0xFF).astype(np.uint32) << np.uint32(8 * k))
    return out


@op("Unpack4x8")
def _unpack4x8(ex, ins, o, args, mask):
    """The four bytes of a word, x lowest, zero- (UnpackMode Unsigned 0) or
    sign-extended (Signed 1) to the overload."""
    signed = int(args[0][0]) == 1
    dtype = _overload(ins)
    word = args[1].astype(np.uint32)
    parts = []
    for k in range(4):
        byte = ((word >> np.uint32(8 * k)) & np.uint32(0xFF)).astype(np.uint8)
        wide = byte.view(np.int8).astype(np.int64) if signed else byte.astype(np.int64)
        parts.append(wide.astype(SIGNED[dtype]).view(dtype))
    return tuple(parts)


@op("LegacyF32ToF16")
def _f32tof16(ex, ins, o, args, mask):
    return args[0].astype(np.float16).view(np.uint16).astype(np.uint32)


@op("LegacyF16ToF32")
def _f16tof32(ex, ins, o, args, mask):
    return (args[0] & 0xFFFF).astype(np.uint16).view(np.float16).astype(np.float32)


@op("LegacyDoubleToFloat")
def _double_to_float(ex, ins, o, args, mask):
    return args[0].astype(np.float32)


@op("LegacyDoubleToSInt32", "LegacyDoubleToUInt32")
def _double_to_int(ex, ins, o, args, mask):
    """Rounded towards zero (out of range: whatever numpy gives, as the
    conversion is undefined there)."""
    with np.errstate(all="ignore"):
        if o.name == "LegacyDoubleToSInt32":
            return np.trunc(args[0]).astype(np.int32).view(np.uint32)
        return np.trunc(args[0]).astype(np.int64).astype(np.uint32)


@op("MakeDouble")
def _make_double(ex, ins, o, args, mask):
    lo, hi = args[0].astype(np.uint64), args[1].astype(np.uint64)
    return ((hi << np.uint64(32)) | lo).view(np.float64)


@op("SplitDouble")
def _split_double(ex, ins, o, args, mask):
    bits = np.ascontiguousarray(args[0]).view(np.uint64)
    return ((bits & np.uint64(0xFFFFFFFF)).astype(np.uint32), (bits >> np.uint64(32)).astype(np.uint32))


@op("BitcastI16toF16", "BitcastF16toI16", "BitcastI32toF32", "BitcastF32toI32", "BitcastI64toF64",
    "BitcastF64toI64")
def _bitcast(ex, ins, o, args, mask):
    target = {"F16": np.float16, "I16": np.uint16, "F32": np.float32, "I32": np.uint32, "F64": np.float64,
              "I64": np.uint64}[o.name[-3:]]
    return np.ascontiguousarray(args[0]).view(target)


# --------------------------------------------------------------------------
# Waves

def _by_wave(ex: Executor, values: np.ndarray, mask: np.ndarray, reduce: Callable, identity: Any) -> np.ndarray:
    """Apply `reduce` to each wave's active lanes; every lane gets the result."""
    waves = ex.d.wave
    out = np.zeros_like(values)      # (lanes of waves with no active lane: zeros, not stale memory)
    for w in np.unique(waves[mask]):
        lanes = waves == w
        active = lanes & mask
        out[lanes] = reduce(values[active]) if active.any() else identity
    return out


@op("WaveGetLaneIndex")
def _lane_index(ex, ins, o, args, mask):
    return ex.d.lane.copy()


@op("WaveGetLaneCount")
def _lane_count(ex, ins, o, args, mask):
    return np.full(ex.d.count, ex.wave_size, dtype=np.uint32)


@op("WaveIsFirstLane")
def _first_lane(ex, ins, o, args, mask):
    out = np.zeros(ex.d.count, dtype=bool)
    for w in np.unique(ex.d.wave[mask]):
        lanes = np.nonzero((ex.d.wave == w) & mask)[0]
        out[lanes[0]] = True
    return out


@op("WaveAnyTrue", "WaveAllTrue")
def _vote(ex, ins, o, args, mask):
    fn = np.any if o.name == "WaveAnyTrue" else np.all
    return _by_wave(ex, args[0].astype(bool), mask, fn, False)


@op("WaveActiveAllEqual")
def _all_equal(ex, ins, o, args, mask):
    v = args[0]
    return _by_wave(ex, v, mask, lambda x: np.all(x == x[0]), False).astype(bool)


@op("WaveActiveBallot")
def _ballot(ex, ins, o, args, mask):
    cond = args[0].astype(bool) & mask
    words = [np.zeros(ex.d.count, dtype=np.uint32) for _ in range(4)]
    for w in np.unique(ex.d.wave[mask]):
        lanes = ex.d.wave == w
        bits = 0
        for lane in np.nonzero(lanes & cond)[0]:
            bits |= 1 << int(ex.d.lane[lane])
        for k in range(4):
            words[k][lanes] = (bits >> (32 * k)) & 0xFFFFFFFF
    return tuple(words)


@op("WaveReadLaneFirst")
def _read_first(ex, ins, o, args, mask):
    return _by_wave(ex, args[0], mask, lambda x: x[0], 0)


@op("WaveReadLaneAt")
def _read_lane(ex, ins, o, args, mask):
    v, lane = args[0], args[1]
    out = v.copy()
    wave_base = np.nonzero(ex.d.lane == 0)[0]
    base = wave_base[np.searchsorted(wave_base, np.arange(ex.d.count), side="right") - 1]
    src = np.clip(base + lane.astype(np.int64) % ex.wave_size, 0, ex.d.count - 1)
    out[mask] = v[src[mask]]
    return out


_WAVE_OPS = {0: "sum", 1: "product", 2: "min", 3: "max"}


@op("WaveActiveOp")
def _wave_active_op(ex, ins, o, args, mask):
    v, kind, signed = args[0], int(args[1][0]), int(args[2][0]) == 0
    dt = v.dtype
    work = v.view(SIGNED[dt]) if signed and dt.kind == "u" else v
    with np.errstate(all="ignore"):
        fn = {0: np.sum, 1: np.prod, 2: np.min, 3: np.max}[kind]
        out = _by_wave(ex, work, mask, lambda x: fn(x).astype(work.dtype), 0)
    return out.view(dt) if work.dtype != dt else out


@op("WaveActiveBit")
def _wave_active_bit(ex, ins, o, args, mask):
    v, kind = args[0], int(args[1][0])
    fn = {0: np.bitwise_and.reduce, 1: np.bitwise_or.reduce, 2: np.bitwise_xor.reduce}[kind]
    return _by_wave(ex, v, mask, fn, 0)


@op("WaveAllBitCount")
def _all_bit_count(ex, ins, o, args, mask):
    return _by_wave(ex, args[0].astype(np.uint32), mask, lambda x: np.uint32(x.sum()), 0).astype(np.uint32)


@op("WavePrefixOp", "WavePrefixBitCount")
def _prefix(ex, ins, o, args, mask):
    v = args[0]
    if o.name == "WavePrefixBitCount":
        v, kind, signed = v.astype(np.uint32), 0, False
    else:
        kind, signed = int(args[1][0]), int(args[2][0]) == 0
    dt = v.dtype
    work = v.view(SIGNED[dt]) if signed and dt.kind == "u" else v
    out = np.zeros_like(work)
    ident = {0: 0, 1: 1}[kind]
    for w in np.unique(ex.d.wave[mask]):
        lanes = np.nonzero((ex.d.wave == w) & mask)[0]
        acc = work.dtype.type(ident)
        for lane in lanes:
            out[lane] = acc
            with np.errstate(all="ignore"):
                acc = acc + work[lane] if kind == 0 else acc * work[lane]
    return out.view(dt) if work.dtype != dt else out


def _bits(v: np.ndarray) -> np.ndarray:
    """Values as unsigned integers of their width (floats by their bits)."""
    return np.ascontiguousarray(v).view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[v.dtype.itemsize]) \
        if v.dtype != np.bool_ else v.astype(np.uint8)


def _lane_masks(args: list) -> np.ndarray:
    """Each thread's `uint4` lane mask (four i32 operands) as one integer."""
    words = [a.astype(object) for a in args]
    return words[0] | (words[1] << 32) | (words[2] << 64) | (words[3] << 96)


@op("WaveMatch")
def _wave_match(ex, ins, o, args, mask):
    """The active lanes of the wave whose value has the same bits."""
    v = _bits(args[0])
    words = [np.zeros(ex.d.count, dtype=np.uint32) for _ in range(4)]
    for w in np.unique(ex.d.wave[mask]):
        lanes = np.nonzero((ex.d.wave == w) & mask)[0]
        for lane in lanes:
            bits = 0
            for other in lanes[v[lanes] == v[lane]]:
                bits |= 1 << int(ex.d.lane[other])
            for k in range(4):
                words[k][lane] = (bits >> (32 * k)) & 0xFFFFFFFF
    return tuple(words)


# WaveMultiPrefixOpKind: Sum 0, And 1, Or 2, Xor 3, Product 4.
_MULTI_PREFIX = {0: (lambda a, b: a + b, 0), 1: (lambda a, b: a & b, -1), 2: (lambda a, b: a | b, 0),
                 3: (lambda a, b: a ^ b, 0), 4: (lambda a, b: a * b, 1)}


def _multi_prefix(ex: Executor, values: np.ndarray, masks: np.ndarray, mask: np.ndarray, combine: Callable,
                  identity: Any) -> np.ndarray:
    """For each active lane, `combine` over the active lanes below it that
    its mask names (the partitioned exclusive prefix)."""
    out = np.zeros_like(values)
    for w in np.unique(ex.d.wave[mask]):
        lanes = np.nonzero((ex.d.wave == w) & mask)[0]
        for lane in lanes:
            acc = values.dtype.type(identity)
            me = int(ex.d.lane[lane])
            for other in lanes:
                k = int(ex.d.lane[other])
                if k < me and (masks[lane] >> k) & 1:
                    with np.errstate(all="ignore"):
                        acc = values.dtype.type(combine(acc, values[other]))
            out[lane] = acc
    return out


@op("WaveMultiPrefixOp")
def _wave_multi_prefix(ex, ins, o, args, mask):
    v, kind, signed = args[0], int(args[5][0]), int(args[6][0]) == 0
    combine, identity = _MULTI_PREFIX[kind]
    if kind in (1, 2, 3):            # bitwise: on the bits, whatever the type
        bits = _bits(v)
        ident = np.iinfo(bits.dtype).max if identity == -1 else identity
        return _multi_prefix(ex, bits, _lane_masks(args[1:5]), mask, combine, ident).view(v.dtype)
    work = v.view(SIGNED[v.dtype]) if signed and v.dtype.kind == "u" else v
    out = _multi_prefix(ex, work, _lane_masks(args[1:5]), mask, combine, identity)
    return out.view(v.dtype) if work.dtype != v.dtype else out


@op("WaveMultiPrefixBitCount")
def _wave_multi_prefix_count(ex, ins, o, args, mask):
    ones = args[0].astype(np.uint32)
    return _multi_prefix(ex, ones, _lane_masks(args[1:5]), mask, lambda a, b: a + b, 0)


@op("QuadReadLaneAt", "QuadOp")
def _quad(ex, ins, o, args, mask):
    """Quads are four consecutive flattened threads of a group."""
    v = args[0]
    flat = ex.d.flat.astype(np.int64)
    base = np.arange(ex.d.count, dtype=np.int64) - flat % 4
    if o.name == "QuadReadLaneAt":
        src = base + args[1].astype(np.int64) % 4
    else:
        within = flat % 4
        kind = int(args[1][0])          # 0: across X, 1: across Y, 2: diagonal
        src = base + (within ^ (1, 2, 3)[kind])
    src = np.clip(src, 0, ex.d.count - 1)
    return v[src]


@op("WriteSamplerFeedback", "WriteSamplerFeedbackBias", "WriteSamplerFeedbackLevel", "WriteSamplerFeedbackGrad")
def _sampler_feedback(ex, ins, o, args, mask):
    """A feedback map's contents are the driver's (read back only through
    ResolveSubresourceRegion): on the CPU the write records nothing."""
    return None


def quad_difference(ex: Executor, v: np.ndarray, axis: str, fine: bool) -> np.ndarray:
    """The derivative of `v` across each quad (four consecutive flattened
    threads of a group, 0 1 above 2 3, as SM 6.6 lays out a compute shader's
    quads): along x, the right thread's value minus the left one's (coarse:
    of the top row for the whole quad; fine: of the thread's row); along y,
    the bottom one's minus the top one's (of the left column, or of the
    thread's column).  A quad cut short by the group's end differs by 0."""
    flat = ex.d.flat.astype(np.int64)
    me = np.arange(ex.d.count, dtype=np.int64)
    base = me - flat % 4
    if axis == "x":
        first = base + (2 * ((flat % 4) // 2) if fine else 0)
        second = first + 1
    else:
        first = base + (flat % 2 if fine else 0)
        second = first + 2

    def at(k: np.ndarray) -> np.ndarray:
        k = np.clip(k, 0, ex.d.count - 1)
        return np.where(ex.d.group[k] == ex.d.group, k, me)

    a, b = at(first), at(second)
    with np.errstate(all="ignore"):
        return np.where(a == b, np.zeros_like(v), v[b] - v[a]).astype(v.dtype)


@op("DerivCoarseX", "DerivCoarseY", "DerivFineX", "DerivFineY")
def _derivative(ex, ins, o, args, mask):
    return quad_difference(ex, args[0], o.name[-1].lower(), fine="Fine" in o.name)


@op("QuadVote")
def _quad_vote(ex, ins, o, args, mask):
    """QuadAny (QuadVoteOpKind Any 0) / QuadAll (All 1) over the active
    threads of each quad (four consecutive flattened threads of a group)."""
    cond = args[0].astype(bool)
    vote_all = int(args[1][0]) == 1
    flat = ex.d.flat.astype(np.int64)
    base = np.arange(ex.d.count, dtype=np.int64) - flat % 4
    out = np.full(ex.d.count, vote_all)
    for k in range(4):
        src = np.clip(base + k, 0, ex.d.count - 1)
        member = mask[src] & (ex.d.group[src] == ex.d.group)
        if vote_all:
            out &= ~member | cond[src]
        else:
            out |= member & cond[src]
    return out


# --------------------------------------------------------------------------
# Atomics

_ATOMIC = {0: "add", 1: "and", 2: "or", 3: "xor", 4: "imin", 5: "imax", 6: "umin", 7: "umax", 8: "xchg"}


def _apply(kind: str, old: Any, value: Any, dt: np.dtype) -> Any:
    sd = SIGNED.get(dt, dt)
    if kind in ("add", "sub"):
        with np.errstate(over="ignore"):     # atomics wrap
            return (old + value if kind == "add" else old - value).astype(dt)
    if kind == "and":
        return old & value
    if kind == "or":
        return old | value
    if kind == "xor":
        return old ^ value
    if kind in ("imin", "min"):
        return min(np.array(old).view(sd), np.array(value).view(sd)).view(dt) if dt.kind == "u" else min(old, value)
    if kind in ("imax", "max"):
        return max(np.array(old).view(sd), np.array(value).view(sd)).view(dt) if dt.kind == "u" else max(old, value)
    if kind == "umin":
        return min(old, value)
    if kind == "umax":
        return max(old, value)
    if kind == "xchg":
        return value
    raise RunError(f"unknown atomic operation '{kind}'")


def _atomic_on_bytes(data: np.ndarray, addr: np.ndarray, value: np.ndarray, cmp: np.ndarray | None,
                     kind: str, mask: np.ndarray, dt: np.dtype) -> np.ndarray:
    """Atomics run one thread at a time, in thread order."""
    n = dt.itemsize
    out = np.zeros(len(addr), dtype=dt)
    for lane in np.nonzero(mask)[0]:
        a = int(addr[lane])
        if a < 0 or a + n > data.shape[-1]:
            continue
        old = data[a:a + n].view(dt)[0] if data.ndim == 1 else None
        out[lane] = old
        if cmp is not None:
            new = value[lane] if old == cmp[lane] else old
        else:
            new = _apply(kind, old, value[lane], dt)
        data[a:a + n] = np.array([new], dtype=dt).view(np.uint8)
    return out


def _atomic_address(res: Any, index: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """Byte address of an atomic's element: a byte offset for raw buffers,
    an element of typed buffers, an element and offset of structured ones."""
    if res.kind in ("ByteAddressBuffer", "RWByteAddressBuffer"):
        return index.astype(np.int64)
    if res.kind in ("Buffer", "RWBuffer"):
        return index.astype(np.int64) * res.buffer.dtype.itemsize * res.buffer.channels
    return index.astype(np.int64) * res.stride + offset.astype(np.int64)


def _checked_atomic(ex: Executor, ins, res: Any, addr: np.ndarray, size: int, mask: np.ndarray) -> None:
    """--check: an atomic outside its buffer is an error (it does nothing,
    as a plain access outside does), and one on bytes another thread
    accesses plainly, unordered, races."""
    res.written = res.written or bool(mask.any())
    if not ex.check:
        return
    oob = mask & ((addr < 0) | (addr + size > len(res.data)))
    if oob.any():
        raise RunError(f"an atomic operation outside buffer '{res.name}' (byte {int(addr[oob][0])} of "
                       f"{len(res.data)})", ins.line)
    if res.shadow is not None:
        lanes = np.nonzero(mask)[0]
        res.shadow.access("atomic", addr[lanes], size, lanes, ins.line)
        ex.uav_atomics[np.unique(ex.d.group[lanes])] += 1


@op("AtomicBinOp", handle=True)
def _atomic_bin_op(ex, ins, o, args, mask):
    res = args[0].single(ins.line)
    value = args[5]
    addr = _atomic_address(res, args[2], args[3])
    _checked_atomic(ex, ins, res, addr, value.dtype.itemsize, mask)
    return _atomic_on_bytes(res.data, addr, value, None, _ATOMIC[int(args[1][0])], mask, value.dtype)


@op("AtomicCompareExchange", handle=True)
def _atomic_cmpxchg(ex, ins, o, args, mask):
    res = args[0].single(ins.line)
    cmp, value = args[4], args[5]
    addr = _atomic_address(res, args[1], args[2])
    _checked_atomic(ex, ins, res, addr, value.dtype.itemsize, mask)
    return _atomic_on_bytes(res.data, addr, value, cmp, "xchg", mask, value.dtype)


def llvm_atomic(ex: Executor, ins: Any, rest: str, mask: np.ndarray) -> Any:
    """`atomicrmw`/`cmpxchg` on groupshared memory."""
    words = rest.split()
    while words[0] in ("weak", "volatile"):
        rest = rest[len(words[0]):].lstrip()
        words = rest.split()
    if ins.opcode == "atomicrmw":
        kind = words[0]
        rest = rest[len(kind):].lstrip()
    parts = R.split_top(rest)
    p = R.take_operand(parts[0])
    ptr: Ptr = ex.value_of(p.type, p.value)
    mem = ptr.mem
    if ins.opcode == "atomicrmw":
        v = R.take_operand(parts[1].rsplit(None, 1)[0])
        value = ex.value_of(v.type, v.value)
        cmp = None
    else:
        c = R.take_operand(parts[1])
        v = R.take_operand(parts[2].rsplit(None, 2)[0])
        cmp = ex.value_of(c.type, c.value)
        value = ex.value_of(v.type, v.value)
        kind = "xchg"
    dt = value.dtype
    n = dt.itemsize
    out = np.zeros(len(mask), dtype=dt)
    if mem.shadow is not None:
        lanes = np.nonzero(mask)[0]
        mem.shadow.atomic_access(mem, ptr.offset[lanes].astype(np.int64)[:, None] + np.arange(n), lanes)
    for lane in np.nonzero(mask)[0]:
        row = mem.data[mem.rows[lane]]
        a = int(ptr.offset[lane])
        old = row[a:a + n].view(dt)[0]
        out[lane] = old
        if cmp is not None:
            new = value[lane] if old == cmp[lane] else old
        else:
            new = _apply(kind, old, value[lane], dt)
        row[a:a + n] = np.array([new], dtype=dt).view(np.uint8)
    if ins.opcode == "cmpxchg":
        return (out, out == cmp)
    return out
