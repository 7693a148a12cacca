"""What DXC's `dx::linalg` operations compute (the amended proposal 0035,
`--linalg-revision=dxc`), as numpy functions of values: no executor, no
IR, so the CPU executor (`linalg_dxc`) and any other engine (a JIT) call
the same semantics.

Owns:

- the component types (DXIL's `ComponentType`: I8 ... F64, the 8-bit floats
  F8_E4M3FN and F8_E5M2, BFloat16) as numpy dtypes, through `ml_dtypes`
  for the 8-bit floats and bfloat16;
- the specification's conversion rules ("Data Conversion Rules"):
  integers saturate, floats to integers round to nearest even and
  saturate, integers to floats and floats to narrower floats round to
  nearest even; the 8-bit floats saturate to their largest finite value
  (E4M3FN has no infinity; E5M2 keeps an infinite input infinite);
- interpretations of thread vectors (`unpack`, `pack`): a native
  interpretation is the vector's own elements (converted when the IR
  type differs), a packed one (I8, U8, the 8-bit floats: four to a 32-bit
  word; BFloat16: two) reads the words' bytes, low first;
- memory layouts: RowMajor and ColMajor with a stride, the opaque
  MulOptimal and OuterProductOptimal in an element order `seed` chooses
  (the one `linalg.opaque_order` gives our own revisions, so pipeline
  files' `MatrixLayouts` mean the same under both), and their
  `*Transpose` variants: the memory holds the N x M transpose in that
  layout;
- the thread-local slice of a Wave or ThreadGroup matrix (`Length`,
  `GetCoordinate`, `Get`, `Set`): which thread holds which elements, an
  order `seed` chooses (an Accumulator's the same as the A or B matrix
  `AccumulatorLayout()` names);
- exact products: integers in int64, floats in float64, one rounding into
  the result's type.
"""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy as np

from .linalg import opaque_order

# DXIL ComponentType numbers (DXC's DxilConstants.h).
I16, U16, I32, U32, I64, U64, F16, F32, F64 = 2, 3, 4, 5, 6, 7, 8, 9, 10
PACKED_S8, PACKED_U8 = 17, 18
I8, U8, F8_E4M3FN, F8_E5M2, BFLOAT16 = 19, 20, 21, 22, 23

DTYPES: dict[int, np.dtype] = {
    I16: np.dtype(np.int16), U16: np.dtype(np.uint16), I32: np.dtype(np.int32), U32: np.dtype(np.uint32),
    I64: np.dtype(np.int64), U64: np.dtype(np.uint64), F16: np.dtype(np.float16), F32: np.dtype(np.float32),
    F64: np.dtype(np.float64), PACKED_S8: np.dtype(np.int8), PACKED_U8: np.dtype(np.uint8),
    I8: np.dtype(np.int8), U8: np.dtype(np.uint8), F8_E4M3FN: np.dtype(ml_dtypes.float8_e4m3fn),
    F8_E5M2: np.dtype(ml_dtypes.float8_e5m2), BFLOAT16: np.dtype(ml_dtypes.bfloat16),
}
NAMES = {0: "Invalid", 1: "I1", 2: "I16", 3: "U16", 4: "I32", 5: "U32", 6: "I64", 7: "U64", 8: "F16", 9: "F32",
         10: "F64", 11: "SNormF16", 12: "UNormF16", 13: "SNormF32", 14: "UNormF32", 15: "SNormF64",
         16: "UNormF64", 17: "PackedS8x32", 18: "PackedU8x32", 19: "I8", 20: "U8", 21: "F8_E4M3FN",
         22: "F8_E5M2", 23: "BFloat16"}
# Native: the interpretation is a DXIL scalar type of its own.
NATIVE = frozenset({I16, U16, I32, U32, I64, U64, F16, F32, F64})
FLOATS = frozenset({F16, F32, F64, F8_E4M3FN, F8_E5M2, BFLOAT16})
SIGNED = frozenset({I16, I32, I64, PACKED_S8, I8}) | FLOATS

# DXC's MatrixLayout: RowMajor 0, ColMajor 1, MulOptimal 2, MulOptimalTranspose 3,
# OuterProductOptimal 4, OuterProductOptimalTranspose 5.  The opaque ones
# map to our revisions' layout numbers (MulOptimal 2, OuterProductOptimal 3)
# for their element order, and whether the memory holds the transpose.
ROW_MAJOR, COL_MAJOR = 0, 1
OPAQUE_LAYOUTS = {2: (2, False), 3: (2, True), 4: (3, False), 5: (3, True)}
LAYOUT_NAMES = {0: "RowMajor", 1: "ColMajor", 2: "MulOptimal", 3: "MulOptimalTranspose", 4: "OuterProductOptimal",
                5: "OuterProductOptimalTranspose"}


class MathError(ValueError):
    """A value or type the semantics do not define (the caller locates it)."""


def dtype(component: int) -> np.dtype:
    dt = DTYPES.get(component)
    if dt is None:
        raise MathError(f"component type {NAMES.get(component, component)} has no values in a matrix")
    return dt


def elements_per_scalar(component: int) -> int:
    """DXC's ElementsPerScalar: how many elements of the interpretation one
    32-bit word (or one native scalar) holds."""
    if component in NATIVE:
        return 1
    return 2 if component == BFLOAT16 else 4


def is_float(component: int) -> bool:
    return component in FLOATS


def numeric(values: np.ndarray, component: int | None = None) -> np.ndarray:
    """Values ready for exact arithmetic: integers (read as signed when the
    component type is) in int64, floats in float64."""
    values = np.asarray(values)
    if component is not None and values.dtype.kind == "u" and component in SIGNED and component not in FLOATS:
        values = values.view(values.dtype.str.replace("u", "i"))
    if values.dtype.kind in "iub":
        return values.astype(np.int64)
    return values.astype(np.float64)


def convert(values: np.ndarray, component: int) -> np.ndarray:
    """`values` (any numeric array) as elements of `component`, by the
    specification's conversion rules: one rounding to nearest even from the
    exact value (ml_dtypes' own casts from float64 round twice, through
    float32, so the narrow floats are rounded here and then cast exactly)."""
    dt = dtype(component)
    values = np.asarray(values)
    if values.dtype.kind == "b":
        values = values.astype(np.int64)
    integer_source = values.dtype.kind in "iu"
    with np.errstate(all="ignore"):
        if dt.kind in "iu":
            info = np.iinfo(dt)
            if not integer_source:
                v = np.rint(values.astype(np.float64))
                low, high = float(info.min), float(info.max)
                out = np.clip(np.nan_to_num(v, nan=0.0), low, high)
                result = out.astype(dt)
                # float(2**63 - 1) rounds up to 2**63: keep the top exact.
                return np.where(v >= high, dt.type(info.max), np.where(v <= low, dt.type(info.min), result))
            if values.dtype == np.uint64:
                return np.minimum(values, np.uint64(info.max)).astype(dt)
            wide = values.astype(np.int64)
            if dt == np.uint64:
                return np.maximum(wide, 0).astype(dt)
            return np.clip(wide, info.min, info.max).astype(dt)
        wide = values.astype(np.float64)
        fmt = _NARROW.get(component)
        if fmt is None:
            return wide.astype(dt)          # numpy rounds float64 to half/float once
        return _round_narrow(wide, *fmt).astype(dt)


# (mantissa bits, smallest normal exponent, largest finite, saturate) of the
# floats numpy does not round itself.
_NARROW = {F8_E4M3FN: (3, -6, 448.0, True), F8_E5M2: (2, -14, 57344.0, True),
           BFLOAT16: (7, -126, (2.0 - 2.0 ** -7) * 2.0 ** 127, False)}


def _round_narrow(x: np.ndarray, mantissa: int, emin: int, largest: float, saturate: bool) -> np.ndarray:
    """float64 values rounded to nearest even in a binary format with
    `mantissa` fraction bits and smallest normal exponent `emin` (subnormals
    below), returned as float64 values that format holds exactly.  Past
    the largest finite value: that value (`saturate`, the 8-bit floats;
    an infinite E5M2 input stays infinite) or infinity (bfloat16)."""
    finite = np.isfinite(x)
    safe = np.where(finite, x, 0.0)
    _, k = np.frexp(safe)                       # |x| = f * 2**k, f in [0.5, 1)
    exponent = np.maximum(k - 1, emin)
    quantum = np.ldexp(1.0, exponent - mantissa)
    r = np.rint(safe / quantum) * quantum
    if saturate:
        r = np.clip(r, -largest, largest)
        keep_inf = np.isinf(x) & (largest > 448.0)
        r = np.where(keep_inf, x, r)
        r = np.where(np.isinf(x) & ~keep_inf, np.copysign(largest, x), r)
    else:
        r = np.where(np.abs(r) > largest, np.copysign(np.inf, r), r)
        r = np.where(np.isinf(x), x, r)
    return np.where(np.isnan(x), np.nan, r)


def to_ir(values: np.ndarray, ir_dtype: np.dtype, signed: bool = True) -> np.ndarray:
    """Values converted into the executor's form of an IR scalar type
    (integers kept unsigned, two's complement): the conversion rules, with
    `signed` choosing the range an integer result saturates to."""
    ir_dtype = np.dtype(ir_dtype)
    if ir_dtype.kind == "f":
        target = {2: F16, 4: F32, 8: F64}[ir_dtype.itemsize]
        return convert(values, target).astype(ir_dtype)
    if ir_dtype.kind == "b":
        return np.asarray(values) != 0
    table = {(1, True): I8, (1, False): U8, (2, True): I16, (2, False): U16, (4, True): I32, (4, False): U32,
             (8, True): I64, (8, False): U64}
    return convert(values, table[(ir_dtype.itemsize, signed)]).view(ir_dtype.str.replace("i", "u"))


# ---------------------------------------------------------------------------
# Interpretations of thread vectors


def unpack(vector: np.ndarray, interpretation: int, count: int | None = None) -> np.ndarray:
    """Thread vectors (threads x n, any IR element type) read as elements of
    `interpretation`: numeric values (int64 or float64), threads x count.
    A native interpretation takes the elements themselves (integers read
    signed or not as the interpretation is), converted to its type; a
    packed one reads the vector's bytes."""
    vector = np.asarray(vector)
    if vector.ndim == 1:
        vector = vector[:, None]
    if interpretation in NATIVE:
        values = ir_numeric(vector, interpretation in SIGNED)
        out = numeric(convert(values, interpretation))
    else:
        dt = dtype(interpretation)
        raw = np.ascontiguousarray(vector).view(np.uint8).reshape(vector.shape[0], -1)
        usable = raw.shape[1] // dt.itemsize * dt.itemsize
        out = numeric(np.ascontiguousarray(raw[:, :usable]).view(dt))
    if count is not None:
        if out.shape[1] < count:
            raise MathError(f"a vector of {out.shape[1]} {NAMES.get(interpretation)} elements where {count} are "
                            "needed")
        out = out[:, :count]
    return out


def pack(values: np.ndarray, interpretation: int, ir_dtype: np.dtype, length: int) -> np.ndarray:
    """Numeric values (threads x n) converted to `interpretation` and laid
    into thread vectors of `length` elements of the IR type `ir_dtype`: a
    native interpretation one element each (its value in the IR type), a
    packed one its bytes, low first, zero past the last."""
    values = np.asarray(values)
    ir_dtype = np.dtype(ir_dtype)
    converted = convert(values, interpretation)
    if interpretation in NATIVE:
        out = np.zeros((values.shape[0], length), dtype=ir_dtype)
        n = min(length, values.shape[1])
        out[:, :n] = to_ir(numeric(converted[:, :n]), ir_dtype, interpretation in SIGNED)
        return out
    raw = np.ascontiguousarray(converted).view(np.uint8).reshape(values.shape[0], -1)
    out = np.zeros((values.shape[0], length * ir_dtype.itemsize), dtype=np.uint8)
    n = min(raw.shape[1], out.shape[1])
    out[:, :n] = raw[:, :n]
    return out.view(ir_dtype).reshape(values.shape[0], length)


# ---------------------------------------------------------------------------
# Memory layouts


def element_offsets(m: int, n: int, component: int, stride: int, layout: int, seed: int) -> np.ndarray:
    """The byte offset (from the matrix's start) of each element (i, j) of an
    M x N matrix of `component` stored in `layout` with `stride` bytes
    between rows (RowMajor) or columns (ColMajor); the opaque layouts
    ignore the stride."""
    esize = dtype(component).itemsize
    i = np.arange(m, dtype=np.int64)[:, None]
    j = np.arange(n, dtype=np.int64)[None, :]
    if layout == ROW_MAJOR:
        return i * stride + j * esize
    if layout == COL_MAJOR:
        return j * stride + i * esize
    opaque = OPAQUE_LAYOUTS.get(layout)
    if opaque is None:
        raise MathError(f"unknown matrix layout {layout}")
    order_layout, transposed = opaque
    if transposed:
        # The memory holds the N x M transpose in the opaque layout.
        return opaque_order(seed, order_layout, component, n, m).T * esize
    return opaque_order(seed, order_layout, component, m, n) * esize


# ---------------------------------------------------------------------------
# The thread-local slice of a Wave or ThreadGroup matrix


def accumulator_layout(seed: int) -> int:
    """What AccumulatorLayout() returns: the MatrixUse (A 0, B 1) whose
    element distribution an Accumulator's matches; chosen by `seed`."""
    return seed % 2


def slice_order(seed: int, m: int, n: int, use: int, scope: int, threads: int) -> np.ndarray:
    """Element (row-major index) held at each (thread-local index, thread)
    of a matrix owned by `threads` threads: a (length, threads) array,
    -1 where a thread holds fewer elements.  Thread t's index k holds
    element order[k * threads + t] of a permutation `seed` chooses; an
    Accumulator is distributed as the A or B matrix of its shape that
    AccumulatorLayout() names."""
    if use == 2:
        use = accumulator_layout(seed)
    rng = np.random.default_rng([seed, 0x51C3, m, n, use, scope])
    order = rng.permutation(m * n).astype(np.int64)
    threads = max(threads, 1)
    length = -(-m * n // threads)
    padded = np.full(length * threads, -1, dtype=np.int64)
    padded[:m * n] = order
    return padded.reshape(length, threads)


def slice_length(order: np.ndarray, thread: np.ndarray) -> np.ndarray:
    """Length() of each thread (its place among the matrix's threads)."""
    return (order[:, thread] >= 0).sum(axis=0).astype(np.uint32)


def slice_element(order: np.ndarray, thread: np.ndarray, index: np.ndarray) -> np.ndarray:
    """The element (row-major index) each thread's index names; -1 out of range."""
    index = np.asarray(index, dtype=np.int64)
    inside = (index >= 0) & (index < order.shape[0])
    safe = np.where(inside, index, 0)
    return np.where(inside, order[safe, thread], -1)


# ---------------------------------------------------------------------------
# Products


def matmul(a: np.ndarray, b: np.ndarray, a_component: int, b_component: int) -> np.ndarray:
    """A @ B exactly (int64 or float64), A and B in their component types."""
    x, y = numeric(a, a_component), numeric(b, b_component)
    if x.dtype != y.dtype:
        x, y = x.astype(np.float64), y.astype(np.float64)
    with np.errstate(all="ignore"):
        return x @ y


def add(a: np.ndarray, b: np.ndarray, a_component: int, b_component: int) -> np.ndarray:
    x, y = numeric(a, a_component), numeric(b, b_component)
    if x.dtype != y.dtype:
        x, y = x.astype(np.float64), y.astype(np.float64)
    with np.errstate(all="ignore"):
        return x + y


def matvec(matrix: np.ndarray, component: int, vector: np.ndarray) -> np.ndarray:
    """Each thread's M x K matrix times its K-vector (numeric values):
    threads x M, exact.  `matrix` is threads x M x K."""
    w = numeric(matrix, component)
    x = vector
    if w.dtype != x.dtype:
        w, x = w.astype(np.float64), x.astype(np.float64)
    with np.errstate(all="ignore"):
        return np.einsum("tmk,tk->tm", w, x)


def ir_numeric(values: np.ndarray, signed: bool) -> np.ndarray:
    """An IR value (integers in two's complement, unsigned arrays) as numbers."""
    values = np.asarray(values)
    if values.dtype.kind == "u" and signed:
        values = values.view(values.dtype.str.replace("u", "i"))
    return numeric(values)


def component_of_ir(ir_dtype: Any, signed: bool = True) -> int:
    """The native component type of an IR scalar type (F16/F32/F64, I or U 16/32/64)."""
    ir_dtype = np.dtype(ir_dtype)
    if ir_dtype.kind == "f":
        return {2: F16, 4: F32, 8: F64}[ir_dtype.itemsize]
    return {(1, True): I8, (1, False): U8, (2, True): I16, (2, False): U16, (4, True): I32, (4, False): U32,
            (8, True): I64, (8, False): U64}[(ir_dtype.itemsize, signed)]
