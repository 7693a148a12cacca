"""The `dx::linalg` operations (proposal 0035, SM 6.10) in the executor.

A matrix is owned by a thread, a wave or a thread group (its scope); its
value is a numpy array per owner (`Matrix.data`, owners x M x N).  An
operation runs once per owner that has active threads, reading the
owner's uniform operands (offset, stride, fill value) from its first
active thread.  Memory follows the specification: RowMajor and ColMajor
with a stride, a load that reaches outside the resource gives a zero
matrix, a store or accumulate that would is not done.

Component types: I16, U16, I32, U32, I64, U64, F16, F32, F64; SNorm and
UNorm floats (their float type, clamped to [-1, 1] or [0, 1] whenever a
value is converted into them); PackedS8x32 and PackedU8x32, one signed or
unsigned byte per element in memory, four to a 32-bit word in a thread
vector (`MScalars`/`NScalars` of the header).  I1 is a `RunError`.

Runs every operation of the SM 6.10 revision: createMatrix, fillMatrix,
castMatrix, the element-wise unary and binary operations, loads, stores and
accumulates to descriptors and groupshared memory, matrixLoadFromThreads and
matrixExtractToThreads (an A matrix's thread t holds column t, a B
matrix's row t: errata 4), matrixOp (Multiply, MultiplyAccumulate,
SumAccumulate), matVecMul(Add) at every scope, matrixOuterProduct,
hlslc's matrixAccumulate, and matrixQueryAccumulatorLayout (A or B by
`--seed`: code that assumes one is caught by running with another).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .base import Handle, Ptr, element_stride
from .errors import RunError
from .ops import op

if TYPE_CHECKING:
    from .executor import Executor

_COMPONENTS = {2: np.int16, 3: np.uint16, 4: np.int32, 5: np.uint32, 6: np.int64, 7: np.uint64,
               8: np.float16, 9: np.float32, 10: np.float64,
               11: np.float16, 12: np.float16, 13: np.float32, 14: np.float32, 15: np.float64, 16: np.float64,
               17: np.int8, 18: np.uint8}
_SNORM = (11, 13, 15)
_UNORM = (12, 14, 16)
PACKED = (17, 18)
_NAMES = {2: "I16", 3: "U16", 4: "I32", 5: "U32", 6: "I64", 7: "U64", 8: "F16", 9: "F32", 10: "F64",
          1: "I1", 11: "SNormF16", 12: "UNormF16", 13: "SNormF32", 14: "UNormF32", 15: "SNormF64",
          16: "UNormF64", 17: "PackedS8x32", 18: "PackedU8x32"}


class Matrix:
    """A matrix value: its type and an M x N array per owner."""

    __slots__ = ("component", "m", "n", "use", "scope", "data")

    def __init__(self, component: int, m: int, n: int, use: int, scope: int, owners: int) -> None:
        self.component = component
        self.m = m
        self.n = n
        self.use = use
        self.scope = scope
        dt = _COMPONENTS.get(component)
        if dt is None:
            raise RunError(f"the executor does not run matrices of component type "
                           f"{_NAMES.get(component, component)} yet")
        self.data = np.zeros((owners, m, n), dtype=dt)

    def assign(self, owner: Any, value: np.ndarray) -> None:
        self.data[owner] = convert(value, self.component)


def convert(values: np.ndarray, component: int) -> np.ndarray:
    """`values` as elements of `component`: SNorm/UNorm clamped, floats
    into integers truncated toward zero and saturated, as a GPU's
    conversion instructions do."""
    dt = np.dtype(_COMPONENTS[component])
    with np.errstate(all="ignore"):
        if component in _SNORM:
            return np.clip(values.astype(np.float64), -1.0, 1.0).astype(dt)
        if component in _UNORM:
            return np.clip(values.astype(np.float64), 0.0, 1.0).astype(dt)
        if dt.kind in "iu" and values.dtype.kind == "f":
            info = np.iinfo(dt)
            v = np.nan_to_num(np.trunc(values.astype(np.float64)), nan=0.0)
            return np.clip(v, info.min, info.max).astype(dt)
        return values.astype(dt)


def numeric(values: np.ndarray, signed: bool) -> np.ndarray:
    """A thread value (integers are kept unsigned) read as signed when the
    matrix's component type is, ready for exact arithmetic."""
    if values.dtype.kind == "u" and signed:
        values = values.view(values.dtype.str.replace("u", "i"))
    if values.dtype.kind in "iub":
        return values.astype(np.int64)
    return values.astype(np.float64)


def signed_component(component: int) -> bool:
    return component in (2, 4, 6, 17) or component >= 8 and component not in PACKED


def _owners(ex: Executor, scope: int) -> tuple[np.ndarray, int]:
    if scope == 0:
        return np.arange(ex.d.count, dtype=np.int64), ex.d.count
    if scope == 1:
        return ex.d.wave.astype(np.int64), ex.d.wave_count
    return ex.d.group.astype(np.int64), ex.d.group_count


def active_owners(ex: Executor, m: Matrix, mask: np.ndarray) -> list[tuple[int, int]]:
    """(owner, representative thread) for each owner with active threads."""
    owner_of, _ = _owners(ex, m.scope)
    lanes = np.nonzero(mask)[0]
    owners, first = np.unique(owner_of[lanes], return_index=True)
    return [(int(o), int(lanes[k])) for o, k in zip(owners, first)]


def _matrix(value: Any, line: int | None) -> Matrix:
    if not isinstance(value, Matrix):
        raise RunError("a matrix operand that no createMatrix made", line)
    return value


@op("CreateMatrix")
def _create(ex: Executor, ins, o, args, mask):
    component, m, n, use, scope = (int(a[0]) for a in args)
    _, owners = _owners(ex, scope)
    return Matrix(component, m, n, use, scope, owners)


@op("FillMatrix")
def _fill(ex: Executor, ins, o, args, mask):
    mat = _matrix(args[0], ins.line)
    for owner, lane in active_owners(ex, mat, mask):
        mat.assign(owner, np.asarray(args[1][lane]))
    return None


@op("CastMatrix")
def _cast(ex: Executor, ins, o, args, mask):
    dest, src = _matrix(args[0], ins.line), _matrix(args[1], ins.line)
    for owner, _ in active_owners(ex, dest, mask):
        value = src.data[owner]
        if (dest.m, dest.n) != value.shape:
            value = value.T if (dest.m, dest.n) == value.shape[::-1] else value
        dest.assign(owner, value)
    return None


_UNARY = {0: lambda x: x, 1: np.negative, 2: np.abs, 3: np.sin, 4: np.cos, 5: np.tan}
_BINARY = {1: np.add, 2: np.subtract, 3: np.multiply, 4: np.divide}


@op("MatrixElementwiseUnaryOp")
def _unary(ex: Executor, ins, o, args, mask):
    kind, mat = int(args[0][0]), _matrix(args[1], ins.line)
    fn = _UNARY.get(kind)
    if fn is None:
        raise RunError(f"unknown element-wise operation {kind}", ins.line)
    for owner, _ in active_owners(ex, mat, mask):
        with np.errstate(all="ignore"):
            value = fn(mat.data[owner].astype(np.float64) if kind >= 3 else mat.data[owner])
        mat.assign(owner, value)
    return None


@op("MatrixElementwiseBinaryOp")
def _binary(ex: Executor, ins, o, args, mask):
    kind, mat, value = int(args[0][0]), _matrix(args[1], ins.line), args[2]
    fn = _BINARY.get(kind)
    if fn is None:
        raise RunError(f"unknown element-wise operation {kind}", ins.line)
    for owner, lane in active_owners(ex, mat, mask):
        signed = signed_component(mat.component)
        with np.errstate(all="ignore"):
            operand = numeric(np.asarray(value[lane]), signed)
            current = numeric(mat.data[owner], signed)
            if kind == 4 and current.dtype.kind == "i":
                result = _int_divide(current, operand)
            else:
                result = fn(current, operand)
        mat.assign(owner, result)
    return None


def _int_divide(a: np.ndarray, b: Any) -> np.ndarray:
    """Integer division truncated toward zero; by zero gives all ones, as
    D3D's udiv does."""
    b = np.broadcast_to(np.asarray(b, dtype=np.int64), a.shape)
    safe = np.where(b == 0, 1, b)
    q = np.abs(a) // np.abs(safe) * np.sign(a) * np.sign(safe)
    return np.where(b == 0, -1, q)


def opaque_order(seed: int, layout: int, component: int, m: int, n: int) -> np.ndarray:
    """The place (in elements) of each of an M x N matrix's elements in an
    opaque layout."""
    rng = np.random.default_rng([seed, layout, component, m, n])
    return rng.permutation(m * n).reshape(m, n).astype(np.int64)


def convert_layouts(buffers: Any, seed: int, to_device: bool) -> None:
    """Rearrange the matrices a pipeline's `MatrixLayouts` name between the
    file's row-major order and the opaque layout's device order."""
    for buf in buffers:
        if not buf.matrix_layouts:
            continue
        raw = bytearray(buf.data.tobytes())
        for entry in buf.matrix_layouts:
            es = entry.element_size
            region = np.frombuffer(raw, dtype=np.uint8, count=entry.size, offset=entry.offset) \
                .reshape(entry.rows * entry.columns, es)
            order = opaque_order(seed, entry.layout, entry.component, entry.rows, entry.columns).reshape(-1)
            out = np.empty_like(region)
            if to_device:
                out[order] = region
            else:
                out[:] = region[order]
            raw[entry.offset:entry.offset + entry.size] = out.tobytes()
        buf.data = np.frombuffer(bytes(raw), dtype=buf.data.dtype).copy()


def element_addresses(mat: Matrix, base: int, stride: int, esize: int, layout: int, line: int | None,
                      seed: int = 0) -> np.ndarray:
    """Byte address of each element.  RowMajor (0) and ColMajor (1) as the
    specification defines them; the opaque layouts (MulOptimal 2,
    OuterProductOptimal 3) keep the M x N elements in an order it does not
    promise: a permutation chosen by `--seed`, the matrix's shape and
    type, so a store and a load in one opaque layout agree while code that
    reads opaque data as RowMajor (or writes it so) gets other numbers."""
    i = np.arange(mat.m, dtype=np.int64)[:, None]
    j = np.arange(mat.n, dtype=np.int64)[None, :]
    if layout == 0:
        return base + i * stride + j * esize
    if layout == 1:
        return base + j * stride + i * esize
    if layout in (2, 3):
        return base + opaque_order(seed, layout, mat.component, mat.m, mat.n) * esize
    raise RunError(f"unknown matrix layout {layout}", line)


def descriptor_resource(args: list, line: int | None) -> Any:
    handle: Handle = args[1]
    if not isinstance(handle, Handle) or len(handle.resources) != 1:
        raise RunError("a matrix load or store through a handle that differs per thread", line)
    return handle.resources[0]


@op("MatrixLoadFromDescriptor")
def _load_descriptor(ex: Executor, ins, o, args, mask):
    mat = _matrix(args[0], ins.line)
    res = descriptor_resource(args, ins.line)
    dt = mat.data.dtype
    for owner, lane in active_owners(ex, mat, mask):
        addr = element_addresses(mat, int(args[2][lane]), int(args[3][lane]), dt.itemsize, int(args[4][lane]),
                                 ins.line, ex.seed)
        if addr.min() < 0 or addr.max() + dt.itemsize > len(res.data):
            mat.data[owner] = 0          # out of bounds: a zero matrix
            continue
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        mat.data[owner] = np.ascontiguousarray(res.data[idx]).view(dt).reshape(mat.m, mat.n)
    return None


def _write(ex: Executor, ins, args, mask, accumulate: bool) -> None:
    mat = _matrix(args[0], ins.line)
    res = descriptor_resource(args, ins.line)
    dt = mat.data.dtype
    for owner, lane in active_owners(ex, mat, mask):
        addr = element_addresses(mat, int(args[2][lane]), int(args[3][lane]), dt.itemsize, int(args[4][lane]),
                                 ins.line, ex.seed)
        if addr.min() < 0 or addr.max() + dt.itemsize > len(res.data):
            warn_outside(ex, ins, res, addr, dt.itemsize, "an accumulate" if accumulate else "a store")
            continue                     # out of bounds: nothing is written
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        value = mat.data[owner].reshape(-1)
        res.written = True
        if accumulate:
            # Added in the matrix's component type.
            signed = signed_component(mat.component)
            with np.errstate(all="ignore"):
                value = numeric(np.ascontiguousarray(res.data[idx]).view(dt).reshape(-1), signed) \
                    + numeric(value, signed)
        res.data[idx] = np.ascontiguousarray(convert(value, mat.component)).view(np.uint8) \
            .reshape(-1, dt.itemsize)


def warn_outside(ex: Executor, ins, res: Any, addr: np.ndarray, size: int, what: str) -> None:
    """--check: a matrix store that reaches outside its buffer writes
    nothing (the specification makes it a no-op), which is worth a warning
    when some of its elements were inside."""
    if not ex.check:
        return
    inside = int(((addr >= 0) & (addr + size <= len(res.data))).sum())
    part = f"{inside} of its {addr.size} elements are inside" if inside else "none of its elements is inside"
    ex.warn(f"{what} of a matrix reaches outside buffer '{res.name}' ({len(res.data)} bytes; {part}): it writes "
            "nothing", ins.line)


@op("MatrixStoreToDescriptor")
def _store_descriptor(ex: Executor, ins, o, args, mask):
    _write(ex, ins, args, mask, accumulate=False)


@op("MatrixAccumulateToDescriptor")
def _accumulate_descriptor(ex: Executor, ins, o, args, mask):
    _write(ex, ins, args, mask, accumulate=True)


def memory_element(ex: Executor, ins, component: int) -> tuple[np.dtype, int, int]:
    """The groupshared array's element as the matrix sees it: (dtype of an
    element, bytes per array index, bytes per element).  A 32-bit integer
    array holds a packed matrix's bytes four to an index; any other array
    holds one element per index, converted on the way in and out."""
    suffix = ins.callee.rsplit(".", 1)[-1]          # p3f16 (dx::linalg) or f16 (Wave Matrix)
    scalar = {"f16": "half", "f32": "float", "f64": "double", "i16": "i16", "i32": "i32", "i64": "i64",
              "i8": "i8"}.get(suffix[2:] if suffix.startswith("p3") else suffix)
    if scalar is None:
        raise RunError(f"unknown memory element type '{suffix}'", ins.line)
    t = ex.types.get(scalar)
    step = element_stride(t)
    if component in PACKED and scalar == "i32":
        return np.dtype(_COMPONENTS[component]), step, 1
    dt = t.dtype
    if dt.kind == "u" and signed_component(component):
        dt = np.dtype(dt.str.replace("u", "i"))
    return dt, step, step


def shadow_access(ex: Executor, mem: Any, lane: int, idx: np.ndarray, write: bool) -> None:
    """--check: a matrix's collective access to groupshared memory, made
    by the owner's first active thread (so a race with another wave, or a
    thread that reads the matrix's bytes with no barrier between, shows)."""
    if mem.shadow is None:
        return
    cells = idx.reshape(1, -1)
    if write:
        mem.shadow.write(mem, cells, np.array([lane]))
    else:
        one = np.zeros(len(mem.rows), dtype=bool)
        one[lane] = True
        mem.shadow.read(mem, np.broadcast_to(cells, (len(mem.rows), cells.shape[1])), one)


def _memory(ex: Executor, ins, args, mask, store: bool, accumulate: bool = False) -> None:
    mat = _matrix(args[0], ins.line)
    ptr: Ptr = args[1]
    dt, step, esize = memory_element(ex, ins, mat.component)
    mem = ptr.mem
    for owner, lane in active_owners(ex, mat, mask):
        row = mem.data[mem.rows[lane]]
        base = int(ptr.offset[lane]) + int(args[2][lane]) * step
        addr = element_addresses(mat, base, int(args[3][lane]) * step, esize, int(args[4][lane]), ins.line, ex.seed)
        inside = addr.min() >= 0 and addr.max() + dt.itemsize <= len(row)
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        if inside and (not store or accumulate):
            shadow_access(ex, mem, lane, idx, write=False)
        if inside and store:
            shadow_access(ex, mem, lane, idx, write=True)
        if not store:
            if inside:
                mat.assign(owner, np.ascontiguousarray(row[idx]).view(dt).reshape(mat.m, mat.n))
            else:
                mat.data[owner] = 0
            continue
        if not inside:
            continue
        value = mat.data[owner].reshape(-1)
        if accumulate:
            signed = signed_component(mat.component)
            with np.errstate(all="ignore"):
                value = numeric(np.ascontiguousarray(row[idx]).view(dt).reshape(-1), signed) + numeric(value, signed)
        with np.errstate(all="ignore"):
            out = value.astype(dt) if dt.kind == "f" or value.dtype.kind != "f" else \
                np.clip(np.trunc(np.nan_to_num(value.astype(np.float64))), np.iinfo(dt).min, np.iinfo(dt).max).astype(dt)
        row[idx] = np.ascontiguousarray(out).view(np.uint8).reshape(-1, dt.itemsize)


@op("MatrixLoadFromMemory")
def _load_memory(ex: Executor, ins, o, args, mask):
    _memory(ex, ins, args, mask, store=False)


@op("MatrixStoreToMemory")
def _store_memory(ex: Executor, ins, o, args, mask):
    _memory(ex, ins, args, mask, store=True)


@op("MatrixAccumulateToMemory")
def _accumulate_memory(ex: Executor, ins, o, args, mask):
    _memory(ex, ins, args, mask, store=True, accumulate=True)


def _product(a: np.ndarray, b: np.ndarray, a_signed: bool, b_signed: bool) -> np.ndarray:
    """a @ b exactly: integers in int64, floats in float64."""
    return numeric(a, a_signed) @ numeric(b, b_signed)


@op("MatrixMultiply", "MatrixMultiplyAccumulate", "MatrixSumAccumulate")
def _matrix_op(ex: Executor, ins, o, args, mask):
    a, b, c = (_matrix(x, ins.line) for x in args)
    if o.name != "MatrixSumAccumulate" and (a.n != b.m or (a.m, b.n) != (c.m, c.n)):
        raise RunError(f"a {a.m}x{a.n} by {b.m}x{b.n} multiply into a {c.m}x{c.n} matrix", ins.line)
    sa, sb, sc = signed_component(a.component), signed_component(b.component), signed_component(c.component)
    for owner, _ in active_owners(ex, c, mask):
        with np.errstate(all="ignore"):
            if o.name == "MatrixSumAccumulate":
                result = numeric(c.data[owner], sc) + numeric(a.data[owner], sa) + numeric(b.data[owner], sb)
            else:
                # Products in the wider of the types, accumulated in C's.
                product = _product(a.data[owner], b.data[owner], sa, sb)
                result = product if o.name == "MatrixMultiply" else numeric(c.data[owner], sc) + product
        c.assign(owner, result)
    return None


def _thread_index(ex: Executor, scope: int) -> np.ndarray:
    """A thread's place among its matrix's threads: lane in the wave, or
    flattened index in the group."""
    return (ex.d.lane if scope == 1 else ex.d.flat).astype(np.int64)


def _unpack(words: np.ndarray, component: int) -> np.ndarray:
    """(threads, k) 32-bit words -> (threads, 4k) bytes, low byte first."""
    dt = np.int8 if component == 17 else np.uint8
    return np.ascontiguousarray(words.astype(np.uint32)).view(dt).reshape(words.shape[0], -1)


def _pack(values: np.ndarray, words: int) -> np.ndarray:
    """(threads, n) bytes -> (threads, words) 32-bit words, zero-padded."""
    out = np.zeros((values.shape[0], words * 4), dtype=np.uint8)
    out[:, :values.shape[1]] = values.astype(np.int64).astype(np.uint8)
    return out.view(np.uint32).reshape(values.shape[0], words)


def _vector(value: np.ndarray) -> np.ndarray:
    return value if value.ndim == 2 else value[:, None]


@op("MatrixLoadFromThreads")
def _from_threads(ex: Executor, ins, o, args, mask):
    """FromThreadVectors: thread t gives column t of an A matrix or row t
    of a B matrix; threads beyond the matrix are discarded."""
    mat, vec = _matrix(args[0], ins.line), _vector(args[1])
    if mat.scope == 0 or mat.use == 2:
        raise RunError("matrixLoadFromThreads needs a Wave or ThreadGroup A or B matrix", ins.line)
    length = mat.m if mat.use == 0 else mat.n
    if mat.component in PACKED:
        vec = _unpack(vec, mat.component)
    if vec.shape[1] < length:
        raise RunError(f"a thread vector of {vec.shape[1]} elements for a {mat.m}x{mat.n} matrix", ins.line)
    owner_of, _ = _owners(ex, mat.scope)
    t = _thread_index(ex, mat.scope)
    count = mat.n if mat.use == 0 else mat.m
    lanes = np.nonzero(mask & (t < count))[0]
    values = convert(numeric(vec[lanes, :length], signed_component(mat.component)), mat.component)
    if mat.use == 0:
        mat.data[owner_of[lanes], :, t[lanes]] = values
    else:
        mat.data[owner_of[lanes], t[lanes], :] = values
    return None


@op("MatrixExtractToThreads")
def _extract_to_threads(ex: Executor, ins, o, args, mask):
    """GetThreadVector(index): thread t gets column (or row, for B)
    index * S + t, S the wave or group size; beyond the matrix, zeros."""
    mat = _matrix(args[0], ins.line)
    if mat.scope == 0 or mat.use == 2:
        raise RunError("matrixExtractToThreads needs a Wave or ThreadGroup A or B matrix", ins.line)
    out_t = ex.types.get(ins.type) if ins.type else None
    width = out_t.count if out_t is not None and out_t.kind == "vector" else 1
    out_dt = out_t.dtype if out_t is not None and out_t.dtype is not None else np.dtype(np.uint32)
    owner_of, _ = _owners(ex, mat.scope)
    size = ex.d.wave_size if mat.scope == 1 else ex.d.group_size
    j = args[1].astype(np.int64) * size + _thread_index(ex, mat.scope)
    count = mat.n if mat.use == 0 else mat.m
    length = mat.m if mat.use == 0 else mat.n
    inside = j < count
    vals = np.zeros((ex.d.count, length), dtype=mat.data.dtype)
    lanes = np.nonzero(mask & inside)[0]
    if mat.use == 0:
        vals[lanes] = mat.data[owner_of[lanes], :, j[lanes]]
    else:
        vals[lanes] = mat.data[owner_of[lanes], j[lanes], :]
    if mat.component in PACKED:
        result = _pack(vals, width)
    else:
        with np.errstate(all="ignore"):
            result = vals.astype(out_dt)          # integers wrap to the IR's unsigned form
    return result if width > 1 or result.ndim == 1 else result[:, 0]


@op("MatrixQueryAccumulatorLayout")
def _accumulator_layout(ex: Executor, ins, o, args, mask):
    """The MatrixUse an Accumulator's layout matches: A or B, chosen by
    `--seed` (the specification leaves it to the device)."""
    return np.full(ex.d.count, ex.seed % 2, dtype=np.uint32)


@op("MatrixOuterProduct")
def _outer_product(ex: Executor, ins, o, args, mask):
    component, m, n, scope = (int(a[0]) for a in args[:4])
    _, owners = _owners(ex, scope)
    mat = Matrix(component, m, n, 2, scope, owners)
    a, b = _vector(args[4]), _vector(args[5])
    if a.shape[1] != m or b.shape[1] != n:
        raise RunError(f"an outer product of {a.shape[1]} and {b.shape[1]} elements into a {m}x{n} matrix",
                       ins.line)
    signed = signed_component(component)
    active = active_owners(ex, mat, mask)
    if not active:
        return mat
    owner_ids = np.array([ow for ow, _ in active])
    lanes = np.array([ln for _, ln in active])
    with np.errstate(all="ignore"):
        mat.assign(owner_ids, numeric(a[lanes], signed)[:, :, None] * numeric(b[lanes], signed)[:, None, :])
    return mat


@op("MatrixAccumulate")
def _accumulate(ex: Executor, ins, o, args, mask):
    """hlslc's matrixAccumulate (the draft revision's OuterProductAccumulate):
    accumulator += addend."""
    acc, addend = _matrix(args[0], ins.line), _matrix(args[1], ins.line)
    if (acc.m, acc.n) != (addend.m, addend.n):
        raise RunError(f"adding a {addend.m}x{addend.n} matrix to a {acc.m}x{acc.n} one", ins.line)
    signed = signed_component(acc.component)
    for owner, _ in active_owners(ex, acc, mask):
        with np.errstate(all="ignore"):
            acc.assign(owner, numeric(acc.data[owner], signed)
                       + numeric(addend.data[owner], signed_component(addend.component)))
    return None


@op("MatVecMul", "MatVecMulAdd")
def _matvec(ex: Executor, ins, o, args, mask):
    """A thread's vector times its matrix (row vector x M x N), plus a
    bias; the matrix is the thread's own or its wave's or group's."""
    vec, mat = _vector(args[0]), _matrix(args[1], ins.line)
    signed = signed_component(mat.component)
    if mat.component in PACKED and vec.shape[1] * 4 == mat.m:
        vec = _unpack(vec, mat.component)
    if vec.shape[1] != mat.m:
        raise RunError(f"a vector of {vec.shape[1]} elements times a {mat.m}x{mat.n} matrix", ins.line)
    out_t = ex.types.get(ins.type) if ins.type else None
    out_dt = out_t.dtype if out_t is not None and out_t.dtype is not None else np.dtype(np.float32)
    owner_of, _ = _owners(ex, mat.scope)
    lanes = np.nonzero(mask)[0]
    x = numeric(vec[lanes], signed)
    data = numeric(mat.data, signed)
    with np.errstate(all="ignore"):
        if mat.scope == 0:
            y = np.einsum("tm,tmn->tn", x, data[lanes])
        else:
            y = np.zeros((len(lanes), mat.n), dtype=x.dtype if x.dtype == data.dtype else np.float64)
            owners = owner_of[lanes]
            for ow in np.unique(owners):
                sel = owners == ow
                y[sel] = x[sel] @ data[ow]
        if o.name == "MatVecMulAdd":
            y = y + numeric(_vector(args[2])[lanes], signed)
    out = np.zeros((ex.d.count, mat.n), dtype=out_dt)
    with np.errstate(all="ignore"):
        if out_dt.kind in "iu":
            out[lanes] = y.astype(np.int64).astype(out_dt)
        else:
            out[lanes] = y.astype(out_dt)
    return out
