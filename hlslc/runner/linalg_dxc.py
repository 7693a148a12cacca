"""DXC's `dx.op.linAlg*` operations (the amended proposal 0035,
`--linalg-revision=dxc`) in the executor.

These matrices are values (`%dx.types.LinAlgMatrixC<ct>M<m>N<n>U<u>S<s>`,
SSA values the operations take and return), not the references our own
revisions update in place: every operation that makes a matrix returns a
new `MatrixValue`, an M x N array per owner (thread, wave or group, as the
scope says), and one that "changes" a matrix (SetElement, Accumulate,
MultiplyAccumulate) returns the changed copy.  A value some threads
recompute in divergent control flow merges per owner (`merge`), so phis
and selects of matrices work as they do for vectors.

The semantics (conversions, layouts, the thread-local slice, products)
are `matrix_math`'s, shared with any other engine; this module reads the
operands, loops over the owners that have active threads and touches
memory.  Offsets and strides of groupshared memory count elements of the
matrix's component type and read the array's bytes as they are (no
conversion: the specification's "the data in the groupshared array is
written in the format of the input matrix element"); descriptors' count
bytes.  A load that reaches outside its resource gives a zero matrix, a
store or accumulate that would does nothing (the whole matrix: one of the
two behaviours the specification allows).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..dxil import ops as ir_ops
from . import matrix_math as mm
from .base import Handle, Ptr, ThreadValue, element_stride
from .errors import RunError
from .linalg import shadow_access
from .ops import op

if TYPE_CHECKING:
    from .executor import Executor


class MatrixValue(ThreadValue):
    """A matrix value: its type, the owner of each thread, and an M x N
    array per owner (`data`, owners x M x N, of the component's dtype)."""

    __slots__ = ("component", "m", "n", "use", "scope", "owner_of", "data")

    def __init__(self, mt: ir_ops.MatrixType, owner_of: np.ndarray, owners: int,
                 data: np.ndarray | None = None) -> None:
        self.component = mt.component
        self.m = mt.m
        self.n = mt.n
        self.use = mt.use
        self.scope = mt.scope
        self.owner_of = owner_of
        try:
            dt = mm.dtype(mt.component)
        except mm.MathError as err:
            raise RunError(str(err)) from None
        self.data = np.zeros((owners, mt.m, mt.n), dtype=dt) if data is None else data

    @property
    def type(self) -> ir_ops.MatrixType:
        return ir_ops.MatrixType(self.component, self.m, self.n, self.use, self.scope)

    def copy(self) -> "MatrixValue":
        return MatrixValue(self.type, self.owner_of, self.data.shape[0], self.data.copy())

    def merge(self, old: Any, mask: np.ndarray) -> Any:
        """This value where the threads in `mask` computed it, `old` for
        the owners none of them belongs to."""
        if not isinstance(old, MatrixValue) or old.data.shape != self.data.shape or mask.all():
            return self
        touched = np.zeros(self.data.shape[0], dtype=bool)
        touched[self.owner_of[mask]] = True
        if touched.all():
            return self
        out = old.copy()
        out.data[touched] = self.data[touched]
        return out


def _owners(ex: Executor, scope: int) -> tuple[np.ndarray, int]:
    if scope == 0:
        return np.arange(ex.d.count, dtype=np.int64), ex.d.count
    if scope == 1:
        return ex.d.wave.astype(np.int64), ex.d.wave_count
    return ex.d.group.astype(np.int64), ex.d.group_count


def _new(ex: Executor, ins: Any) -> MatrixValue:
    """An empty matrix of the call's result type."""
    mt = ir_ops.parse_matrix_type(ins.type or "")
    if mt is None:
        raise RunError(f"'{ins.type}' is not a LinAlg matrix type", ins.line)
    owner_of, owners = _owners(ex, mt.scope)
    return MatrixValue(mt, owner_of, owners)


def _matrix(value: Any, line: int | None) -> MatrixValue:
    if not isinstance(value, MatrixValue):
        raise RunError("a matrix operand that no matrix operation made (undef?)", line)
    return value


def _active(mat: MatrixValue, mask: np.ndarray) -> list[tuple[int, int]]:
    """(owner, its first active thread) for each owner with active threads."""
    lanes = np.nonzero(mask)[0]
    owners, first = np.unique(mat.owner_of[lanes], return_index=True)
    return [(int(o), int(lanes[k])) for o, k in zip(owners, first)]


def _convert(values: np.ndarray, component: int, line: int | None) -> np.ndarray:
    try:
        return mm.convert(values, component)
    except mm.MathError as err:
        raise RunError(str(err), line) from None


def _ir_dtype(ex: Executor, type_text: str) -> np.dtype:
    t = ex.types.get(type_text)
    dt = t.dtype if t.kind in ("scalar", "vector") else None
    if dt is None:
        raise RunError(f"'{type_text}' is not a scalar or vector type")
    return np.dtype(dt)


def _vector(value: np.ndarray) -> np.ndarray:
    return value if value.ndim == 2 else value[:, None]


# ---------------------------------------------------------------------------
# Making and converting matrices


@op("LinAlgFillMatrix")
def _fill(ex: Executor, ins, o, args, mask):
    mat = _new(ex, ins)
    # The IR's integers carry no sign: read as the matrix's component type is.
    signed = mat.component in mm.SIGNED
    for owner, lane in _active(mat, mask):
        value = mm.ir_numeric(np.asarray(args[0][lane:lane + 1]), signed)
        mat.data[owner] = _convert(value, mat.component, ins.line)[0]
    return mat


@op("LinAlgCopyConvertMatrix")
def _copy_convert(ex: Executor, ins, o, args, mask):
    src = _matrix(args[0], ins.line)
    mat = _new(ex, ins)
    transpose = bool(np.asarray(args[1]).reshape(-1)[0])
    shape = (src.n, src.m) if transpose else (src.m, src.n)
    if shape != (mat.m, mat.n):
        raise RunError(f"copying a {src.m}x{src.n} matrix{' transposed' if transpose else ''} into a "
                       f"{mat.m}x{mat.n} one", ins.line)
    if src.scope != mat.scope:
        raise RunError("CopyConvertMatrix between matrices of different scopes", ins.line)
    for owner, _ in _active(mat, mask):
        value = mm.numeric(src.data[owner], src.component)
        mat.data[owner] = _convert(value.T if transpose else value, mat.component, ins.line)
    return mat


# ---------------------------------------------------------------------------
# Memory


def _resource(handle: Any, line: int | None) -> Any:
    if not isinstance(handle, Handle) or len(handle.resources) != 1:
        raise RunError("a matrix load or store through a handle that differs per thread", line)
    return handle.resources[0]


def _addresses(ex: Executor, mat: MatrixValue, base: int, stride: int, layout: int, line: int | None,
               component: int | None = None) -> np.ndarray:
    try:
        return base + mm.element_offsets(mat.m, mat.n, mat.component if component is None else component, stride,
                                         layout, ex.seed)
    except mm.MathError as err:
        raise RunError(str(err), line) from None


@op("LinAlgMatrixLoadFromDescriptor")
def _load_descriptor(ex: Executor, ins, o, args, mask):
    mat = _new(ex, ins)
    res = _resource(args[0], ins.line)
    dt = mat.data.dtype
    for owner, lane in _active(mat, mask):
        addr = _addresses(ex, mat, int(args[1][lane]), int(args[2][lane]), int(args[3][lane]), ins.line)
        if addr.min() < 0 or addr.max() + dt.itemsize > len(res.data):
            continue                      # out of bounds: a zero matrix
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        mat.data[owner] = np.ascontiguousarray(res.data[idx]).view(dt).reshape(mat.m, mat.n)
    return mat


def _write_descriptor(ex: Executor, ins, args, mask, accumulate: bool) -> None:
    mat = _matrix(args[0], ins.line)
    res = _resource(args[1], ins.line)
    dt = mat.data.dtype
    for owner, lane in _active(mat, mask):
        addr = _addresses(ex, mat, int(args[2][lane]), int(args[3][lane]), int(args[4][lane]), ins.line)
        if addr.min() < 0 or addr.max() + dt.itemsize > len(res.data):
            continue                      # out of bounds: nothing is written
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        value = mat.data[owner].reshape(-1)
        if accumulate:
            # Atomically added in the matrix's component type (each owner in turn).
            current = np.ascontiguousarray(res.data[idx]).view(dt).reshape(-1)
            value = _convert(mm.add(current, value, mat.component, mat.component), mat.component, ins.line)
        res.data[idx] = np.ascontiguousarray(value).view(np.uint8).reshape(-1, dt.itemsize)


@op("LinAlgMatrixStoreToDescriptor")
def _store_descriptor(ex: Executor, ins, o, args, mask):
    _write_descriptor(ex, ins, args, mask, accumulate=False)


@op("LinAlgMatrixAccumulateToDescriptor")
def _accumulate_descriptor(ex: Executor, ins, o, args, mask):
    _write_descriptor(ex, ins, args, mask, accumulate=True)


def _memory_bytes(ex: Executor, ins: Any, operand: int, element_size: int, addresses: np.ndarray) -> np.ndarray:
    """Byte offsets in a groupshared array of the bytes of elements at
    `addresses` (offsets in a dense array of `element_size`-byte
    elements): the array's scalars may be padded in the executor's memory
    (a half takes 4 bytes), so a dense byte k is at scalar k // size."""
    text = ins.args[operand].type
    t = ex.types.get(text[:-1].strip().rsplit(" addrspace", 1)[0]) if text.endswith("*") else None
    scalar = t.elem if t is not None and t.kind == "vector" else t
    if scalar is None or scalar.kind != "scalar":
        raise RunError(f"a matrix in groupshared memory of '{text}'", ins.line)
    size, step = scalar.dtype.itemsize, element_stride(scalar)
    dense = addresses.reshape(-1)[:, None] + np.arange(element_size)
    return dense // size * step + dense % size


def _memory(ex: Executor, ins, mat: MatrixValue, ptr: Any, offset: Any, stride: Any, layout: Any, mask: np.ndarray,
            kind: str, target: int | None = None) -> None:
    """Load (into `mat`), store or accumulate a matrix at a groupshared
    array: offset and stride in elements (of the matrix's component type,
    or of `target` for an accumulate into another type)."""
    if not isinstance(ptr, Ptr):
        raise RunError("a groupshared matrix operand that is not a pointer", ins.line)
    component = mat.component if target is None else target
    try:
        dt = mm.dtype(component)
    except mm.MathError as err:
        raise RunError(str(err), ins.line) from None
    esize = dt.itemsize
    mem = ptr.mem
    for owner, lane in _active(mat, mask):
        row = mem.data[mem.rows[lane]]
        dense = _addresses(ex, mat, int(offset[lane]) * esize, int(stride[lane]) * esize, int(layout[lane]),
                           ins.line, component)
        idx = _memory_bytes(ex, ins, 1 if kind == "load" else 2, esize, dense) + int(ptr.offset[lane])
        inside = idx.min() >= 0 and idx.max() < len(row)
        if not inside:
            if kind == "load":
                mat.data[owner] = 0
            continue
        if kind != "store":
            shadow_access(ex, mem, lane, idx, write=False)
        current = np.ascontiguousarray(row[idx]).view(dt).reshape(mat.m, mat.n)
        if kind == "load":
            mat.data[owner] = current
            continue
        shadow_access(ex, mem, lane, idx, write=True)
        value = mat.data[owner]
        if kind == "accumulate":
            value = _convert(mm.add(current, _convert(mm.numeric(value, mat.component), component, ins.line),
                                    component, component), component, ins.line)
        row[idx] = np.ascontiguousarray(value).view(np.uint8).reshape(-1, esize)


@op("LinAlgMatrixLoadFromMemory")
def _load_memory(ex: Executor, ins, o, args, mask):
    mat = _new(ex, ins)
    _memory(ex, ins, mat, args[0], args[1], args[2], args[3], mask, "load")
    return mat


@op("LinAlgMatrixStoreToMemory")
def _store_memory(ex: Executor, ins, o, args, mask):
    _memory(ex, ins, _matrix(args[0], ins.line), args[1], args[2], args[3], args[4], mask, "store")


@op("LinAlgMatrixAccumulateToMemory")
def _accumulate_memory(ex: Executor, ins, o, args, mask):
    mat = _matrix(args[0], ins.line)
    target = int(np.asarray(args[2]).reshape(-1)[0])
    if target not in mm.DTYPES:
        raise RunError(f"accumulating into groupshared memory of component type {mm.NAMES.get(target, target)}",
                       ins.line)
    _memory(ex, ins, mat, args[1], args[3], args[4], args[5], mask, "accumulate", target)


# ---------------------------------------------------------------------------
# The thread-local slice


def _threads(ex: Executor, scope: int) -> tuple[np.ndarray, np.ndarray]:
    """Each thread's place among its matrix's threads, and how many threads
    its wave (the last wave of a group may be short) or group has."""
    if scope == 1:
        first = ex.d.flat.astype(np.int64) // ex.d.wave_size * ex.d.wave_size
        count = np.minimum(ex.d.wave_size, ex.d.group_size - first)
        return ex.d.lane.astype(np.int64), count
    return ex.d.flat.astype(np.int64), np.full(ex.d.count, ex.d.group_size, dtype=np.int64)


def _slice(ex: Executor, mat: MatrixValue, index: np.ndarray | None, line: int | None) -> np.ndarray:
    """The element (row-major index) each thread's `index` names in its
    slice, -1 out of range; with `index` None, each thread's Length()."""
    if mat.scope == 0:
        raise RunError("element access (Length, GetCoordinate, Get, Set) on a Thread-scope matrix", line)
    place, count = _threads(ex, mat.scope)
    out = np.zeros(ex.d.count, dtype=np.int64 if index is not None else np.uint32)
    for threads in np.unique(count):
        sel = count == threads
        order = mm.slice_order(ex.seed, mat.m, mat.n, mat.use, mat.scope, int(threads))
        if index is None:
            out[sel] = mm.slice_length(order, place[sel])
        else:
            out[sel] = mm.slice_element(order, place[sel], index[sel])
    return out


@op("LinAlgMatrixLength")
def _length(ex: Executor, ins, o, args, mask):
    return _slice(ex, _matrix(args[0], ins.line), None, ins.line)


@op("LinAlgMatrixGetCoordinate")
def _coordinate(ex: Executor, ins, o, args, mask):
    mat = _matrix(args[0], ins.line)
    element = _slice(ex, mat, args[1].astype(np.int64), ins.line)
    row = np.where(element >= 0, element // mat.n, 0xFFFFFFFF)
    col = np.where(element >= 0, element % mat.n, 0xFFFFFFFF)
    return np.stack([row, col], axis=1).astype(np.uint32)


@op("LinAlgMatrixGetElement")
def _get(ex: Executor, ins, o, args, mask):
    mat = _matrix(args[0], ins.line)
    element = _slice(ex, mat, args[1].astype(np.int64), ins.line)
    flat = mat.data.reshape(mat.data.shape[0], -1)
    values = flat[mat.owner_of, np.maximum(element, 0)]
    out_dt = _ir_dtype(ex, ins.type)
    result = mm.to_ir(mm.numeric(values, mat.component), out_dt, mat.component in mm.SIGNED)
    return np.where(element >= 0, result, out_dt.type(0))


@op("LinAlgMatrixSetElement")
def _set(ex: Executor, ins, o, args, mask):
    src = _matrix(args[0], ins.line)
    mat = _new(ex, ins)
    if (mat.m, mat.n, mat.scope) != (src.m, src.n, src.scope):
        raise RunError("SetElement into a matrix of another shape or scope", ins.line)
    mat.data[:] = _convert(mm.numeric(src.data, src.component), mat.component, ins.line)
    element = _slice(ex, mat, args[1].astype(np.int64), ins.line)
    lanes = np.nonzero(mask & (element >= 0))[0]
    value = mm.ir_numeric(np.asarray(args[2])[lanes], mat.component in mm.SIGNED)
    flat = mat.data.reshape(mat.data.shape[0], -1)
    flat[mat.owner_of[lanes], element[lanes]] = _convert(value, mat.component, ins.line)
    return mat


# ---------------------------------------------------------------------------
# Products


@op("LinAlgMatrixMultiply", "LinAlgMatrixMultiplyAccumulate")
def _multiply(ex: Executor, ins, o, args, mask):
    a, b = _matrix(args[0], ins.line), _matrix(args[1], ins.line)
    c = _matrix(args[2], ins.line) if o.name == "LinAlgMatrixMultiplyAccumulate" else None
    mat = _new(ex, ins)
    if a.n != b.m or (a.m, b.n) != (mat.m, mat.n) or (c is not None and (c.m, c.n) != (mat.m, mat.n)):
        raise RunError(f"a {a.m}x{a.n} by {b.m}x{b.n} multiply into a {mat.m}x{mat.n} matrix", ins.line)
    for owner, _ in _active(mat, mask):
        product = mm.matmul(a.data[owner], b.data[owner], a.component, b.component)
        if c is not None:
            product = mm.add(mm.numeric(c.data[owner], c.component), product, mm.F64, mm.F64) \
                if product.dtype.kind == "f" or mm.is_float(c.component) else \
                mm.numeric(c.data[owner], c.component) + product
        mat.data[owner] = _convert(product, mat.component, ins.line)
    return mat


@op("LinAlgMatrixAccumulate")
def _accumulate(ex: Executor, ins, o, args, mask):
    lhs, rhs = _matrix(args[0], ins.line), _matrix(args[1], ins.line)
    mat = _new(ex, ins)
    if (lhs.m, lhs.n) != (mat.m, mat.n) or (rhs.m, rhs.n) != (mat.m, mat.n):
        raise RunError(f"adding a {rhs.m}x{rhs.n} matrix to a {lhs.m}x{lhs.n} one", ins.line)
    for owner, _ in _active(mat, mask):
        mat.data[owner] = _convert(mm.add(lhs.data[owner], rhs.data[owner], lhs.component, rhs.component),
                                   mat.component, ins.line)
    return mat


@op("LinAlgMatrixQueryAccumulatorLayout")
def _accumulator_layout(ex: Executor, ins, o, args, mask):
    return np.full(ex.d.count, mm.accumulator_layout(ex.seed), dtype=np.uint32)


def _interpretation(value: Any, line: int | None) -> int:
    interp = int(np.asarray(value).reshape(-1)[0])
    if interp not in mm.DTYPES:
        raise RunError(f"vector interpretation {mm.NAMES.get(interp, interp)} is not a LinAlg component type", line)
    return interp


def matvec(ex: Executor, mat: MatrixValue, vector: np.ndarray, interp: int, lanes: np.ndarray,
           line: int | None) -> np.ndarray:
    """y = A x for each thread in `lanes`: A its (owner's) M x K matrix, x
    its vector read as `interp`; exact values, lanes x M."""
    try:
        x = mm.unpack(vector[lanes], interp, mat.n)
    except mm.MathError as err:
        raise RunError(f"{err} (a {mat.m}x{mat.n} matrix times a vector)", line) from None
    return mm.matvec(mat.data[mat.owner_of[lanes]], mat.component, x)


@op("LinAlgMatVecMul", "LinAlgMatVecMulAdd")
def _matvec(ex: Executor, ins, o, args, mask):
    """A thread's column vector times its M x K A matrix (plus a bias)."""
    mat = _matrix(args[0], ins.line)
    signed = bool(np.asarray(args[1]).reshape(-1)[0])
    vector = _vector(args[2])
    interp = _interpretation(args[3], ins.line)
    out_dt = _ir_dtype(ex, ins.type)
    lanes = np.nonzero(mask)[0]
    y = matvec(ex, mat, vector, interp, lanes, ins.line)
    if o.name == "LinAlgMatVecMulAdd":
        bias = mm.ir_numeric(_vector(args[4])[lanes], signed)
        if bias.shape[1] != mat.m:
            raise RunError(f"a bias of {bias.shape[1]} elements for a {mat.m}x{mat.n} matrix", ins.line)
        if bias.dtype != y.dtype:
            y, bias = y.astype(np.float64), bias.astype(np.float64)
        y = y + bias
    out = np.zeros((ex.d.count, mat.m), dtype=out_dt)
    out[lanes] = mm.to_ir(y, out_dt, signed)
    return out


@op("LinAlgMatrixOuterProduct")
def _outer_product(ex: Executor, ins, o, args, mask):
    mat = _new(ex, ins)
    a, b = _vector(args[0]), _vector(args[1])
    # Vectors of a packed component type hold its elements four (two) to a word.
    interp = mat.component if mat.component not in mm.NATIVE else None
    lanes = np.array([lane for _, lane in _active(mat, mask)], dtype=np.int64)
    owners = np.array([owner for owner, _ in _active(mat, mask)], dtype=np.int64)
    if not len(lanes):
        return mat
    signed = ins.args[1].type.split()[-1] != "i1"
    if interp is not None:
        x, y = mm.unpack(a[lanes], interp, mat.m), mm.unpack(b[lanes], interp, mat.n)
    else:
        x, y = mm.ir_numeric(a[lanes], signed), mm.ir_numeric(b[lanes], signed)
    if x.shape[1] != mat.m or y.shape[1] != mat.n:
        raise RunError(f"an outer product of {x.shape[1]} and {y.shape[1]} elements into a {mat.m}x{mat.n} "
                       "matrix", ins.line)
    with np.errstate(all="ignore"):
        mat.data[owners] = _convert(x[:, :, None] * y[:, None, :], mat.component, ins.line)
    return mat


@op("LinAlgConvert")
def _convert_vector(ex: Executor, ins, o, args, mask):
    vector = _vector(args[0])
    source = _interpretation(args[1], ins.line)
    target = _interpretation(args[2], ins.line)
    out_t = ex.types.get(ins.type)
    length = out_t.count if out_t.kind == "vector" else 1
    lanes = np.nonzero(mask)[0]
    try:
        values = mm.unpack(vector[lanes], source)
        packed = mm.pack(values, target, _ir_dtype(ex, ins.type), length)
    except mm.MathError as err:
        raise RunError(str(err), ins.line) from None
    out = np.zeros((ex.d.count, length), dtype=packed.dtype)
    out[lanes] = packed
    return out if out_t.kind == "vector" else out[:, 0]


@op("LinAlgVectorAccumulateToDescriptor")
def _vector_accumulate(ex: Executor, ins, o, args, mask):
    """Each thread adds its vector into the buffer at its offset (atomically,
    in the vector's element type); out of bounds: nothing."""
    res = _resource(args[0], ins.line)
    vector = _vector(args[3])
    dt = vector.dtype
    esize = dt.itemsize
    for lane in np.nonzero(mask)[0]:
        base = int(args[1][lane])
        end = base + esize * vector.shape[1]
        if base < 0 or end > len(res.data):
            continue
        current = np.ascontiguousarray(res.data[base:end]).view(dt)
        with np.errstate(all="ignore"):
            if dt.kind == "f":
                total = (current.astype(np.float64) + vector[lane].astype(np.float64)).astype(dt)
            else:
                total = (current + vector[lane]).astype(dt)       # integers wrap, as atomic adds do
        res.data[base:end] = np.ascontiguousarray(total).view(np.uint8)
