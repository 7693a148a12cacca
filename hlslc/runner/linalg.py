"""The `dx::linalg` operations (proposal 0035, SM 6.10) in the executor.

A matrix is owned by a thread, a wave or a thread group (its scope); its
value is a numpy array per owner (`Matrix.data`, owners x M x N).  An
operation runs once per owner that has active threads, reading the
owner's uniform operands (offset, stride, fill value) from its first
active thread.  Memory follows the specification: RowMajor and ColMajor
with a stride, a load that reaches outside the resource gives a zero
matrix, a store or accumulate that would is not done.

Runs: createMatrix, fillMatrix, castMatrix, the element-wise unary and
binary operations, loads and stores from descriptors and groupshared
memory, accumulates to them, and matrixOp (Multiply, MultiplyAccumulate,
SumAccumulate).  The others are a `RunError` naming them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .executor import Executor, Ptr, RunError, _stride
from .ops import Handle, op

_COMPONENTS = {2: np.int16, 3: np.uint16, 4: np.int32, 5: np.uint32, 6: np.int64, 7: np.uint64,
               8: np.float16, 9: np.float32, 10: np.float64}
_NAMES = {2: "I16", 3: "U16", 4: "I32", 5: "U32", 6: "I64", 7: "U64", 8: "F16", 9: "F32", 10: "F64",
          17: "PackedS8x32", 18: "PackedU8x32"}


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


def _owners(ex: Executor, scope: int) -> tuple[np.ndarray, int]:
    if scope == 0:
        return np.arange(ex.d.count, dtype=np.int64), ex.d.count
    if scope == 1:
        return ex.d.wave.astype(np.int64), ex.d.wave_count
    return ex.d.group.astype(np.int64), ex.d.group_count


def _active(ex: Executor, m: Matrix, mask: np.ndarray) -> list[tuple[int, int]]:
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
    for owner, lane in _active(ex, mat, mask):
        mat.data[owner] = args[1][lane]
    return None


@op("CastMatrix")
def _cast(ex: Executor, ins, o, args, mask):
    dest, src = _matrix(args[0], ins.line), _matrix(args[1], ins.line)
    for owner, _ in _active(ex, dest, mask):
        value = src.data[owner]
        if (dest.m, dest.n) != value.shape:
            value = value.T if (dest.m, dest.n) == value.shape[::-1] else value
        with np.errstate(all="ignore"):
            dest.data[owner] = value.astype(dest.data.dtype)
    return None


_UNARY = {0: lambda x: x, 1: np.negative, 2: np.abs, 3: np.sin, 4: np.cos, 5: np.tan}
_BINARY = {1: np.add, 2: np.subtract, 3: np.multiply, 4: np.divide}


@op("MatrixElementwiseUnaryOp")
def _unary(ex: Executor, ins, o, args, mask):
    kind, mat = int(args[0][0]), _matrix(args[1], ins.line)
    fn = _UNARY.get(kind)
    if fn is None:
        raise RunError(f"unknown element-wise operation {kind}", ins.line)
    for owner, _ in _active(ex, mat, mask):
        with np.errstate(all="ignore"):
            mat.data[owner] = fn(mat.data[owner]).astype(mat.data.dtype)
    return None


@op("MatrixElementwiseBinaryOp")
def _binary(ex: Executor, ins, o, args, mask):
    kind, mat, value = int(args[0][0]), _matrix(args[1], ins.line), args[2]
    fn = _BINARY.get(kind)
    if fn is None:
        raise RunError(f"unknown element-wise operation {kind}", ins.line)
    for owner, lane in _active(ex, mat, mask):
        with np.errstate(all="ignore"):
            mat.data[owner] = fn(mat.data[owner], value[lane]).astype(mat.data.dtype)
    return None


def _grid(mat: Matrix, base: int, stride: int, esize: int, layout: int, line: int | None,
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
        rng = np.random.default_rng([seed, layout, mat.component, mat.m, mat.n])
        order = rng.permutation(mat.m * mat.n).reshape(mat.m, mat.n)
        return base + order.astype(np.int64) * esize
    raise RunError(f"unknown matrix layout {layout}", line)


def _descriptor(args: list, line: int | None) -> Any:
    handle: Handle = args[1]
    if not isinstance(handle, Handle) or len(handle.resources) != 1:
        raise RunError("a matrix load or store through a handle that differs per thread", line)
    return handle.resources[0]


@op("MatrixLoadFromDescriptor")
def _load_descriptor(ex: Executor, ins, o, args, mask):
    mat = _matrix(args[0], ins.line)
    res = _descriptor(args, ins.line)
    dt = mat.data.dtype
    for owner, lane in _active(ex, mat, mask):
        addr = _grid(mat, int(args[2][lane]), int(args[3][lane]), dt.itemsize, int(args[4][lane]), ins.line,
                     ex.seed)
        if addr.min() < 0 or addr.max() + dt.itemsize > len(res.data):
            mat.data[owner] = 0          # out of bounds: a zero matrix
            continue
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        mat.data[owner] = np.ascontiguousarray(res.data[idx]).view(dt).reshape(mat.m, mat.n)
    return None


def _write(ex: Executor, ins, args, mask, accumulate: bool) -> None:
    mat = _matrix(args[0], ins.line)
    res = _descriptor(args, ins.line)
    dt = mat.data.dtype
    for owner, lane in _active(ex, mat, mask):
        addr = _grid(mat, int(args[2][lane]), int(args[3][lane]), dt.itemsize, int(args[4][lane]), ins.line,
                     ex.seed)
        if addr.min() < 0 or addr.max() + dt.itemsize > len(res.data):
            continue                     # out of bounds: nothing is written
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        value = mat.data[owner].reshape(-1)
        if accumulate:
            with np.errstate(all="ignore"):
                value = np.ascontiguousarray(res.data[idx]).view(dt).reshape(-1) + value
        res.data[idx] = np.ascontiguousarray(value.astype(dt)).view(np.uint8).reshape(-1, dt.itemsize)


@op("MatrixStoreToDescriptor")
def _store_descriptor(ex: Executor, ins, o, args, mask):
    _write(ex, ins, args, mask, accumulate=False)


@op("MatrixAccumulateToDescriptor")
def _accumulate_descriptor(ex: Executor, ins, o, args, mask):
    _write(ex, ins, args, mask, accumulate=True)


def _memory_element(ex: Executor, ins) -> tuple[np.dtype, int]:
    suffix = ins.callee.rsplit(".", 1)[-1]          # p3f16
    scalar = {"f16": "half", "f32": "float", "f64": "double", "i16": "i16", "i32": "i32", "i64": "i64",
              "i8": "i8"}.get(suffix[2:])
    if scalar is None:
        raise RunError(f"unknown memory element type '{suffix}'", ins.line)
    t = ex.types.get(scalar)
    return t.dtype, _stride(t)


def _memory(ex: Executor, ins, args, mask, store: bool, accumulate: bool = False) -> None:
    mat = _matrix(args[0], ins.line)
    ptr: Ptr = args[1]
    dt, step = _memory_element(ex, ins)
    mem = ptr.mem
    for owner, lane in _active(ex, mat, mask):
        row = mem.data[mem.rows[lane]]
        base = int(ptr.offset[lane]) + int(args[2][lane]) * step
        addr = _grid(mat, base, int(args[3][lane]) * step, step, int(args[4][lane]), ins.line, ex.seed)
        inside = addr.min() >= 0 and addr.max() + dt.itemsize <= len(row)
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        if not store:
            mat.data[owner] = (np.ascontiguousarray(row[idx]).view(dt).reshape(mat.m, mat.n)
                               .astype(mat.data.dtype)) if inside else 0
            continue
        if not inside:
            continue
        value = mat.data[owner].reshape(-1)
        if accumulate:
            with np.errstate(all="ignore"):
                value = np.ascontiguousarray(row[idx]).view(dt).reshape(-1) + value
        row[idx] = np.ascontiguousarray(value.astype(dt)).view(np.uint8).reshape(-1, dt.itemsize)


@op("MatrixLoadFromMemory")
def _load_memory(ex: Executor, ins, o, args, mask):
    _memory(ex, ins, args, mask, store=False)


@op("MatrixStoreToMemory")
def _store_memory(ex: Executor, ins, o, args, mask):
    _memory(ex, ins, args, mask, store=True)


@op("MatrixAccumulateToMemory")
def _accumulate_memory(ex: Executor, ins, o, args, mask):
    _memory(ex, ins, args, mask, store=True, accumulate=True)


@op("MatrixMultiply", "MatrixMultiplyAccumulate", "MatrixSumAccumulate")
def _matrix_op(ex: Executor, ins, o, args, mask):
    a, b, c = (_matrix(x, ins.line) for x in args)
    for owner, _ in _active(ex, c, mask):
        with np.errstate(all="ignore"):
            if o.name == "MatrixSumAccumulate":
                result = c.data[owner].astype(np.float64) + a.data[owner] + b.data[owner]
            else:
                # Products in the wider of the types, accumulated in C's.
                product = a.data[owner].astype(np.float64) @ b.data[owner].astype(np.float64)
                result = product if o.name == "MatrixMultiply" else c.data[owner].astype(np.float64) + product
            c.data[owner] = result.astype(c.data.dtype)
    return None


@op("MatVecMul", "MatVecMulAdd")
def _matvec(ex: Executor, ins, o, args, mask):
    """A thread's vector times its matrix (row vector x M x N), plus a bias."""
    vec, mat = args[0], _matrix(args[1], ins.line)
    if mat.scope != 0:
        raise RunError("a matrix-vector multiply needs a Thread-scope matrix", ins.line)
    if vec.shape[1] != mat.m:
        raise RunError(f"a vector of {vec.shape[1]} elements times a {mat.m}x{mat.n} matrix", ins.line)
    with np.errstate(all="ignore"):
        out = np.einsum("tm,tmn->tn", vec.astype(np.float64), mat.data.astype(np.float64))
        if o.name == "MatVecMulAdd":
            out = out + args[2].astype(np.float64)
    return out.astype(vec.dtype if vec.dtype.kind == "f" else np.float32)
