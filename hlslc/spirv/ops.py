"""The ordinary `dx.op` operations in SPIR-V, by operation name: thread
ids (compute built-ins), handles, buffer and constant-buffer access,
barriers, atomics, wave and quad operations (`GroupNonUniform*` at
Subgroup scope) and the math library (GLSL.std.450 and core
instructions).

Each handler takes (translator, instruction, operation, arguments after
the opcode, result IR type) and returns the call's value (a `Val`, a
`Parts`, a `Handle`, or None).  The matrix operations are registered by
`matrices`.  Every operation of the table (`ir/dxil_ops.json`) is either
registered in `OPERATIONS` or listed in `UNSUPPORTED` with the reason,
which a call of it gets as a located error ("the operation X (dx.op.x)
has no SPIR-V mapping: REASON");
`tests/unit/test_operation_coverage.py` keeps the two complete and
`docs/operations.md`'s coverage table in step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..dxil import reader as R
from ..dxil.operands import Operand
from ..dxil.types import IRType
from . import spec
from .base import Handle, Parts, Ptr, SpirvError, Val, no_mapping, resource_handle
from .descriptors import find_scalar
from .images import Shape, calculate_lod, gather, gather_compare, image_dimensions, images, is_image, sample, sample_compare, \
    sample_position, texture_load, texture_store, typed_load, typed_store
from .module import Enum, Id, Lit

if TYPE_CHECKING:  # pragma: no cover
    from .translate import Translator

OPERATIONS: dict[str, Callable[..., Any]] = {}

# The operations of the table with no SPIR-V translation, and why: the
# error a call of one gets says so.  "not emitted by hlslc's lowering"
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
    "CreateHandleFromHeap": "SM 6.6's ResourceDescriptorHeap and SamplerDescriptorHeap index one heap of every "
                            "descriptor kind, which Vulkan does not have: it needs an unbounded array binding per "
                            "kind the shader indexes (DXC's -fvk-bind-resource-heap) or "
                            "VK_EXT_mutable_descriptor_type, and the runner binding the pipeline's HeapIndex "
                            "resources there; neither is built",
    "TextureStoreSample": "not emitted by hlslc's lowering (hlslc has no RWTexture2DMS stores)",
    **{name: "sampler feedback (FeedbackTexture2D[Array]) is Direct3D 12's: Vulkan has no feedback map "
             "resource nor an instruction that writes one"
       for name in ("WriteSamplerFeedback", "WriteSamplerFeedbackBias", "WriteSamplerFeedbackLevel",
                    "WriteSamplerFeedbackGrad")},
}


def op(*names: str) -> Callable:
    def register(fn: Callable) -> Callable:
        for name in names:
            OPERATIONS[name] = fn
        return fn
    return register


class LazyParts(Parts):
    """A struct result whose components are computed when extracted (a
    constant-buffer row, a buffer load reading only what is used)."""

    __slots__ = ("fetch", "cache")

    def __init__(self, fetch: Callable[[int], Any]) -> None:
        super().__init__([])
        self.fetch = fetch
        self.cache: dict[int, Any] = {}

    def item(self, k: int) -> Any:
        found = self.cache.get(k)
        if found is None:
            found = self.cache[k] = self.fetch(k)
        return found


def _const(operand: Operand, what: str) -> int:
    value = operand.const_int
    if value is None:
        raise no_mapping(f"a {what} chosen at run time")
    return value


def _suffix(t: IRType) -> str:
    """The overload suffix of a scalar type: f32, i16, ..."""
    return ("f" if t.kind == "float" else "i") + str(t.bits)


def _scalar_of(t: IRType) -> tuple[str, int]:
    if t.kind == "float":
        return ("float", t.bits)
    return ("int", 32 if t.kind == "bool" else t.bits)


# ---------------------------------------------------------------------------
# Thread ids

def _builtin_component(tr: Translator, name: str, component: Operand) -> Val:
    var = tr.builtin(name, True)
    uint = tr.m.t_int(32)
    vec = tr.emit("Load", tr.m.t_vector(uint, 3), Id(var))
    k = _const(component, "thread id component")
    return Val(tr.emit("CompositeExtract", uint, Id(vec), Lit(k)), tr.types.get("i32"))


@op("ThreadId")
def _thread_id(tr, ins, o, args, rt):
    return _builtin_component(tr, "GlobalInvocationId", args[0])


@op("GroupId")
def _group_id(tr, ins, o, args, rt):
    return _builtin_component(tr, "WorkgroupId", args[0])


@op("ThreadIdInGroup")
def _thread_id_in_group(tr, ins, o, args, rt):
    return _builtin_component(tr, "LocalInvocationId", args[0])


@op("FlattenedThreadIdInGroup")
def _flat(tr, ins, o, args, rt):
    var = tr.builtin("LocalInvocationIndex", False)
    return Val(tr.emit("Load", tr.m.t_int(32), Id(var)), tr.types.get("i32"))


# ---------------------------------------------------------------------------
# Handles

def _struct_constant(operand: Operand) -> list[int]:
    if operand.value.strip() == "zeroinitializer":       # DXC's `%dx.types.ResBind zeroinitializer`
        return [0] * len(operand.type.fields)
    parts = []
    for p in R.split_top(operand.value.strip()[1:-1].strip()):
        _, value = R.take_type(p)
        value = value.strip()
        parts.append(int(value) if value.lstrip("-").isdigit() else 0)
    return parts


def _array_index(tr: Translator, res, register: Operand) -> int | None:
    if res.count == 1:
        return None
    c = register.const_int
    if c is not None:
        return tr.uint(c - res.lower)
    value = tr.index_id(register)
    if res.lower == 0:
        return value
    return tr.emit("ISub", tr.m.t_int(32), Id(value), Id(tr.uint(res.lower)))


@op("CreateHandleFromBinding")
def _create_from_binding(tr, ins, o, args, rt):
    if args[0].is_local:
        raise no_mapping("a resource binding computed at run time")
    lower, upper, space, cls = _struct_constant(args[0])
    cls_name = {0: "t", 1: "u", 2: "b", 3: "s"}[cls]
    c = args[1].const_int
    res = tr.buffers.find(cls_name, space, c if c is not None else lower)
    return Handle(res, _array_index(tr, res, args[1]), args[2].const_int == 1)


@op("CreateHandle")
def _create_handle(tr, ins, o, args, rt):
    cls_name = {0: "t", 1: "u", 2: "b", 3: "s"}[_const(args[0], "resource class")]
    res = tr.buffers.find_range(cls_name, _const(args[1], "resource range"))
    return Handle(res, _array_index(tr, res, args[2]), args[3].const_int == 1)


@op("AnnotateHandle")
def _annotate(tr, ins, o, args, rt):
    return tr.get(args[0])


# ---------------------------------------------------------------------------
# Buffers

def _load_scalar(tr: Translator, ptr: int, stored: tuple[str, int], want: IRType) -> int:
    m = tr.m
    stored_type = m.t_float(stored[1]) if stored[0] == "float" else m.t_int(stored[1])
    value = tr.emit("Load", stored_type, Id(ptr))
    want_type = tr.stype(want)
    if want_type != stored_type:
        value = tr.emit("Bitcast", want_type, Id(value))
    return value


def _store_scalar(tr: Translator, ptr: int, stored: tuple[str, int], value: Val) -> None:
    m = tr.m
    stored_type = m.t_float(stored[1]) if stored[0] == "float" else m.t_int(stored[1])
    vid = value.id
    if tr.stype(value.ty) != stored_type:
        vid = tr.emit("Bitcast", stored_type, Id(vid))
    tr.emit_void("Store", Id(ptr), Id(vid))


def _byte_address(tr: Translator, handle: Handle, index: Operand, offset: Operand | None) -> int:
    """The byte address of a buffer access: raw buffers take one,
    structured buffers an element and an offset in it."""
    uint = tr.m.t_int(32)
    if handle.res.kind == "RawBuffer":
        return tr.index_id(index)
    stride = handle.res.stride
    base = tr.emit("IMul", uint, Id(tr.index_id(index)), Id(tr.uint(stride)))
    if offset is None or offset.const_int == 0 or offset.value in ("undef",):
        return base
    return tr.emit("IAdd", uint, Id(base), Id(tr.index_id(offset)))


def _vector_words(tr: Translator, handle: Handle, index: Operand, count: int, t: IRType) -> int | None:
    """2 or 4 when `count` 32-bit components of a byte-address buffer at
    `index` can be one uvec2/uvec4 access: the address is known to be a
    multiple of the vector's size (packing.py's multiples), so that the
    driver can use one 8- or 16-byte access instead of one per word."""
    if handle.res.kind != "RawBuffer" or count not in (2, 4) or t.kind not in ("int", "float") or t.bits != 32:
        return None
    if tr.packing.multiple(index) < 4 * count:
        return None
    return count


def _raw_component(tr: Translator, handle: Handle, address: int, k: int, t: IRType, load: bool,
                   value: Val | None = None) -> int | None:
    """Load (or store) component `k` of type `t` at a byte address."""
    m = tr.m
    uint = m.t_int(32)
    size = t.bits // 8 if t.kind != "bool" else 4
    at = address if k == 0 else tr.emit("IAdd", uint, Id(address), Id(tr.uint(k * size)))
    if size == 8:
        # Two words, so that 4-byte-aligned 64-bit values work as in D3D.
        lo_ptr = tr.buffers.scalar_pointer(handle, at, ("int", 32))
        hi_at = tr.emit("IAdd", uint, Id(at), Id(tr.uint(4)))
        hi_ptr = tr.buffers.scalar_pointer(handle, hi_at, ("int", 32))
        v2 = m.t_vector(uint, 2)
        if load:
            lo = tr.emit("Load", uint, Id(lo_ptr))
            hi = tr.emit("Load", uint, Id(hi_ptr))
            pair = tr.emit("CompositeConstruct", v2, Id(lo), Id(hi))
            return tr.emit("Bitcast", tr.stype(t), Id(pair))
        assert value is not None
        pair = tr.emit("Bitcast", v2, Id(value.id))
        tr.emit_void("Store", Id(lo_ptr), Id(tr.emit("CompositeExtract", uint, Id(pair), Lit(0))))
        tr.emit_void("Store", Id(hi_ptr), Id(tr.emit("CompositeExtract", uint, Id(pair), Lit(1))))
        return None
    stored = ("int", size * 8)
    ptr = tr.buffers.scalar_pointer(handle, at, stored)
    if load:
        return _load_scalar(tr, ptr, stored, t)
    assert value is not None
    _store_scalar(tr, ptr, stored, value)
    return None


def _typed_component(tr: Translator, handle: Handle, index: Operand, offset: Operand, k: int, t: IRType,
                     load: bool, value: Val | None = None) -> bool | int:
    """A component of a structured buffer through its typed declaration;
    False when the layout does not have a scalar of that type there."""
    off = offset.const_int
    if off is None:
        return False
    size = t.bits // 8 if t.kind != "bool" else 4
    found = tr.buffers.structured_pointer(handle, tr.index_id(index), off + k * size)
    if found is None:
        return False
    ptr, leaf = found
    if leaf.scalar[1] != size * 8:
        return False
    if load:
        return _load_scalar(tr, ptr, leaf.scalar, t)
    assert value is not None
    _store_scalar(tr, ptr, leaf.scalar, value)
    return True


def _buffer_load(tr: Translator, handle: Handle, index: Operand, offset: Operand | None, count: int,
                 t: IRType) -> Parts:
    res = handle.res
    if res.kind == "TypedBuffer":
        return typed_load(tr, handle, index, tr.types.get(f"%dx.types.ResRet.{_suffix(t)}"))
    if res.kind == "TBuffer":
        # A row of 16 bytes at a time, as words of a StorageBuffer.
        uint = tr.m.t_int(32)
        row = tr.emit("IMul", uint, Id(tr.index_id(index)), Id(tr.uint(16)))

        def fetch_row(k: int) -> Any:
            if k == 4:
                return Val(tr.uint(1), tr.types.get("i32"))
            return Val(_raw_component(tr, handle, row, k, t, True), t)

        return LazyParts(fetch_row)
    if res.kind not in ("RawBuffer", "StructuredBuffer"):
        raise no_mapping(f"loads from '{res.name}' ({res.kind})")
    state: dict[str, int] = {}
    words = _vector_words(tr, handle, index, count, t)

    def fetch(k: int) -> Any:
        if k >= count:
            if k == 4:      # the status word
                return Val(tr.uint(1), tr.types.get("i32"))
            return Val(tr.m.const_null(tr.stype(t)), t)
        if words:
            if "vector" not in state:
                uint = tr.m.t_int(32)
                ptr = tr.buffers.vector_pointer(handle, tr.index_id(index), words)
                state["vector"] = tr.emit("Load", tr.m.t_vector(uint, words), Id(ptr))
            word = tr.emit("CompositeExtract", tr.m.t_int(32), Id(state["vector"]), Lit(k))
            return Val(word if t.kind == "int" else tr.emit("Bitcast", tr.stype(t), Id(word)), t)
        if res.kind == "StructuredBuffer" and offset is not None:
            found = _typed_component(tr, handle, index, offset, k, t, True)
            if found is not False:
                return Val(found, t)
        if "address" not in state:
            state["address"] = _byte_address(tr, handle, index, offset)
        return Val(_raw_component(tr, handle, state["address"], k, t, True), t)

    return LazyParts(fetch)


@op("RawBufferLoad")
def _raw_buffer_load(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    mask = _const(args[3], "load mask")
    t = rt.fields[0]
    return _buffer_load(tr, handle, args[1], args[2], mask.bit_length(), t)


@op("BufferLoad")
def _buffer_load_op(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    t = rt.fields[0]
    return _buffer_load(tr, handle, args[1], args[2] if handle.res.kind == "StructuredBuffer" else None, 4, t)


def _buffer_store(tr: Translator, handle: Handle, index: Operand, offset: Operand | None, values: list[Operand],
                  mask: int) -> None:
    res = handle.res
    if res.kind == "TypedBuffer":
        typed_store(tr, handle, index, values)
        return
    if res.kind not in ("RawBuffer", "StructuredBuffer"):
        raise no_mapping(f"stores to '{res.name}' ({res.kind})")
    words = _vector_words(tr, handle, index, mask.bit_length(), tr.val(values[0]).ty) \
        if mask in (0x3, 0xF) else None
    if words:
        uint = tr.m.t_int(32)
        parts = []
        for v in values[:words]:
            value = tr.val(v)
            parts.append(value.id if value.ty.kind == "int" else tr.emit("Bitcast", uint, Id(value.id)))
        ptr = tr.buffers.vector_pointer(handle, tr.index_id(index), words)
        tr.emit_void("Store", Id(ptr), Id(tr.emit("CompositeConstruct", tr.m.t_vector(uint, words),
                                                  *[Id(p) for p in parts])))
        return
    address = None
    for k, v in enumerate(values):
        if not mask >> k & 1:
            continue
        value = tr.val(v)
        if res.kind == "StructuredBuffer" and offset is not None:
            if _typed_component(tr, handle, index, offset, k, value.ty, False, value) is not False:
                continue
        if address is None:
            address = _byte_address(tr, handle, index, offset)
        _raw_component(tr, handle, address, k, value.ty, False, value)


@op("RawBufferStore")
def _raw_buffer_store(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    _buffer_store(tr, handle, args[1], args[2], args[3:7], _const(args[7], "store mask"))


@op("BufferStore")
def _buffer_store_op(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    offset = args[2] if handle.res.kind == "StructuredBuffer" else None
    _buffer_store(tr, handle, args[1], offset, args[3:7], _const(args[7], "store mask"))


@op("RawBufferVectorLoad")
def _raw_buffer_vector_load(tr, ins, o, args, rt):
    """SM 6.9's native vector load: `{ <N x T>, i32 }`, element by element
    (vectors of more than four elements are arrays here)."""
    handle = resource_handle(tr, args[0])
    if handle.res.kind not in ("RawBuffer", "StructuredBuffer"):
        raise no_mapping(f"vector loads from '{handle.res.name}' ({handle.res.kind})")
    vt = rt.fields[0]
    elem = vt.elem if vt.kind == "vector" else vt
    assert elem is not None
    offset = args[2] if handle.res.kind == "StructuredBuffer" else None
    address = _byte_address(tr, handle, args[1], offset)
    parts = [_raw_component(tr, handle, address, k, elem, True) for k in range(max(vt.count, 1))]
    value = parts[0] if vt.kind != "vector" else tr.emit("CompositeConstruct", tr.stype(vt), *[Id(p) for p in parts])
    return Parts([Val(value, vt), Val(tr.uint(1), tr.types.get("i32"))])


@op("RawBufferVectorStore")
def _raw_buffer_vector_store(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    if handle.res.kind not in ("RawBuffer", "StructuredBuffer"):
        raise no_mapping(f"vector stores to '{handle.res.name}' ({handle.res.kind})")
    value = tr.val(args[3])
    vt = value.ty
    elem = vt.elem if vt.kind == "vector" else vt
    assert elem is not None
    offset = args[2] if handle.res.kind == "StructuredBuffer" else None
    address = _byte_address(tr, handle, args[1], offset)
    for k in range(max(vt.count, 1)):
        part = value.id if vt.kind != "vector" else tr.emit("CompositeExtract", tr.stype(elem), Id(value.id), Lit(k))
        _raw_component(tr, handle, address, k, elem, False, Val(part, elem))


@op("BufferUpdateCounter")
def _update_counter(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    res = handle.res
    if res.count is None:
        raise no_mapping("the counter of an element of an unbounded array of buffers")
    uint = tr.m.t_int(32)
    var = tr.buffers.counter(res)
    if res.count > 1:
        # An element of an array of buffers: its own counter block.
        index = handle.index if handle.index is not None else tr.uint(0)
        path = [Id(index), Id(tr.uint(0))]
        pointer = tr.emit("AccessChain", tr.m.t_pointer("StorageBuffer", uint), Id(var), *path)
        if handle.non_uniform:
            tr.m.capability("ShaderNonUniform")
            tr.m.capability("StorageBufferArrayNonUniformIndexing")
            tr.m.decorate(pointer, "NonUniform")
    else:
        pointer = tr.emit("AccessChain", tr.m.t_pointer("StorageBuffer", uint), Id(var), Id(tr.uint(0)))
    step = _const(args[1], "counter step")
    name = "AtomicIAdd" if step in (1,) else "AtomicISub"
    old = tr.emit(name, uint, Id(pointer), Id(tr.scope("Device")), Id(tr.uint(0)), Id(tr.uint(1)))
    # Increment gives the value before, decrement the value after.
    value = old if name == "AtomicIAdd" else tr.emit("ISub", uint, Id(old), Id(tr.uint(1)))
    return Val(value, tr.types.get("i32"))


@op("CBufferLoadLegacy")
def _cbuffer_load(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    res = handle.res
    if res.kind not in ("CBuffer", "TBuffer") or res.cls != "b":
        raise no_mapping(f"constant-buffer loads from '{res.name}' ({res.kind})")
    row_op = args[1]
    variable = tr.buffers.constant_buffer(res)
    t = rt.fields[0]
    size = t.bits // 8
    m = tr.m
    uint = m.t_int(32)
    laid = variable.element
    rows_layout = variable.rows

    def fetch(k: int) -> Any:
        if k * size >= 16:
            return Val(m.const_null(tr.stype(t)), t)
        row = row_op.const_int
        if rows_layout:
            row_id = tr.index_id(row_op)
            vec = tr.emit("Load", m.t_vector(uint, 4),
                          Id(tr.buffers.pointer(handle, variable, [tr.uint(0), row_id], m.t_vector(uint, 4))))
            if size == 4:
                word = tr.emit("CompositeExtract", uint, Id(vec), Lit(k))
                return Val(word if tr.stype(t) == uint else tr.emit("Bitcast", tr.stype(t), Id(word)), t)
            if size == 8:
                pair = tr.emit("VectorShuffle", m.t_vector(uint, 2), Id(vec), Id(vec), Lit(2 * k), Lit(2 * k + 1))
                return Val(tr.emit("Bitcast", tr.stype(t), Id(pair)), t)
            word = tr.emit("CompositeExtract", uint, Id(vec), Lit(k // 2))
            if k % 2:
                word = tr.emit("ShiftRightLogical", uint, Id(word), Id(tr.uint(16)))
            short = tr.emit("UConvert", m.t_int(16), Id(word))
            return Val(short if tr.stype(t) == m.t_int(16) else tr.emit("Bitcast", tr.stype(t), Id(short)), t)
        found = _find_in(laid, 16 * row + k * size)
        if found is None:
            return Val(m.const_null(tr.stype(t)), t)
        path, leaf = found
        if leaf.scalar[1] != size * 8:
            raise no_mapping(f"reading constant buffer '{res.name}' as {t.text} where it holds "
                             f"{leaf.scalar[1]}-bit values")
        leaf_type = m.t_float(leaf.scalar[1]) if leaf.scalar[0] == "float" else m.t_int(leaf.scalar[1])
        ptr = tr.buffers.pointer(handle, variable, [tr.uint(p) for p in path], leaf_type)
        return Val(_load_scalar(tr, ptr, leaf.scalar, t), t)

    return LazyParts(fetch)


def _find_in(laid, offset: int):
    return find_scalar(laid, offset)


@op("GetDimensions")
def _get_dimensions(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    res = handle.res
    uint = tr.m.t_int(32)
    i32 = tr.types.get("i32")
    zero = Val(tr.uint(0), i32)
    if res.kind == "RawBuffer":
        variable = tr.buffers.view(res, ("int", 32))
        words = tr.emit("ArrayLength", uint, Id(tr.buffers.block_pointer(handle, variable)), Lit(0))
        size = tr.emit("IMul", uint, Id(words), Id(tr.uint(4)))
        return Parts([Val(size, i32), zero, zero, zero])
    if res.kind == "StructuredBuffer":
        variable = tr.buffers.typed(res)
        if variable is None:
            variable = tr.buffers.view(res, ("int", 32))
            words = tr.emit("ArrayLength", uint, Id(tr.buffers.block_pointer(handle, variable)), Lit(0))
            count = tr.emit("UDiv", uint, Id(tr.emit("IMul", uint, Id(words), Id(tr.uint(4)))),
                            Id(tr.uint(max(res.stride, 1))))
        else:
            count = tr.emit("ArrayLength", uint, Id(tr.buffers.block_pointer(handle, variable)), Lit(0))
        return Parts([Val(count, i32), Val(tr.uint(res.stride), i32), zero, zero])
    if is_image(res):
        return image_dimensions(tr, handle, args[1])
    raise no_mapping(f"GetDimensions of '{res.name}' ({res.kind})")


# ---------------------------------------------------------------------------
# Barriers

def _barrier(tr: Translator, sync: bool, workgroup_memory: bool, device_memory: bool, group_memory: bool) -> None:
    sem = 0
    if workgroup_memory:
        sem |= spec.SEMANTICS["WorkgroupMemory"]
    if device_memory or group_memory:
        sem |= spec.SEMANTICS["UniformMemory"] | spec.SEMANTICS["ImageMemory"]
    if sem:
        sem |= spec.SEMANTICS["AcquireRelease"]
    scope = tr.scope("Device" if device_memory else "Workgroup")
    if sync:
        tr.emit_void("ControlBarrier", Id(tr.scope("Workgroup")), Id(scope), Id(tr.uint(sem)))
    elif sem:
        tr.emit_void("MemoryBarrier", Id(scope), Id(tr.uint(sem)))


@op("Barrier")
def _barrier_op(tr, ins, o, args, rt):
    mode = _const(args[0], "barrier mode")
    _barrier(tr, bool(mode & 1), bool(mode & 8), bool(mode & 2), bool(mode & 4))


@op("BarrierByMemoryType")
def _barrier_by_type(tr, ins, o, args, rt):
    types = _const(args[0], "barrier memory types")
    semantics = _const(args[1], "barrier semantics")
    device = bool(semantics & 4)
    _barrier(tr, bool(semantics & 1), bool(types & 2), device and bool(types & 1),
             not device and bool(types & 1))


@op("BarrierByMemoryHandle")
def _barrier_by_handle(tr, ins, o, args, rt):
    # A barrier on one UAV's memory: SPIR-V's barriers name storage
    # classes, not resources, so it orders the UAVs' (Uniform and Image).
    semantics = _const(args[1], "barrier semantics")
    device = bool(semantics & 4)
    _barrier(tr, bool(semantics & 1), False, device, not device)


# ---------------------------------------------------------------------------
# Atomics

_RMW = {0: "AtomicIAdd", 1: "AtomicAnd", 2: "AtomicOr", 3: "AtomicXor", 4: "AtomicSMin", 5: "AtomicSMax",
        6: "AtomicUMin", 7: "AtomicUMax", 8: "AtomicExchange"}
_LLVM_RMW = {"add": "AtomicIAdd", "sub": "AtomicISub", "and": "AtomicAnd", "or": "AtomicOr", "xor": "AtomicXor",
             "max": "AtomicSMax", "min": "AtomicSMin", "umax": "AtomicUMax", "umin": "AtomicUMin",
             "xchg": "AtomicExchange", "fadd": "AtomicFAddEXT"}


def _atomic_pointer(tr: Translator, handle: Handle, offsets: list[Operand], t: IRType) -> tuple[int, int]:
    """A pointer for an atomic on a resource, and the type it points to."""
    found = _atomic_pointer_of(tr, handle, offsets, t)
    if isinstance(found, tuple):
        return found
    return found, tr.stype(t)


def _atomic_pointer_of(tr: Translator, handle: Handle, offsets: list[Operand], t: IRType) -> Any:
    res = handle.res
    bits = t.bits
    if bits == 64:
        tr.m.capability("Int64Atomics")
    if res.kind == "RawBuffer":
        return tr.buffers.scalar_pointer(handle, tr.index_id(offsets[0]), ("int", bits))
    if res.kind == "StructuredBuffer":
        found = tr.buffers.structured_pointer(handle, tr.index_id(offsets[0]), offsets[1].const_int)
        if found is not None and found[1].scalar == ("int", bits):
            return found[0]
        address = _byte_address(tr, handle, offsets[0], offsets[1])
        return tr.buffers.scalar_pointer(handle, address, ("int", bits))
    if is_image(res):
        im = images(tr)
        pointer = im.texel_pointer(handle, im.coordinate(offsets, Shape(res.kind).coords), t)
        return pointer, im.sampled_type(res)
    raise no_mapping(f"atomic operations on '{res.name}' ({res.kind})")


@op("AtomicBinOp")
def _atomic_bin_op(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    kind = _const(args[1], "atomic operation")
    value = tr.val(args[5])
    ptr, pointee = _atomic_pointer(tr, handle, args[2:5], value.ty)
    name = _RMW[kind]
    operand = _as_type(tr, value.id, tr.stype(value.ty), pointee)
    result = tr.emit(name, pointee, Id(ptr), Id(tr.scope("Device")), Id(tr.uint(0)), Id(operand))
    return Val(_as_type(tr, result, pointee, tr.stype(value.ty)), value.ty)


def _as_type(tr: Translator, value: int, have: int, want: int) -> int:
    return value if have == want else tr.emit("Bitcast", want, Id(value))


@op("AtomicCompareExchange")
def _atomic_cmpxchg(tr, ins, o, args, rt):
    handle = resource_handle(tr, args[0])
    cmp, new = tr.val(args[4]), tr.val(args[5])
    ptr, pointee = _atomic_pointer(tr, handle, args[1:4], new.ty)
    have = tr.stype(new.ty)
    result = tr.emit("AtomicCompareExchange", pointee, Id(ptr), Id(tr.scope("Device")), Id(tr.uint(0)),
                     Id(tr.uint(0)), Id(_as_type(tr, new.id, have, pointee)), Id(_as_type(tr, cmp.id, have, pointee)))
    return Val(_as_type(tr, result, pointee, have), new.ty)


def groupshared_atomic(tr: Translator, ins: Any, parsed: Any) -> Any:
    """`atomicrmw` and `cmpxchg` on groupshared memory."""
    p = tr.get(parsed.operands[0])
    if not isinstance(p, Ptr):
        raise SpirvError("an atomic operation on something that is not a pointer")
    ptr = tr.address(p)
    scope = tr.scope("Workgroup")
    none = tr.uint(0)
    if ins.opcode == "cmpxchg":
        cmp, new = tr.val(parsed.operands[1]), tr.val(parsed.operands[2])
        old = tr.emit("AtomicCompareExchange", tr.stype(new.ty), Id(ptr), Id(scope), Id(none), Id(none), Id(new.id),
                      Id(cmp.id))
        ok = tr.emit("IEqual", tr.m.t_bool(), Id(old), Id(cmp.id))
        return Parts([Val(old, new.ty), Val(ok, tr.types.get("i1"))])
    value = tr.val(parsed.operands[1])
    name = _LLVM_RMW.get(parsed.extra)
    if name is None or value.ty.kind != ("float" if parsed.extra == "fadd" else "int"):
        raise no_mapping(f"the atomic operation '{parsed.extra}' on {value.ty.text}")
    if value.ty.bits == 64:
        tr.m.capability("Int64Atomics")
    return Val(tr.emit(name, tr.stype(value.ty), Id(ptr), Id(scope), Id(none), Id(value.id)), value.ty)


# ---------------------------------------------------------------------------
# Math

_GLSL_UNARY = {"FAbs": "FAbs", "Cos": "Cos", "Sin": "Sin", "Tan": "Tan", "Acos": "Acos", "Asin": "Asin",
               "Atan": "Atan", "Hcos": "Cosh", "Hsin": "Sinh", "Htan": "Tanh", "Exp": "Exp2", "Frc": "Fract",
               "Log": "Log2", "Sqrt": "Sqrt", "Rsqrt": "InverseSqrt", "Round_ne": "RoundEven", "Round_ni": "Floor",
               "Round_pi": "Ceil", "Round_z": "Trunc"}


def _unary_glsl(tr, ins, o, args, rt):
    x = tr.val(args[0])
    return Val(tr.glsl(_GLSL_UNARY[o.name], tr.stype(x.ty), x.id), x.ty)


for _name in _GLSL_UNARY:
    OPERATIONS[_name] = _unary_glsl


@op("Saturate")
def _saturate(tr, ins, o, args, rt):
    x = tr.val(args[0])
    t = tr.stype(x.ty)
    return Val(tr.glsl("NClamp", t, x.id, tr.m.const_float(t, 0.0), tr.m.const_float(t, 1.0)), x.ty)


@op("IsNaN", "IsInf", "IsFinite", "IsNormal")
def _classify(tr, ins, o, args, rt):
    x = tr.val(args[0])
    b = tr.m.t_bool()
    i1 = tr.types.get("i1")
    if o.name == "IsNaN":
        return Val(tr.emit("IsNan", b, Id(x.id)), i1)
    if o.name == "IsInf":
        return Val(tr.emit("IsInf", b, Id(x.id)), i1)
    nan = tr.emit("IsNan", b, Id(x.id))
    inf = tr.emit("IsInf", b, Id(x.id))
    finite = tr.emit("LogicalNot", b, Id(tr.emit("LogicalOr", b, Id(nan), Id(inf))))
    if o.name == "IsFinite":
        return Val(finite, i1)
    t = tr.stype(x.ty)
    tiny = {16: 2.0 ** -14, 32: 2.0 ** -126, 64: 2.0 ** -1022}[x.ty.bits]
    big = tr.emit("FOrdGreaterThanEqual", b, Id(tr.glsl("FAbs", t, x.id)), Id(tr.m.const_float(t, tiny)))
    return Val(tr.emit("LogicalAnd", b, Id(finite), Id(big)), i1)


_GLSL_BINARY = {"FMax": "NMax", "FMin": "NMin", "IMax": "SMax", "IMin": "SMin", "UMax": "UMax", "UMin": "UMin"}


@op(*_GLSL_BINARY)
def _binary_glsl(tr, ins, o, args, rt):
    a, b = tr.val(args[0]), tr.val(args[1])
    return Val(tr.glsl(_GLSL_BINARY[o.name], tr.stype(a.ty), a.id, b.id), a.ty)


@op("FMad", "Fma")
def _fma(tr, ins, o, args, rt):
    a, b, c = (tr.val(x) for x in args[:3])
    return Val(tr.glsl("Fma", tr.stype(a.ty), a.id, b.id, c.id), a.ty)


@op("IMad", "UMad")
def _imad(tr, ins, o, args, rt):
    a, b, c = (tr.val(x) for x in args[:3])
    t = tr.stype(a.ty)
    return Val(tr.emit("IAdd", t, Id(tr.emit("IMul", t, Id(a.id), Id(b.id))), Id(c.id)), a.ty)


@op("Dot2", "Dot3", "Dot4")
def _dot(tr, ins, o, args, rt):
    n = int(o.name[-1])
    a = [tr.val(x) for x in args[:n]]
    b = [tr.val(x) for x in args[n:2 * n]]
    t = tr.stype(a[0].ty)
    va = tr.emit("CompositeConstruct", tr.m.t_vector(t, n), *[Id(v.id) for v in a])
    vb = tr.emit("CompositeConstruct", tr.m.t_vector(t, n), *[Id(v.id) for v in b])
    return Val(tr.emit("Dot", t, Id(va), Id(vb)), a[0].ty)


def _halves(tr: Translator, x: Val) -> tuple[int, int]:
    """The low and high words of a 64-bit integer."""
    uint = tr.m.t_int(32)
    pair = tr.emit("Bitcast", tr.m.t_vector(uint, 2), Id(x.id))
    return (tr.emit("CompositeExtract", uint, Id(pair), Lit(0)), tr.emit("CompositeExtract", uint, Id(pair), Lit(1)))


def _widen(tr: Translator, x: Val, signed: bool = False) -> int:
    """A 16-bit integer as 32 bits (Vulkan's bit instructions take 32)."""
    return tr.emit("SConvert" if signed else "UConvert", tr.m.t_int(32), Id(x.id))


@op("Countbits")
def _countbits(tr, ins, o, args, rt):
    x = tr.val(args[0])
    uint = tr.m.t_int(32)
    i32 = tr.types.get("i32")
    if x.ty.bits == 64:
        lo, hi = _halves(tr, x)
        return Val(tr.emit("IAdd", uint, Id(tr.emit("BitCount", uint, Id(lo))), Id(tr.emit("BitCount", uint, Id(hi)))),
                   i32)
    word = x.id if x.ty.bits == 32 else _widen(tr, x)
    return Val(tr.emit("BitCount", uint, Id(word)), i32)


@op("Bfrev")
def _bfrev(tr, ins, o, args, rt):
    x = tr.val(args[0])
    uint = tr.m.t_int(32)
    if x.ty.bits == 32:
        return Val(tr.emit("BitReverse", uint, Id(x.id)), x.ty)
    if x.ty.bits == 64:
        lo, hi = _halves(tr, x)
        pair = tr.emit("CompositeConstruct", tr.m.t_vector(uint, 2), Id(tr.emit("BitReverse", uint, Id(hi))),
                       Id(tr.emit("BitReverse", uint, Id(lo))))
        return Val(tr.emit("Bitcast", tr.stype(x.ty), Id(pair)), x.ty)
    reversed_ = tr.emit("BitReverse", uint, Id(_widen(tr, x)))
    shifted = tr.emit("ShiftRightLogical", uint, Id(reversed_), Id(tr.uint(16)))
    return Val(tr.emit("UConvert", tr.stype(x.ty), Id(shifted)), x.ty)


@op("FirstbitLo", "FirstbitHi", "FirstbitSHi")
def _firstbit(tr, ins, o, args, rt):
    x = tr.val(args[0])
    uint = tr.m.t_int(32)
    b = tr.m.t_bool()
    i32 = tr.types.get("i32")
    none = tr.uint(0xFFFFFFFF)
    bits = x.ty.bits
    if o.name == "FirstbitSHi":
        # The first bit that differs from the sign: the highest set bit of x,
        # or of ~x when x is negative.
        t = tr.stype(x.ty)
        negative = tr.emit("SLessThan", b, Id(x.id), Id(tr.m.const_null(t)))
        x = Val(tr.emit("Select", t, Id(negative), Id(tr.emit("Not", t, Id(x.id))), Id(x.id)), x.ty)
    if bits == 64:
        lo, hi = _halves(tr, x)
        if o.name == "FirstbitLo":
            low = tr.glsl("FindILsb", uint, lo)
            high = tr.glsl("FindILsb", uint, hi)
            high = tr.emit("Select", uint, Id(tr.emit("IEqual", b, Id(high), Id(none))), Id(none),
                           Id(tr.emit("IAdd", uint, Id(high), Id(tr.uint(32)))))
            return Val(tr.emit("Select", uint, Id(tr.emit("IEqual", b, Id(low), Id(none))), Id(high), Id(low)), i32)
        high = tr.glsl("FindUMsb", uint, hi)
        low = tr.glsl("FindUMsb", uint, lo)
        from_high = tr.emit("ISub", uint, Id(tr.uint(31)), Id(high))
        from_low = tr.emit("Select", uint, Id(tr.emit("IEqual", b, Id(low), Id(none))), Id(none),
                           Id(tr.emit("ISub", uint, Id(tr.uint(63)), Id(low))))
        return Val(tr.emit("Select", uint, Id(tr.emit("IEqual", b, Id(high), Id(none))), Id(from_low),
                           Id(from_high)), i32)
    word = x.id if bits == 32 else _widen(tr, x)
    if o.name == "FirstbitLo":
        return Val(tr.glsl("FindILsb", uint, word), i32)
    # DXIL counts from the most significant bit; GLSL from the least.
    found = tr.glsl("FindUMsb", uint, word)
    missing = tr.emit("IEqual", b, Id(found), Id(none))
    flipped = tr.emit("ISub", uint, Id(tr.uint(bits - 1)), Id(found))
    return Val(tr.emit("Select", uint, Id(missing), Id(none), Id(flipped)), i32)


@op("LegacyF32ToF16")
def _f32tof16(tr, ins, o, args, rt):
    x = tr.val(args[0])
    f = tr.m.t_float(32)
    pair = tr.emit("CompositeConstruct", tr.m.t_vector(f, 2), Id(x.id), Id(tr.m.const_float(f, 0.0)))
    return Val(tr.glsl("PackHalf2x16", tr.m.t_int(32), pair), tr.types.get("i32"))


@op("LegacyF16ToF32")
def _f16tof32(tr, ins, o, args, rt):
    x = tr.val(args[0])
    f = tr.m.t_float(32)
    pair = tr.glsl("UnpackHalf2x16", tr.m.t_vector(f, 2), x.id)
    return Val(tr.emit("CompositeExtract", f, Id(pair), Lit(0)), tr.types.get("float"))


@op("LegacyDoubleToFloat", "LegacyDoubleToSInt32", "LegacyDoubleToUInt32")
def _legacy_double(tr, ins, o, args, rt):
    x = tr.val(args[0])
    name = {"LegacyDoubleToFloat": "FConvert", "LegacyDoubleToSInt32": "ConvertFToS",
            "LegacyDoubleToUInt32": "ConvertFToU"}[o.name]
    return Val(tr.emit(name, tr.stype(rt), Id(x.id)), rt)


@op("MakeDouble")
def _make_double(tr, ins, o, args, rt):
    lo, hi = tr.val(args[0]), tr.val(args[1])
    pair = tr.emit("CompositeConstruct", tr.m.t_vector(tr.m.t_int(32), 2), Id(lo.id), Id(hi.id))
    return Val(tr.emit("Bitcast", tr.m.t_float(64), Id(pair)), tr.types.get("double"))


@op("SplitDouble")
def _split_double(tr, ins, o, args, rt):
    x = tr.val(args[0])
    uint = tr.m.t_int(32)
    pair = tr.emit("Bitcast", tr.m.t_vector(uint, 2), Id(x.id))
    i32 = tr.types.get("i32")
    return Parts([Val(tr.emit("CompositeExtract", uint, Id(pair), Lit(k)), i32) for k in range(2)])


@op("BitcastI16toF16", "BitcastF16toI16", "BitcastI32toF32", "BitcastF32toI32", "BitcastI64toF64",
    "BitcastF64toI64")
def _bitcast(tr, ins, o, args, rt):
    x = tr.val(args[0])
    return Val(tr.emit("Bitcast", tr.stype(rt), Id(x.id)), rt)


@op("UAddc", "USubb")
def _carry(tr, ins, o, args, rt):
    a, b = tr.val(args[0]), tr.val(args[1])
    uint = tr.m.t_int(32)
    pair_type = tr.m.t_struct([uint, uint])
    pair = tr.emit("IAddCarry" if o.name == "UAddc" else "ISubBorrow", pair_type, Id(a.id), Id(b.id))
    low = tr.emit("CompositeExtract", uint, Id(pair), Lit(0))
    carry = tr.emit("CompositeExtract", uint, Id(pair), Lit(1))
    flag = tr.emit("INotEqual", tr.m.t_bool(), Id(carry), Id(tr.uint(0)))
    return Parts([Val(low, a.ty), Val(flag, tr.types.get("i1"))])


@op("UDiv")
def _udiv(tr, ins, o, args, rt):
    a, b = tr.val(args[0]), tr.val(args[1])
    t = tr.stype(a.ty)
    return Parts([Val(tr.emit("UDiv", t, Id(a.id), Id(b.id)), a.ty), Val(tr.emit("UMod", t, Id(a.id), Id(b.id)),
                                                                         a.ty)])


@op("Ibfe", "Ubfe")
def _bfe(tr, ins, o, args, rt):
    width, offset, value = (tr.val(x) for x in args[:3])
    t = tr.stype(value.ty)
    uint = tr.m.t_int(32)
    w = tr.emit("BitwiseAnd", uint, Id(width.id), Id(tr.uint(31)))
    off = tr.emit("BitwiseAnd", uint, Id(offset.id), Id(tr.uint(31)))
    name = "BitFieldSExtract" if o.name == "Ibfe" else "BitFieldUExtract"
    return Val(tr.emit(name, t, Id(value.id), Id(off), Id(w)), value.ty)


@op("Bfi")
def _bfi(tr, ins, o, args, rt):
    width, offset, value, base = (tr.val(x) for x in args[:4])
    t = tr.stype(value.ty)
    uint = tr.m.t_int(32)
    w = tr.emit("BitwiseAnd", uint, Id(width.id), Id(tr.uint(31)))
    off = tr.emit("BitwiseAnd", uint, Id(offset.id), Id(tr.uint(31)))
    return Val(tr.emit("BitFieldInsert", t, Id(base.id), Id(value.id), Id(off), Id(w)), value.ty)


@op("Dot2AddHalf")
def _dot2add(tr, ins, o, args, rt):
    acc, a0, a1, b0, b1 = (tr.val(x) for x in args[:5])
    f = tr.m.t_float(32)
    total = acc.id
    for x, y in ((a0, b0), (a1, b1)):
        fx = tr.emit("FConvert", f, Id(x.id))
        fy = tr.emit("FConvert", f, Id(y.id))
        total = tr.emit("FAdd", f, Id(total), Id(tr.emit("FMul", f, Id(fx), Id(fy))))
    return Val(total, acc.ty)


@op("Dot4AddI8Packed", "Dot4AddU8Packed")
def _dot4add(tr, ins, o, args, rt):
    acc, a, b = (tr.val(x) for x in args[:3])
    uint = tr.m.t_int(32)
    name = "BitFieldSExtract" if o.name == "Dot4AddI8Packed" else "BitFieldUExtract"
    total = acc.id
    for k in range(4):
        x = tr.emit(name, uint, Id(a.id), Id(tr.uint(8 * k)), Id(tr.uint(8)))
        y = tr.emit(name, uint, Id(b.id), Id(tr.uint(8 * k)), Id(tr.uint(8)))
        total = tr.emit("IAdd", uint, Id(total), Id(tr.emit("IMul", uint, Id(x), Id(y))))
    return Val(total, acc.ty)


@op("Msad")
def _msad(tr, ins, o, args, rt):
    """Masked sum of absolute differences: |ref - src| of each byte whose
    reference byte is not zero, added to the accumulator."""
    ref, src, acc = (tr.val(x) for x in args[:3])
    uint = tr.m.t_int(32)
    b = tr.m.t_bool()
    zero = tr.uint(0)
    total = acc.id
    for k in range(4):
        r = tr.emit("BitFieldUExtract", uint, Id(ref.id), Id(tr.uint(8 * k)), Id(tr.uint(8)))
        x = tr.emit("BitFieldUExtract", uint, Id(src.id), Id(tr.uint(8 * k)), Id(tr.uint(8)))
        diff = tr.emit("Select", uint, Id(tr.emit("UGreaterThan", b, Id(r), Id(x))),
                       Id(tr.emit("ISub", uint, Id(r), Id(x))), Id(tr.emit("ISub", uint, Id(x), Id(r))))
        masked = tr.emit("Select", uint, Id(tr.emit("IEqual", b, Id(r), Id(zero))), Id(zero), Id(diff))
        total = tr.emit("IAdd", uint, Id(total), Id(masked))
    return Val(total, acc.ty)


@op("Pack4x8")
def _pack4x8(tr, ins, o, args, rt):
    """The low bytes of four integers in one word, x lowest (PackMode Trunc
    0, UClamp 1: clamped to [0, 255], SClamp 2: to [-128, 127])."""
    mode = _const(args[0], "pack mode")
    uint = tr.m.t_int(32)
    out = None
    for k, operand in enumerate(args[1:5]):
        x = tr.val(operand)
        word = x.id if x.ty.bits == 32 else _widen(tr, x, signed=True)
        if mode == 1:
            word = tr.glsl("SClamp", uint, word, tr.uint(0), tr.uint(255))
        elif mode == 2:
            word = tr.glsl("SClamp", uint, word, tr.uint(0xFFFFFF80), tr.uint(127))
        byte = tr.emit("BitwiseAnd", uint, Id(word), Id(tr.uint(0xFF)))
        if k:
            byte = tr.emit("ShiftLeftLogical", uint, Id(byte), Id(tr.uint(8 * k)))
        out = byte if out is None else tr.emit("BitwiseOr", uint, Id(out), Id(byte))
    return Val(out, tr.types.get("i32"))


@op("Unpack4x8")
def _unpack4x8(tr, ins, o, args, rt):
    """The four bytes of a word, x lowest, zero- (UnpackMode Unsigned 0) or
    sign-extended (Signed 1) to the overload (i32 or i16)."""
    signed = _const(args[0], "unpack mode") == 1
    word = tr.val(args[1])
    uint = tr.m.t_int(32)
    elem = rt.fields[0]
    parts = []
    for k in range(4):
        byte = tr.emit("BitFieldSExtract" if signed else "BitFieldUExtract", uint, Id(word.id), Id(tr.uint(8 * k)),
                       Id(tr.uint(8)))
        if elem.bits != 32:
            byte = tr.emit("UConvert", tr.stype(elem), Id(byte))
        parts.append(Val(byte, elem))
    return Parts(parts)


@op("CheckAccessFullyMapped")
def _fully_mapped(tr, ins, o, args, rt):
    return Val(tr.m.const_bool(True), tr.types.get("i1"))


@op("IsHelperLane")
def _helper(tr, ins, o, args, rt):
    return Val(tr.m.const_bool(False), tr.types.get("i1"))


# ---------------------------------------------------------------------------
# Waves (Subgroup scope)

def _group(tr: Translator, capability: str) -> int:
    tr.m.capability("GroupNonUniform")
    tr.m.capability(capability)
    return tr.scope("Subgroup")


@op("WaveGetLaneIndex")
def _lane_index(tr, ins, o, args, rt):
    tr.m.capability("GroupNonUniform")
    return Val(tr.emit("Load", tr.m.t_int(32), Id(tr.builtin("SubgroupLocalInvocationId", False))),
               tr.types.get("i32"))


@op("WaveGetLaneCount")
def _lane_count(tr, ins, o, args, rt):
    tr.m.capability("GroupNonUniform")
    return Val(tr.emit("Load", tr.m.t_int(32), Id(tr.builtin("SubgroupSize", False))), tr.types.get("i32"))


@op("WaveIsFirstLane")
def _first_lane(tr, ins, o, args, rt):
    scope = _group(tr, "GroupNonUniform")
    return Val(tr.emit("GroupNonUniformElect", tr.m.t_bool(), Id(scope)), tr.types.get("i1"))


@op("WaveAnyTrue", "WaveAllTrue")
def _vote(tr, ins, o, args, rt):
    scope = _group(tr, "GroupNonUniformVote")
    x = tr.val(args[0])
    name = "GroupNonUniformAny" if o.name == "WaveAnyTrue" else "GroupNonUniformAll"
    return Val(tr.emit(name, tr.m.t_bool(), Id(scope), Id(x.id)), tr.types.get("i1"))


@op("WaveActiveAllEqual")
def _all_equal(tr, ins, o, args, rt):
    scope = _group(tr, "GroupNonUniformVote")
    x = tr.val(args[0])
    return Val(tr.emit("GroupNonUniformAllEqual", tr.m.t_bool(), Id(scope), Id(x.id)), tr.types.get("i1"))


@op("WaveActiveBallot")
def _ballot(tr, ins, o, args, rt):
    scope = _group(tr, "GroupNonUniformBallot")
    x = tr.val(args[0])
    uint = tr.m.t_int(32)
    vec = tr.emit("GroupNonUniformBallot", tr.m.t_vector(uint, 4), Id(scope), Id(x.id))
    i32 = tr.types.get("i32")
    return Parts([Val(tr.emit("CompositeExtract", uint, Id(vec), Lit(k)), i32) for k in range(4)])


@op("WaveReadLaneFirst")
def _read_first(tr, ins, o, args, rt):
    scope = _group(tr, "GroupNonUniformBallot")
    x = tr.val(args[0])
    return Val(tr.emit("GroupNonUniformBroadcastFirst", tr.stype(x.ty), Id(scope), Id(x.id)), x.ty)


@op("WaveReadLaneAt")
def _read_lane(tr, ins, o, args, rt):
    x, lane = tr.val(args[0]), args[1]
    if lane.const_int is not None:
        scope = _group(tr, "GroupNonUniformBallot")
        return Val(tr.emit("GroupNonUniformBroadcast", tr.stype(x.ty), Id(scope), Id(x.id),
                           Id(tr.uint(lane.const_int))), x.ty)
    scope = _group(tr, "GroupNonUniformShuffle")
    return Val(tr.emit("GroupNonUniformShuffle", tr.stype(x.ty), Id(scope), Id(x.id), Id(tr.index_id(lane))), x.ty)


_WAVE_OPS = {0: ("IAdd", "FAdd"), 1: ("IMul", "FMul"), 2: ("SMin", "FMin"), 3: ("SMax", "FMax")}


def _wave_arith(tr: Translator, x: Val, kind: int, signed: bool, operation: str) -> Val:
    scope = _group(tr, "GroupNonUniformArithmetic")
    if x.ty.kind == "bool":
        raise no_mapping("a wave arithmetic operation on bool values")
    int_name, float_name = _WAVE_OPS[kind]
    name = float_name if x.ty.kind == "float" else int_name
    if not signed and name in ("SMin", "SMax"):
        name = "U" + name[1:]
    return Val(tr.emit("GroupNonUniform" + name, tr.stype(x.ty), Id(scope), Enum("GroupOperation", operation),
                       Id(x.id)), x.ty)


@op("WaveActiveOp")
def _wave_active_op(tr, ins, o, args, rt):
    x = tr.val(args[0])
    return _wave_arith(tr, x, _const(args[1], "wave operation"), _const(args[2], "signedness") == 0, "Reduce")


@op("WavePrefixOp")
def _wave_prefix_op(tr, ins, o, args, rt):
    x = tr.val(args[0])
    return _wave_arith(tr, x, _const(args[1], "wave operation"), _const(args[2], "signedness") == 0,
                       "ExclusiveScan")


@op("WaveActiveBit")
def _wave_bit(tr, ins, o, args, rt):
    scope = _group(tr, "GroupNonUniformArithmetic")
    x = tr.val(args[0])
    name = {0: "BitwiseAnd", 1: "BitwiseOr", 2: "BitwiseXor"}[_const(args[1], "wave bit operation")]
    return Val(tr.emit("GroupNonUniform" + name, tr.stype(x.ty), Id(scope), Enum("GroupOperation", "Reduce"),
                       Id(x.id)), x.ty)


def _bit_count(tr: Translator, x: Val, operation: str) -> Val:
    scope = _group(tr, "GroupNonUniformBallot")
    uint = tr.m.t_int(32)
    ballot = tr.emit("GroupNonUniformBallot", tr.m.t_vector(uint, 4), Id(scope), Id(x.id))
    return Val(tr.emit("GroupNonUniformBallotBitCount", uint, Id(scope), Enum("GroupOperation", operation),
                       Id(ballot)), tr.types.get("i32"))


@op("WaveAllBitCount")
def _all_bit_count(tr, ins, o, args, rt):
    return _bit_count(tr, tr.val(args[0]), "Reduce")


@op("WavePrefixBitCount")
def _prefix_bit_count(tr, ins, o, args, rt):
    return _bit_count(tr, tr.val(args[0]), "ExclusiveScan")


@op("QuadReadLaneAt")
def _quad_read(tr, ins, o, args, rt):
    scope = _group(tr, "GroupNonUniformQuad")
    x = tr.val(args[0])
    # SPIR-V 1.5 and later take a lane that is uniform in the quad, not only a constant.
    return Val(tr.emit("GroupNonUniformQuadBroadcast", tr.stype(x.ty), Id(scope), Id(x.id), Id(tr.index_id(args[1]))),
               x.ty)


@op("QuadOp")
def _quad_op(tr, ins, o, args, rt):
    scope = _group(tr, "GroupNonUniformQuad")
    x = tr.val(args[0])
    direction = _const(args[1], "quad direction")
    return Val(tr.emit("GroupNonUniformQuadSwap", tr.stype(x.ty), Id(scope), Id(x.id), Id(tr.uint(direction))),
               x.ty)


@op("QuadVote")
def _quad_vote(tr, ins, o, args, rt):
    """QuadAny / QuadAll (QuadVoteOpKind Any 0, All 1): the condition of
    this lane or-ed (and-ed) with those read across X, Y and the diagonal."""
    scope = _group(tr, "GroupNonUniformQuad")
    cond = tr.val(args[0])
    b = tr.m.t_bool()
    combine = "LogicalAnd" if _const(args[1], "quad vote") == 1 else "LogicalOr"
    out = cond.id
    for direction in range(3):
        other = tr.emit("GroupNonUniformQuadSwap", b, Id(scope), Id(cond.id), Id(tr.uint(direction)))
        out = tr.emit(combine, b, Id(out), Id(other))
    return Val(out, cond.ty)


def _partitioned(tr: Translator) -> int:
    """WaveMatch and WaveMultiPrefix* are SPV_NV_shader_subgroup_partitioned's
    partitions, as in DXC (VK_NV_shader_subgroup_partitioned)."""
    tr.m.extension("SPV_NV_shader_subgroup_partitioned")
    tr.m.capability("GroupNonUniform")
    tr.m.capability("GroupNonUniformPartitionedNV")
    return tr.scope("Subgroup")


@op("WaveMatch")
def _wave_match(tr, ins, o, args, rt):
    _partitioned(tr)
    x = tr.val(args[0])
    uint = tr.m.t_int(32)
    vec = tr.emit("GroupNonUniformPartitionNV", tr.m.t_vector(uint, 4), Id(x.id))
    i32 = tr.types.get("i32")
    return Parts([Val(tr.emit("CompositeExtract", uint, Id(vec), Lit(k)), i32) for k in range(4)])


def _partition_mask(tr: Translator, words: list[Operand]) -> int:
    uint = tr.m.t_int(32)
    return tr.emit("CompositeConstruct", tr.m.t_vector(uint, 4), *[Id(tr.val(w).id) for w in words])


# WaveMultiPrefixOpKind: Sum 0, And 1, Or 2, Xor 3, Product 4 -> (integer, float) instruction.
_MULTI_PREFIX = {0: ("IAdd", "FAdd"), 1: ("BitwiseAnd", None), 2: ("BitwiseOr", None), 3: ("BitwiseXor", None),
                 4: ("IMul", "FMul")}


@op("WaveMultiPrefixOp")
def _wave_multi_prefix(tr, ins, o, args, rt):
    scope = _partitioned(tr)
    x = tr.val(args[0])
    int_name, float_name = _MULTI_PREFIX[_const(args[5], "wave multi-prefix operation")]
    name = float_name if x.ty.kind == "float" else int_name
    if name is None or x.ty.kind == "bool":
        raise no_mapping(f"a wave multi-prefix {int_name} on {x.ty.text} values")
    return Val(tr.emit("GroupNonUniform" + name, tr.stype(x.ty), Id(scope),
                       Enum("GroupOperation", "PartitionedExclusiveScanNV"), Id(x.id),
                       Id(_partition_mask(tr, args[1:5]))), x.ty)


@op("WaveMultiPrefixBitCount")
def _wave_multi_prefix_count(tr, ins, o, args, rt):
    scope = _partitioned(tr)
    cond = tr.val(args[0])
    uint = tr.m.t_int(32)
    one = tr.emit("Select", uint, Id(cond.id), Id(tr.uint(1)), Id(tr.uint(0)))
    return Val(tr.emit("GroupNonUniformIAdd", uint, Id(scope), Enum("GroupOperation", "PartitionedExclusiveScanNV"),
                       Id(one), Id(_partition_mask(tr, args[1:5]))), tr.types.get("i32"))


# ---------------------------------------------------------------------------
# Textures and samplers (see `images`)

@op("TextureLoad")
def _texture_load(tr, ins, o, args, rt):
    return texture_load(tr, resource_handle(tr, args[0]), args[1:], rt)


@op("TextureStore")
def _texture_store(tr, ins, o, args, rt):
    texture_store(tr, resource_handle(tr, args[0]), args[1:])


@op("Sample", "SampleBias", "SampleLevel", "SampleGrad")
def _sample(tr, ins, o, args, rt):
    return sample(tr, o, args, rt)


@op("CalculateLOD")
def _calculate_lod(tr, ins, o, args, rt):
    return calculate_lod(tr, args, rt)


@op("DerivCoarseX", "DerivCoarseY", "DerivFineX", "DerivFineY")
def _derivative(tr, ins, o, args, rt):
    """ddx, ddy and their coarse and fine forms (DXIL's ddx is coarse), from
    the quad's neighbours: SPV_KHR_compute_shader_derivatives' groups."""
    x = tr.val(args[0])
    tr.m.capability("DerivativeControl")
    tr.use_derivatives()
    name = {"DerivCoarseX": "DPdxCoarse", "DerivCoarseY": "DPdyCoarse", "DerivFineX": "DPdxFine",
            "DerivFineY": "DPdyFine"}[o.name]
    return Val(tr.emit(name, tr.stype(x.ty), Id(x.id)), x.ty)


@op("TextureGather", "TextureGatherRaw")
def _gather(tr, ins, o, args, rt):
    return gather(tr, o, args, rt)


@op("SampleCmp", "SampleCmpBias", "SampleCmpLevelZero", "SampleCmpLevel", "SampleCmpGrad")
def _sample_compare(tr, ins, o, args, rt):
    return sample_compare(tr, o, args, rt)


@op("TextureGatherCmp")
def _gather_compare(tr, ins, o, args, rt):
    return gather_compare(tr, o, args, rt)


@op("Texture2DMSGetSamplePosition")
def _sample_position(tr, ins, o, args, rt):
    return sample_position(tr, resource_handle(tr, args[0]), args[1])
