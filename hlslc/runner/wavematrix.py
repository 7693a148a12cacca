"""The SM 6.8 Wave Matrix operations in the executor.

A wave matrix is a variable (`alloca %dx.types.waveMatrix`) that
`waveMatrix_Annotate` gives its kind, component type and M x N; its value
is one matrix per wave, kept with the variable's memory like a handle.
Shapes follow the specification: Left is M x K, Right K x N, Accumulator
M x N, LeftColAcc M x 1, RightRowAcc 1 x N, with K the device's depth
(`--wave-matrix-depth`, default 16; `waveMatrix_Depth` returns it).
Packed 8-bit components are one byte per element in memory.  The uniform
operands (offsets, strides, scalars) come from each wave's first active
lane, as the specification says.

Loads and stores: row- or column-major with a stride in bytes (resources)
or elements (groupshared arrays); the fragment accumulators are a vector
with a stride between elements.  A load that reaches outside its resource
gives zeros and such a store writes nothing, like dx::linalg's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from .base import Ptr, Slot
from .errors import RunError
from .linalg import (Matrix, active_owners, descriptor_resource, element_addresses, memory_element, numeric,
                     shadow_access, signed_component, warn_outside)
from .ops import op

if TYPE_CHECKING:
    from .executor import Executor

_LEFT, _RIGHT, _LEFT_COL, _RIGHT_ROW, _ACC = range(5)
_KIND_NAMES = ("WaveMatrixLeft", "WaveMatrixRight", "WaveMatrixLeftColAcc", "WaveMatrixRightRowAcc",
               "WaveMatrixAccumulator")


class WaveMatrix(Matrix):
    """A wave matrix: a wave-scope `Matrix` that remembers its kind."""

    __slots__ = ("kind",)


def _shape(kind: int, m: int, n: int, depth: int) -> tuple[int, int]:
    return {_LEFT: (m, depth), _RIGHT: (depth, n), _LEFT_COL: (m, 1), _RIGHT_ROW: (1, n), _ACC: (m, n)}[kind]


def _wave_matrix(ex: Executor, ptr: Any, mask: np.ndarray, line: int | None) -> WaveMatrix:
    if not isinstance(ptr, Ptr):
        raise RunError("a wave matrix operand that is not a wave matrix variable", line)
    lanes = np.nonzero(mask)[0]
    slot = ptr.mem.objects.get(int(ptr.offset[lanes[0]])) if len(lanes) else None
    value = slot.uniform if slot is not None else None
    if not isinstance(value, WaveMatrix):
        raise RunError("a wave matrix used before waveMatrix_Annotate gave it a type", line)
    return value


def depth(ex: Executor) -> int:
    return getattr(ex, "wave_matrix_depth", 16)


@op("WaveMatrix_Annotate")
def _annotate(ex: Executor, ins, o, args, mask):
    ptr, props = args[0], args[1]
    kind, component, m, n = (int(p[0]) for p in props)
    if kind not in range(5):
        raise RunError(f"unknown wave matrix kind {kind}", ins.line)
    rows, cols = _shape(kind, m, n, depth(ex))
    mat = WaveMatrix(component, rows, cols, 0 if kind in (_LEFT, _LEFT_COL) else 1 if kind in (_RIGHT, _RIGHT_ROW)
                     else 2, 1, ex.d.wave_count)
    mat.kind = kind
    if not isinstance(ptr, Ptr):
        raise RunError("waveMatrix_Annotate of something that is not a wave matrix variable", ins.line)
    for offset in np.unique(ptr.offset[mask]):
        ptr.mem.objects[int(offset)] = Slot(mat)
    return None


@op("WaveMatrix_Depth")
def _depth(ex: Executor, ins, o, args, mask):
    kind = int(args[0][0][0])
    if kind not in (_LEFT, _RIGHT):
        raise RunError(f"waveMatrix_Depth of a {_KIND_NAMES[kind] if kind < 5 else kind}: only Left and Right "
                       f"matrices have a depth", ins.line)
    return np.full(ex.d.count, depth(ex), dtype=np.uint32)


@op("WaveMatrix_Fill")
def _fill(ex: Executor, ins, o, args, mask):
    mat = _wave_matrix(ex, args[0], mask, ins.line)
    for owner, lane in active_owners(ex, mat, mask):
        mat.assign(owner, np.asarray(args[1][lane]))
    return None


def _layout(mat: WaveMatrix, col_major: Any, lane: int) -> int:
    """The fragment accumulators are vectors: an element stride apart."""
    if mat.kind == _LEFT_COL:
        return 0
    if mat.kind == _RIGHT_ROW:
        return 1
    return int(bool(col_major[lane]))


def _raw(ex: Executor, ins, args, mask, store: bool) -> None:
    mat = _wave_matrix(ex, args[0], mask, ins.line)
    res = descriptor_resource(args, ins.line)
    dt = mat.data.dtype
    for owner, lane in active_owners(ex, mat, mask):
        addr = element_addresses(mat, int(args[2][lane]), int(args[3][lane]), dt.itemsize,
                                 _layout(mat, args[5], lane), ins.line)
        inside = addr.min() >= 0 and addr.max() + dt.itemsize <= len(res.data)
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        if not store:
            mat.data[owner] = np.ascontiguousarray(res.data[idx]).view(dt).reshape(mat.m, mat.n) if inside else 0
        elif inside:
            res.written = True
            res.data[idx] = np.ascontiguousarray(mat.data[owner].reshape(-1)).view(np.uint8) \
                .reshape(-1, dt.itemsize)
        else:
            warn_outside(ex, ins, res, addr, dt.itemsize, "a store")


@op("WaveMatrix_LoadRawBuf")
def _load_raw(ex: Executor, ins, o, args, mask):
    _raw(ex, ins, args, mask, store=False)


@op("WaveMatrix_StoreRawBuf")
def _store_raw(ex: Executor, ins, o, args, mask):
    _raw(ex, ins, args, mask, store=True)


def _groupshared(ex: Executor, ins, args, mask, store: bool) -> None:
    mat = _wave_matrix(ex, args[0], mask, ins.line)
    ptr: Ptr = args[1]
    dt, step, esize = memory_element(ex, ins, mat.component)
    mem = ptr.mem
    for owner, lane in active_owners(ex, mat, mask):
        row = mem.data[mem.rows[lane]]
        base = int(ptr.offset[lane]) + int(args[2][lane]) * step
        addr = element_addresses(mat, base, int(args[3][lane]) * step, esize, _layout(mat, args[4], lane), ins.line)
        inside = addr.min() >= 0 and addr.max() + dt.itemsize <= len(row)
        idx = addr.reshape(-1)[:, None] + np.arange(dt.itemsize)
        if inside:
            shadow_access(ex, mem, lane, idx, write=store)
        if not store:
            if inside:
                mat.assign(owner, np.ascontiguousarray(row[idx]).view(dt).reshape(mat.m, mat.n))
            else:
                mat.data[owner] = 0
        elif inside:
            value = numeric(mat.data[owner].reshape(-1), signed_component(mat.component))
            with np.errstate(all="ignore"):
                out = value.astype(dt) if dt.kind == "f" or value.dtype.kind != "f" else \
                    np.clip(np.trunc(np.nan_to_num(value)), np.iinfo(dt).min, np.iinfo(dt).max).astype(dt)
            row[idx] = np.ascontiguousarray(out).view(np.uint8).reshape(-1, dt.itemsize)


@op("WaveMatrix_LoadGroupShared")
def _load_groupshared(ex: Executor, ins, o, args, mask):
    _groupshared(ex, ins, args, mask, store=False)


@op("WaveMatrix_StoreGroupShared")
def _store_groupshared(ex: Executor, ins, o, args, mask):
    _groupshared(ex, ins, args, mask, store=True)


@op("WaveMatrix_Multiply", "WaveMatrix_MultiplyAccumulate")
def _multiply(ex: Executor, ins, o, args, mask):
    acc, left, right = (_wave_matrix(ex, a, mask, ins.line) for a in args[:3])
    if (acc.kind, left.kind, right.kind) != (_ACC, _LEFT, _RIGHT):
        raise RunError(f"{o.name} takes an Accumulator, a Left and a Right matrix", ins.line)
    if left.n != right.m or (left.m, right.n) != (acc.m, acc.n):
        raise RunError(f"a {left.m}x{left.n} by {right.m}x{right.n} multiply into a {acc.m}x{acc.n} "
                       f"accumulator", ins.line)
    sl, sr, sa = signed_component(left.component), signed_component(right.component), signed_component(acc.component)
    for owner, _ in active_owners(ex, acc, mask):
        with np.errstate(all="ignore"):
            product = numeric(left.data[owner], sl) @ numeric(right.data[owner], sr)
            if o.name == "WaveMatrix_MultiplyAccumulate":
                product = numeric(acc.data[owner], sa) + product
        acc.assign(owner, product)
    return None


_SCALAR = {0: np.add, 1: np.subtract, 2: np.multiply, 3: np.divide}


@op("WaveMatrix_ScalarOp")
def _scalar_op(ex: Executor, ins, o, args, mask):
    mat = _wave_matrix(ex, args[0], mask, ins.line)
    kind = int(args[1][0])
    fn = _SCALAR.get(kind)
    if fn is None:
        raise RunError(f"unknown wave matrix scalar operation {kind}", ins.line)
    if mat.kind not in (_ACC, _LEFT_COL, _RIGHT_ROW):
        raise RunError(f"a scalar operation on a {_KIND_NAMES[mat.kind]}: only accumulators have them", ins.line)
    signed = signed_component(mat.component)
    for owner, lane in active_owners(ex, mat, mask):
        with np.errstate(all="ignore"):
            current = numeric(mat.data[owner], signed)
            value = numeric(np.asarray(args[2][lane]), signed)
            if kind == 3 and current.dtype.kind == "i":
                result = np.where(value == 0, -1, np.trunc(current / np.where(value == 0, 1, value)))
            else:
                result = fn(current, value)
        mat.assign(owner, result)
    return None


@op("WaveMatrix_SumAccumulate", "WaveMatrix_Add")
def _sum_or_add(ex: Executor, ins, o, args, mask):
    """SumAccumulate: a LeftColAcc adds each row's sum of a Left matrix, a
    RightRowAcc each column's sum of a Right.  Add: an Accumulator adds a
    fragment accumulator broadcast along its rows or columns, or another
    Accumulator."""
    acc, other = (_wave_matrix(ex, a, mask, ins.line) for a in args[:2])
    if o.name == "WaveMatrix_SumAccumulate":
        pairs = {(_LEFT_COL, _LEFT): 1, (_RIGHT_ROW, _RIGHT): 0}
        axis = pairs.get((acc.kind, other.kind))
        if axis is None:
            raise RunError(f"SumAccumulate of a {_KIND_NAMES[other.kind]} into a {_KIND_NAMES[acc.kind]}",
                           ins.line)
    elif acc.kind != _ACC or other.kind not in (_LEFT_COL, _RIGHT_ROW, _ACC) or \
            other.m not in (1, acc.m) or other.n not in (1, acc.n):
        raise RunError(f"Add of a {_KIND_NAMES[other.kind]} ({other.m}x{other.n}) to a "
                       f"{_KIND_NAMES[acc.kind]} ({acc.m}x{acc.n})", ins.line)
    sa, so = signed_component(acc.component), signed_component(other.component)
    for owner, _ in active_owners(ex, acc, mask):
        with np.errstate(all="ignore"):
            value = numeric(other.data[owner], so)
            if o.name == "WaveMatrix_SumAccumulate":
                value = value.sum(axis=axis, keepdims=True)
            acc.assign(owner, numeric(acc.data[owner], sa) + value)
    return None

