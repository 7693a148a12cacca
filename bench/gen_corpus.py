#!/usr/bin/env python3
"""Generate HLSL benchmark corpora for hlslc from the dx::linalg API.

Two shapes:

  large   one library file with many small functions (10,000+ lines by
          default), each exercising one operation of the SM 6.10 header with
          its own component types, dimensions, scope and layout, so that the
          file needs hundreds of distinct `Matrix<...>` instantiations.  It
          measures how the front-end scales with the size of one input.

  batch   K small shader files in a directory, each a compute shader with a
          handful of operations called from its entry point `main` (the
          default entry of `-T cs_6_10`).  It measures
          per-file overhead (start-up, the built-in header, caches).

Every program is valid: it satisfies the header's enable_if conditions and
the rules the header cannot express (docs/rules.md: the scope/layout table,
stride 0 for opaque layouts, the dimension limits LINALG-DIM-K and
LINALG-DIM-RANGE, including the 4x limits of the packed 8-bit types, and
LINALG-GROUPSHARED-SIZE).  Every `Matrix<...>` the generator writes is
checked against those limits as it is written.  The output depends only on
the options and the seed.

The large file compiles with `hlslc -T lib_6_10 -fsyntax-only`; each batch
file is a compute shader whose entry point is `main`, so it compiles with
`hlslc -T cs_6_10 -fsyntax-only`.

    python bench/gen_corpus.py large [--lines N | --functions N] [--copies K] [--seed S] [--out FILE]
    python bench/gen_corpus.py batch --batch K --out DIR [--seed S]

The mode word may be left out: `--batch K` implies batch, anything else large.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import sys
from dataclasses import dataclass

# ---------------------------------------------------------------------------
# The API's vocabulary
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ComponentType:
    name: str            # MatrixComponentType enumerator
    bits: int            # storage bits per element
    packed: bool         # 4 elements per 32-bit scalar (IsNativeScalar false)
    # HLSL scalar that holds one stored scalar, when it does not depend on
    # whether 16-bit types are enabled (None for the 16-bit types, whose
    # ElementType is float16_t/int16_t with 16-bit types and uint without).
    stable_scalar: str | None

    @property
    def enum(self) -> str:
        return f"MatrixComponentType::{self.name}"


CT = {ct.name: ct for ct in [
    ComponentType("F16", 16, False, None),
    ComponentType("F32", 32, False, "float"),
    ComponentType("I16", 16, False, None),
    ComponentType("U16", 16, False, None),
    ComponentType("I32", 32, False, "int"),
    ComponentType("U32", 32, False, "uint"),
    ComponentType("PackedS8x32", 8, True, "uint"),
    ComponentType("PackedU8x32", 8, True, "uint"),
]}

# Operand/accumulator combinations a matrix engine typically offers.
MMA_COMBOS = [
    ("F16", "F16", "F32"), ("F16", "F16", "F16"), ("F32", "F32", "F32"),
    ("PackedS8x32", "PackedS8x32", "I32"), ("PackedU8x32", "PackedS8x32", "I32"),
    ("PackedU8x32", "PackedU8x32", "U32"), ("I16", "I16", "I32"),
]
# Component types whose vector-matrix multiply is common (weights).
MATVEC_TYPES = ["F16", "F32", "PackedS8x32", "PackedU8x32"]
# Matrices whose thread vectors we declare: their ElementType is fixed.
THREAD_VECTOR_TYPES = ["F32", "I32", "U32", "PackedS8x32", "PackedU8x32"]
# Scalar and vector element types for arguments.
ARITH_SCALARS = [("float", "{v}f"), ("half", "(half){v}"), ("int", "{i}"), ("uint", "{i}u")]
VECTOR_ELEMS = ["float", "half", "int", "uint"]

# Dimension limits (docs/rules.md, LINALG-DIM-K and LINALG-DIM-RANGE).  K
# (N of an A matrix, M of a B matrix) is a power of two in [4, 128] at Thread
# and Wave scope and in [1, 1024] at ThreadGroup scope; every other dimension
# is in [1, 128] or [1, 1024].  Packed 8-bit types allow 4 times those sizes,
# so their K is a power of two in [16, 512] (Thread, Wave) or a multiple of 4
# in [4, 4096] (ThreadGroup).  DIMS are the sizes the generator draws from;
# `dim_allowed` filters them per component type and dimension.
DIMS = {"Thread": [8, 16, 32, 64, 128], "Wave": [8, 16, 32, 64, 128],
        "ThreadGroup": [16, 32, 64, 128, 256]}
# (low, high, power of two) of K for scalar components, per scope.
K_LIMITS = {"Thread": (4, 128, True), "Wave": (4, 128, True), "ThreadGroup": (1, 1024, False)}
PACKED_FACTOR = 4
# Matrices that go through a groupshared array must fit in it
# (LINALG-GROUPSHARED-SIZE: StartIdx + (lines - 1) * stride + line size).
GS_ELEMENTS = 1024
GS_ARRAYS = {"float": "GsF32", "half": "GsF16", "int": "GsI32", "uint": "GsU32"}
UNARY_OPS = ["NOp", "Negate", "Abs", "Sin", "Cos", "Tan"]


@dataclass(frozen=True)
class Mat:
    ct: ComponentType
    m: int
    n: int
    use: str      # A, B, Accumulator
    scope: str    # Thread, Wave, ThreadGroup

    def type(self) -> str:
        return (f"Matrix<{self.ct.enum}, {self.m}, {self.n}, MatrixUse::{self.use}, "
                f"MatrixScope::{self.scope}>")

    def scalars(self, dim: int) -> int:
        return (dim + 3) // 4 if self.ct.packed else dim

    def row_bytes(self, layout: str) -> int:
        """Stride of one memory-layout row: a row for RowMajor, a column for ColMajor."""
        length = self.n if layout == "RowMajor" else self.m
        return max(4, length * self.ct.bits // 8)

    def elements(self) -> int:
        return self.m * self.n

    def valid(self) -> bool:
        """Dimensions within the limits of LINALG-DIM-K and LINALG-DIM-RANGE."""
        return (dim_allowed(self.ct, self.scope, self.m, self.use == "B")
                and dim_allowed(self.ct, self.scope, self.n, self.use == "A"))

    def gs_stride(self, layout: str) -> int:
        """The stride the generator uses in a groupshared array: one line
        (row for RowMajor, column for ColMajor) in array elements, unpacked,
        which is never shorter than the line whatever the array's type."""
        return self.n if layout == "RowMajor" else self.m

    def gs_footprint(self, layout: str, start: int = 0) -> int:
        """Array elements a groupshared load/store/accumulate with
        `gs_stride(layout)` may touch (an upper bound of LINALG-GROUPSHARED-SIZE's
        StartIdx + (lines - 1) * stride + line size)."""
        lines = self.m if layout == "RowMajor" else self.n
        return start + lines * self.gs_stride(layout)


# ---------------------------------------------------------------------------
# One function per operation
# ---------------------------------------------------------------------------


class FunctionWriter:
    """Builds the body of one generated function and records instantiations."""

    def __init__(self, rng: random.Random, instantiations: set[str]):
        self.rng = rng
        self.instantiations = instantiations
        self.lines: list[str] = []
        self.params: list[str] = []
        self.aliases: dict[Mat, str] = {}
        self.counter = 0

    # -- naming ------------------------------------------------------------

    def name(self, mat: Mat) -> str:
        """How this function spells the type: an alias, or the full template-id."""
        if not mat.valid():
            raise AssertionError(f"generated an invalid matrix type {mat.type()}")
        self.instantiations.add(mat.type())
        if mat in self.aliases:
            return self.aliases[mat]
        if self.rng.random() < 0.7:
            alias = f"T{len(self.aliases)}"
            self.aliases[mat] = alias
            self.lines.append(f"using {alias} = {mat.type()};")
            return alias
        return mat.type()

    def var(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def offset(self) -> int:
        return self.rng.randrange(0, 64) * 256

    # -- producing matrices ------------------------------------------------

    def load(self, mat: Mat, allow_gs: bool = True) -> str:
        """A statement declaring a loaded `mat`; returns the variable."""
        t = self.name(mat)
        v = self.var("m")
        rng = self.rng
        if mat.scope == "Thread":
            # Thread scope loads only from a ByteAddressBuffer, any layout.
            layout = rng.choice(["RowMajor", "ColMajor", "MulOptimal"])
            stride = 0 if layout == "MulOptimal" else mat.row_bytes(layout)
            self.lines.append(f"{t} {v} = {t}::Load(RO, {self.offset()}, {stride}, "
                              f"MatrixLayout::{layout});")
            return v
        layout = rng.choice(["RowMajor", "ColMajor"])
        fits = mat.gs_footprint(layout) <= GS_ELEMENTS
        sources = ["RO", "RW"] + (["GS"] if allow_gs and fits else [])
        source = rng.choice(sources)
        if source == "GS":
            elem = rng.choice(list(GS_ARRAYS))
            stride = mat.gs_stride(layout)
            self.lines.append(f"{t} {v} = {t}::Load({GS_ARRAYS[elem]}, 0, {stride}, "
                              f"MatrixLayout::{layout});")
        else:
            align = ", 16" if rng.random() < 0.2 else ""
            self.lines.append(f"{t} {v} = {t}::Load({source}, {self.offset()}, "
                              f"{mat.row_bytes(layout)}, MatrixLayout::{layout}{align});")
        return v

    def splat(self, mat: Mat) -> str:
        t = self.name(mat)
        v = self.var("m")
        scalar, fmt = self.rng.choice(ARITH_SCALARS)
        value = fmt.format(v=self.rng.choice(["0.0", "1.0", "0.5", "2.0"]),
                           i=self.rng.choice([0, 1, 2, 3]))
        self.lines.append(f"{t} {v} = {t}::Splat({value});")
        return v

    def vector(self, elem: str, length: int) -> str:
        v = self.var("v")
        choice = self.rng.random()
        if choice < 0.5:
            self.lines.append(f"vector<{elem}, {length}> {v} = (vector<{elem}, {length}>)0;")
        elif choice < 0.8:
            self.lines.append(f"vector<{elem}, {length}> {v} = ({elem})RO.Load({self.offset()});")
        else:
            p = f"p{len(self.params)}"
            self.params.append(f"vector<{elem}, {length}> {p}")
            return p
        return v

    # -- consuming matrices -------------------------------------------------

    def sink(self, mat: Mat, v: str) -> None:
        """Write a matrix out, the way its scope and use allow."""
        rng = self.rng
        if mat.scope == "Thread":
            if mat.use == "Accumulator":
                self.lines.append(f"{v}.Accumulate(RW, {self.offset()}, 0, "
                                  f"MatrixLayout::OuterProductOptimal);")
            return  # Thread-scope A/B matrices cannot be stored
        layout = rng.choice(["RowMajor", "ColMajor"])
        if mat.gs_footprint(layout) <= GS_ELEMENTS and rng.random() < 0.25:
            elem = rng.choice(list(GS_ARRAYS))
            stride = mat.gs_stride(layout)
            self.lines.append(f"{v}.Store({GS_ARRAYS[elem]}, 0, {stride}, MatrixLayout::{layout});")
        else:
            self.lines.append(f"{v}.Store(RW, {self.offset()}, {mat.row_bytes(layout)}, "
                              f"MatrixLayout::{layout});")

    def sink_vector(self, v: str) -> None:
        self.lines.append(f"RW.Store({self.offset()}, (uint){v}[0]);")


def pick_scope(rng: random.Random, thread_ok: bool) -> str:
    scopes = ["Wave", "Wave", "ThreadGroup"] + (["Thread"] if thread_ok else [])
    return rng.choice(scopes)


def dim_allowed(ct: ComponentType, scope: str, size: int, is_k: bool) -> bool:
    """Whether `size` is a valid dimension of a `ct` matrix at `scope`: the K
    dimension when `is_k`, any other dimension otherwise (LINALG-DIM-K,
    LINALG-DIM-RANGE)."""
    low, high, power_of_two = K_LIMITS[scope]
    if ct.packed:
        if is_k and size % PACKED_FACTOR:
            return False
        factor = PACKED_FACTOR
    else:
        factor = 1
    if not is_k:
        return 1 <= size <= high * factor
    size //= factor
    return low <= size <= high and (not power_of_two or size & (size - 1) == 0)


def pick_dim(rng: random.Random, scope: str, small: bool = False,
             k_of: list[ComponentType] | tuple[ComponentType, ...] = ()) -> int:
    """A dimension size for `scope`.  `k_of` lists the component types of the
    matrices for which this size is K; it must be a valid K for each."""
    dims = DIMS[scope]
    if small:
        dims = [d for d in dims if d <= 32]
    dims = [d for d in dims if all(dim_allowed(ct, scope, d, True) for ct in k_of)]
    return rng.choice(dims)


def pick_mat(rng: random.Random, scope: str, cts: list[str] | None = None,
             uses: list[str] | None = None, small: bool = False) -> "Mat":
    """A random valid matrix of `scope`: component type from `cts`, use from
    `uses`, dimensions from DIMS with K valid for the component type."""
    ct = pick_ct(rng, cts)
    use = rng.choice(uses or ["A", "B", "Accumulator"])
    m = pick_dim(rng, scope, small, (ct,) if use == "B" else ())
    n = pick_dim(rng, scope, small, (ct,) if use == "A" else ())
    return Mat(ct, m, n, use, scope)


def pick_ct(rng: random.Random, names: list[str] | None = None) -> ComponentType:
    return CT[rng.choice(names or list(CT))]


# Each op_* function fills a FunctionWriter; returns a short description.

def op_load_ro(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=True)
    mat = pick_mat(r, scope)
    t = w.name(mat)
    v = w.var("m")
    if scope == "Thread":
        layout = r.choice(["RowMajor", "ColMajor", "MulOptimal", "OuterProductOptimal"])
    else:
        layout = r.choice(["RowMajor", "ColMajor"])
    stride = mat.row_bytes(layout) if layout in ("RowMajor", "ColMajor") else 0
    w.lines.append(f"{t} {v} = {t}::Load(RO, {w.offset()}, {stride}, MatrixLayout::{layout});")
    w.sink(mat, v)
    return "Load from a ByteAddressBuffer"


def op_load_rw(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    mat = pick_mat(r, scope)
    t = w.name(mat)
    v = w.var("m")
    layout = r.choice(["RowMajor", "ColMajor"])
    w.lines.append(f"{t} {v} = {t}::Load(RW, {w.offset()}, {mat.row_bytes(layout)}, "
                   f"MatrixLayout::{layout});")
    w.sink(mat, v)
    return "Load from a RWByteAddressBuffer"


def op_load_gs(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    mat = pick_mat(r, scope, small=True)
    t = w.name(mat)
    v = w.var("m")
    layout = r.choice(["RowMajor", "ColMajor"])
    elem = r.choice(list(GS_ARRAYS))
    stride = mat.gs_stride(layout)
    # StartIdx 64 only where the matrix still fits in the array after it.
    starts = [s for s in (0, 0, 64) if mat.gs_footprint(layout, s) <= GS_ELEMENTS]
    w.lines.append(f"{t} {v} = {t}::Load({GS_ARRAYS[elem]}, {r.choice(starts)}, {stride}, "
                   f"MatrixLayout::{layout});")
    w.sink(mat, v)
    return "Load from a groupshared array"


def op_store(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    mat = pick_mat(r, scope)
    v = w.load(mat)
    layout = r.choice(["RowMajor", "ColMajor"])
    align = ", 16" if r.random() < 0.2 else ""
    w.lines.append(f"{v}.Store(RW, {w.offset()}, {mat.row_bytes(layout)}, "
                   f"MatrixLayout::{layout}{align});")
    return "Store to a RWByteAddressBuffer"


def op_store_gs(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    mat = pick_mat(r, scope, small=True)
    v = w.load(mat, allow_gs=False)
    layout = r.choice(["RowMajor", "ColMajor"])
    elem = r.choice(list(GS_ARRAYS))
    stride = mat.gs_stride(layout)
    assert mat.gs_footprint(layout) <= GS_ELEMENTS
    w.lines.append(f"{v}.Store({GS_ARRAYS[elem]}, 0, {stride}, MatrixLayout::{layout});")
    return "Store to a groupshared array"


def op_accumulate(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=True)
    small = r.random() < 0.4 and scope != "Thread"
    mat = pick_mat(r, scope, uses=["Accumulator"], small=small)
    v = w.load(mat)
    if scope == "Thread":
        w.lines.append(f"{v}.Accumulate(RW, {w.offset()}, 0, MatrixLayout::OuterProductOptimal);")
        return "Accumulate a Thread-scope matrix into a buffer"
    layout = r.choice(["RowMajor", "ColMajor"])
    if small:
        elem = r.choice(list(GS_ARRAYS))
        stride = mat.gs_stride(layout)
        assert mat.gs_footprint(layout) <= GS_ELEMENTS
        w.lines.append(f"{v}.Accumulate({GS_ARRAYS[elem]}, 0, {stride}, MatrixLayout::{layout});")
        return "Accumulate into a groupshared array"
    w.lines.append(f"{v}.Accumulate(RW, {w.offset()}, {mat.row_bytes(layout)}, "
                   f"MatrixLayout::{layout});")
    return "Accumulate into a RWByteAddressBuffer"


def op_splat(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    mat = pick_mat(r, scope)
    v = w.splat(mat)
    w.sink(mat, v)
    return "Splat a scalar"


def op_cast(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    src = pick_mat(r, scope)
    v = w.load(src)
    keep_use = r.random() < 0.5
    new_use = src.use if keep_use else r.choice(["A", "B", "Accumulator"])
    # The result keeps M and N: only component types for which they are
    # valid dimensions (a packed K must be 16 or more at Wave scope).
    choices = [name for name, ct in CT.items() if Mat(ct, src.m, src.n, new_use, scope).valid()]
    new_ct = pick_ct(r, choices)
    dst = Mat(new_ct, src.m, src.n, new_use, scope)
    if keep_use:
        call = f"{v}.cast<{new_ct.enum}>()"
    else:
        call = f"{v}.cast<{new_ct.enum}, MatrixUse::{new_use}>()"
    t = w.name(dst)
    out = w.var("m")
    w.lines.append(f"{t} {out} = {call};")
    w.sink(dst, out)
    return "cast to another component type or use"


def op_compound(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    mat = pick_mat(r, scope)
    v = w.load(mat)
    for _ in range(r.randint(1, 4)):
        scalar, fmt = r.choice(ARITH_SCALARS)
        value = fmt.format(v=r.choice(["0.5", "2.0", "3.0"]), i=r.choice([1, 2, 3]))
        w.lines.append(f"{v} {r.choice(['+=', '-=', '*=', '/='])} {value};")
    w.sink(mat, v)
    return "element-wise arithmetic with a scalar"


def op_unary(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    mat = pick_mat(r, scope, ["F16", "F32"])
    v = w.load(mat)
    t = w.name(mat)
    out = w.var("m")
    w.lines.append(f"{t} {out} = {v}.ApplyUnaryOperation<UnaryOperation::{r.choice(UNARY_OPS)}>();")
    w.sink(mat, out)
    return "ApplyUnaryOperation"


# LINALG-THREADS-K: the K dimension of a thread-vector operation is spread
# over the wave (Wave scope) or the thread group (ThreadGroup scope), so it
# may not exceed the smallest wave size a batch entry allows ([wavesize(16,
# ...)]) or its smallest thread group (32 threads).
THREADS_K_LIMIT = {"Wave": 16, "ThreadGroup": 32}


def op_thread_vectors(w: FunctionWriter) -> str:
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    for _ in range(1000):
        mat = pick_mat(r, scope, THREAD_VECTOR_TYPES, ["A", "B"], small=True)
        if (mat.n if mat.use == "A" else mat.m) <= THREADS_K_LIMIT[scope]:
            break
    else:
        raise AssertionError(f"no {scope} matrix has a K of at most {THREADS_K_LIMIT[scope]}")
    use = mat.use
    elem = mat.ct.stable_scalar
    length = mat.scalars(mat.m if use == "A" else mat.n)
    v = w.load(mat)
    tv = w.var("v")
    index = r.choice(["", "0", "1"])
    w.lines.append(f"vector<{elem}, {length}> {tv} = {v}.GetThreadVector({index});")
    if r.random() < 0.5:
        t = w.name(mat)
        out = w.var("m")
        w.lines.append(f"{t} {out} = {v}.FromThreadVectors({tv});")
        w.sink(mat, out)
        return "GetThreadVector and FromThreadVectors"
    w.sink_vector(tv)
    return "GetThreadVector"


def _mma_operands(w: FunctionWriter, equal: bool = False):
    r = w.rng
    scope = pick_scope(r, thread_ok=False)
    a_ct, b_ct, c_ct = (CT[x] for x in r.choice(MMA_COMBOS))
    # K is a dimension of both A and B; with `equal`, M = N = K.
    k_of = (a_ct, b_ct)
    m = pick_dim(r, scope, k_of=k_of if equal else ())
    n = pick_dim(r, scope)
    k = pick_dim(r, scope, k_of=k_of)
    if equal:
        n = k = m
    a = Mat(a_ct, m, k, "A", scope)
    b = Mat(b_ct, k, n, "B", scope)
    c = Mat(c_ct, m, n, "Accumulator", scope)
    return a, b, c


def op_multiply_accumulate(w: FunctionWriter) -> str:
    a, b, c = _mma_operands(w)
    va, vb = w.load(a), w.load(b)
    vc = w.load(c) if w.rng.random() < 0.5 else w.splat(c)
    w.lines.append(f"{vc}.MultiplyAccumulate({va}, {vb});")
    w.sink(c, vc)
    return "MultiplyAccumulate"


def op_sum_accumulate(w: FunctionWriter) -> str:
    # Only square operands: the sum is defined only when M, N and K agree.
    a, b, c = _mma_operands(w, equal=True)
    va, vb = w.load(a), w.load(b)
    vc = w.splat(c)
    w.lines.append(f"{vc}.SumAccumulate({va}, {vb});")
    w.sink(c, vc)
    return "SumAccumulate"


def op_multiply_mm(w: FunctionWriter) -> str:
    r = w.rng
    if r.random() < 0.5:
        a, b, c = _mma_operands(w)
        va, vb = w.load(a), w.load(b)
        call = f"Multiply<{c.ct.enum}>({va}, {vb})"
        what = "Multiply(Matrix, Matrix) with an explicit result type"
    else:
        scope = pick_scope(r, thread_ok=False)
        ct = pick_ct(r, ["F16", "F32", "I32"])
        m, n, k = pick_dim(r, scope), pick_dim(r, scope), pick_dim(r, scope, k_of=(ct,))
        a, b = Mat(ct, m, k, "A", scope), Mat(ct, k, n, "B", scope)
        c = Mat(ct, m, n, "Accumulator", scope)
        va, vb = w.load(a), w.load(b)
        call = f"Multiply({va}, {vb})"
        what = "Multiply(Matrix, Matrix) with one component type"
    t = w.name(c)
    vc = w.var("m")
    w.lines.append(f"{t} {vc} = {call};")
    w.sink(c, vc)
    return what


def op_multiply_vm(w: FunctionWriter) -> str:
    r = w.rng
    # Mostly the cooperative-vector use: per-thread vectors, Thread scope.
    scope = "Thread" if r.random() < 0.6 else pick_scope(r, thread_ok=False)
    ct = pick_ct(r, MATVEC_TYPES)
    # The B matrix's M is the K of the product.
    m, k = pick_dim(r, scope, k_of=(ct,)), pick_dim(r, scope)
    mat = Mat(ct, m, k, "B", scope)
    vm = w.load(mat)
    in_elem = r.choice(VECTOR_ELEMS)
    out_elem = r.choice(VECTOR_ELEMS)
    vin = w.vector(in_elem, m)
    out = w.var("v")
    if r.random() < 0.5:
        bias = w.vector(r.choice(VECTOR_ELEMS), k)
        w.lines.append(f"vector<{out_elem}, {k}> {out} = MultiplyAdd<{out_elem}>({vin}, {vm}, {bias});")
        what = "MultiplyAdd(vector, Matrix, vector)"
    else:
        w.lines.append(f"vector<{out_elem}, {k}> {out} = Multiply<{out_elem}>({vin}, {vm});")
        what = "Multiply(vector, Matrix)"
    w.sink_vector(out)
    return what


def op_outer_product(w: FunctionWriter) -> str:
    r = w.rng
    scope = "Thread" if r.random() < 0.5 else pick_scope(r, thread_ok=False)
    m, n = pick_dim(r, scope), pick_dim(r, scope)
    elem = r.choice(VECTOR_ELEMS)
    ct = pick_ct(r, ["F16", "F32", "I32"])
    va, vb = w.vector(elem, m), w.vector(elem, n)
    c = Mat(ct, m, n, "Accumulator", scope)
    t = w.name(c)
    vc = w.var("m")
    w.lines.append(f"{t} {vc} = OuterProduct<{ct.enum}, MatrixScope::{scope}>({va}, {vb});")
    w.sink(c, vc)
    return "OuterProduct"


def op_accumulator_layout(w: FunctionWriter) -> str:
    u = w.var("u")
    w.lines.append(f"MatrixUse {u} = AccumulatorLayout();")
    w.lines.append(f"RW.Store({w.offset()}, (uint){u});")
    return "AccumulatorLayout"


# Relative frequencies: the common operations of real kernels dominate.
OPERATIONS = [
    (op_load_ro, 8), (op_load_rw, 4), (op_load_gs, 4), (op_store, 5), (op_store_gs, 3),
    (op_accumulate, 5), (op_splat, 3), (op_cast, 5), (op_compound, 4), (op_unary, 3),
    (op_thread_vectors, 4), (op_multiply_accumulate, 10), (op_sum_accumulate, 2),
    (op_multiply_mm, 8), (op_multiply_vm, 10), (op_outer_product, 6),
    (op_accumulator_layout, 1),
]


@dataclass
class GeneratedFunction:
    kind: str            # the operation, e.g. "multiply_vm"
    name: str
    params: list[str]    # "vector<float, 32> p0", ...
    text: str


def generate_function(rng: random.Random, index: int, instantiations: set[str],
                      op=None) -> GeneratedFunction:
    if op is None:
        op = rng.choices([o for o, _ in OPERATIONS], weights=[wt for _, wt in OPERATIONS])[0]
    w = FunctionWriter(rng, instantiations)
    what = op(w)
    kind = op.__name__[3:]
    name = f"Case{index:05d}_{kind}"
    body = ["  using namespace dx::linalg;"] + [f"  {line}" for line in w.lines]
    text = (f"// {what}\n"
            f"void {name}({', '.join(w.params)}) {{\n" + "\n".join(body) + "\n}\n")
    return GeneratedFunction(kind, name, w.params, text)


# ---------------------------------------------------------------------------
# Files
# ---------------------------------------------------------------------------

PRELUDE = """#include <dx/linalg.h>

ByteAddressBuffer RO : register(t0);
RWByteAddressBuffer RW : register(u0);
groupshared float GsF32[{n}];
groupshared half GsF16[{n}];
groupshared int GsI32[{n}];
groupshared uint GsU32[{n}];
""".format(n=GS_ELEMENTS)


def write_large(path: str, seed: int, lines: int | None, functions: int | None, copies: int = 1) -> None:
    rng = random.Random(seed)
    instantiations: set[str] = set()
    header = (f"// Generated by bench/gen_corpus.py large --seed {seed}"
              + (f" --functions {functions}" if functions else f" --lines {lines}") + "\n"
              "// One small library function per dx::linalg operation; all valid.\n"
              "// Compile: hlslc -T lib_6_10 -fsyntax-only THIS_FILE\n\n" + PRELUDE)
    parts = [header]
    line_count = header.count("\n")
    ops = collections.Counter()
    index = 0
    # Cycle through every operation first so each is present even in a small file.
    op_cycle = [o for o, _ in OPERATIONS]
    while True:
        if functions is not None and index >= functions:
            break
        if functions is None and line_count >= lines:
            break
        op = op_cycle[index] if index < len(op_cycle) else None
        fn = generate_function(rng, index, instantiations, op)
        ops[fn.kind] += 1
        parts.append("\n" + fn.text)
        line_count += fn.text.count("\n") + 1
        index += 1
    # --copies K: the same functions K times, renamed (Case00001_x becomes
    # Case00001_x_c2, ...): K times the text, the same Matrix<...> instances.
    body = parts[1:]
    for copy in range(2, copies + 1):
        for text in body:
            parts.append(re.sub(r"\bvoid (Case\w+)\(", rf"void \1_c{copy}(", text, count=1))
            line_count += text.count("\n")
    index *= copies
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", newline="\n") as f:
        f.write("".join(parts))
    print(f"wrote {path}: {index} functions, {line_count} lines, "
          f"{len(instantiations)} distinct Matrix<...> instantiations")
    print("  operations: " + ", ".join(f"{k} {v}" for k, v in sorted(ops.items())))


def write_batch(directory: str, seed: int, count: int) -> None:
    rng = random.Random(seed)
    os.makedirs(directory, exist_ok=True)
    instantiations: set[str] = set()
    total_lines = 0
    ops = collections.Counter()
    for file_index in range(count):
        n_funcs = rng.randint(3, 8)
        names = []
        body = []
        for i in range(n_funcs):
            fn = generate_function(rng, file_index * 100 + i, instantiations)
            ops[fn.kind] += 1
            body.append(fn.text)
            # Vector parameters get zero vectors from the entry point.
            args = [f"({p.rsplit(' ', 1)[0]})0" for p in fn.params]
            names.append(f"{fn.name}({', '.join(args)})")
        group = rng.choice([32, 64, 128])
        wave = rng.choice(["[wavesize(32)]", "[wavesize(32, 64)]", "[wavesize(16, 64, 32)]"])
        entry = (f"[shader(\"compute\")]\n[numthreads({group}, 1, 1)]\n{wave}\n"
                 f"void main(uint3 id : SV_DispatchThreadID) {{\n"
                 + "".join(f"  {call};\n" for call in names) + "}\n")
        text = (f"// Generated by bench/gen_corpus.py batch --seed {seed} (file {file_index})\n"
                "// Compile: hlslc -T cs_6_10 -fsyntax-only THIS_FILE\n\n" + PRELUDE + "\n"
                + "\n".join(body) + "\n" + entry)
        path = os.path.join(directory, f"shader_{file_index:04d}.hlsl")
        with open(path, "w", newline="\n") as f:
            f.write(text)
        total_lines += text.count("\n")
    print(f"wrote {count} files to {directory}: {total_lines} lines, "
          f"{sum(ops.values())} functions, {len(instantiations)} distinct Matrix<...> instantiations")
    print("  operations: " + ", ".join(f"{k} {v}" for k, v in sorted(ops.items())))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)

    large = sub.add_parser("large", help="one large library file")
    size = large.add_mutually_exclusive_group()
    size.add_argument("--lines", type=int, default=None,
                      help="stop once the file has at least N lines (default 10000)")
    size.add_argument("--functions", type=int, default=None, help="exactly N functions")
    large.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    large.add_argument("--copies", type=int, default=1, metavar="K",
                       help="write the generated functions K times, renamed (default 1)")
    large.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                     "corpus", "large.hlsl"),
                       help="output file (default bench/corpus/large.hlsl)")

    batch = sub.add_parser("batch", help="many small shader files in a directory")
    batch.add_argument("--batch", type=int, required=True, metavar="K", help="number of files")
    batch.add_argument("--out", required=True, metavar="DIR")
    batch.add_argument("--seed", type=int, default=1, help="random seed (default 1)")

    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in ("large", "batch", "-h", "--help"):
        argv.insert(0, "batch" if "--batch" in argv else "large")
    args = parser.parse_args(argv)
    if args.mode == "large":
        lines = args.lines if args.lines is not None else (None if args.functions else 10000)
        write_large(args.out, args.seed, lines, args.functions, args.copies)
    else:
        write_batch(args.out, args.seed, args.batch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
