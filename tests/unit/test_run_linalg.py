"""`hlslc run` against numpy for every dx::linalg operation, layout and
component type: each test compiles a small shader, runs it on inputs with
distinct values (a permuted element shows), and compares the output bytes
with what numpy computes for the specification's meaning.

Covers: Load/Store through descriptors in RowMajor and ColMajor with
strides longer than a row, non-square shapes, every component type
(16/32/64-bit integers, F16/F32/F64, packed 8-bit, SNorm/UNorm clamping),
Wave and ThreadGroup scope; groupshared loads and stores with conversion;
Multiply, MultiplyAccumulate, SumAccumulate; Splat, the scalar operators,
ApplyUnaryOperation, cast; FromThreadVectors and GetThreadVector;
matrix-vector Multiply/MultiplyAdd at every scope; OuterProduct with
Accumulate (OuterProductOptimal through the pipeline's MatrixLayouts);
Accumulate to memory; AccumulatorLayout by --seed; out-of-bounds loads
and stores."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import hlslc

HEADER = "#include <dx/linalg.h>\nusing namespace dx::linalg;\n"

DTYPES = {"I16": np.int16, "U16": np.uint16, "I32": np.int32, "U32": np.uint32, "I64": np.int64,
          "U64": np.uint64, "F16": np.float16, "F32": np.float32, "F64": np.float64,
          "PackedS8x32": np.int8, "PackedU8x32": np.uint8, "SNormF16": np.float16, "UNormF32": np.float32}


def distinct(component: str, shape: tuple[int, ...], seed: int = 1) -> np.ndarray:
    """Values that differ from each other (as far as the type allows) and
    that arithmetic on them stays exact in."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    dt = np.dtype(DTYPES[component])
    perm = rng.permutation(n)
    if component.startswith("SNorm"):
        values = perm / n * 2.4 - 1.2          # some outside [-1, 1]: clamped
    elif component.startswith("UNorm"):
        values = perm / n * 1.4 - 0.2
    elif dt.kind == "f":
        values = (perm - n / 2) / 8.0
    elif dt.kind == "i":
        values = (perm % 120) - 60
    else:
        values = perm % 250
    return values.astype(dt).reshape(shape)


def place(buf: bytearray, mat: np.ndarray, offset: int, stride: int, col_major: bool) -> None:
    """Write `mat` into `buf` as the specification's RowMajor/ColMajor."""
    es = mat.dtype.itemsize
    for i in range(mat.shape[0]):
        for j in range(mat.shape[1]):
            at = offset + (j * stride + i * es if col_major else i * stride + j * es)
            buf[at:at + es] = mat[i, j].tobytes()


def pipeline(tmp: Path, inputs: dict[str, bytes], outputs: dict[str, int], groups: int = 1) -> str:
    lines = ["---", "Shaders:", "  - Stage: Compute", "    Entry: main", "DispatchParameters:",
             f"  DispatchGroupCount: [{groups}, 1, 1]", "Buffers:"]
    for name, data in inputs.items():
        lines += [f"  - Name: {name}", "    Format: Hex8", f"    Data: [ {', '.join(str(b) for b in data)} ]"]
    for name, size in outputs.items():
        lines += [f"  - Name: {name}", "    Format: Hex8", f"    FillSize: {size}"]
    lines += ["DescriptorSets:", "  - Resources:"]
    for k, name in enumerate(inputs):
        lines += [f"    - Name: {name}", "      Kind: ByteAddressBuffer",
                  f"      DirectXBinding: {{ Register: {k}, Space: 0 }}"]
    for k, name in enumerate(outputs):
        lines += [f"    - Name: {name}", "      Kind: RWByteAddressBuffer",
                  f"      DirectXBinding: {{ Register: {k}, Space: 0 }}"]
    path = tmp / "pipeline.yaml"
    path.write_text("\n".join(lines) + "\n...\n")
    return str(path)


def run(tmp: Path, source: str, inputs: dict[str, bytes], outputs: dict[str, int], groups: int = 1,
        **kw) -> dict[str, np.ndarray]:
    text = HEADER
    for k, name in enumerate(inputs):
        text += f"ByteAddressBuffer {name} : register(t{k});\n"
    for k, name in enumerate(outputs):
        text += f"RWByteAddressBuffer {name} : register(u{k});\n"
    result = hlslc.compile_source(text + source, "test.hlsl", hlslc.CompileOptions(profile="cs_6_10"))
    assert result.ok, "\n".join(str(d) for d in result.diagnostics)
    out = hlslc.run(result, pipeline(tmp, inputs, outputs, groups), **kw)
    return {name: out.buffers[name].view(np.uint8) for name in outputs}


def matrix_of(raw: np.ndarray, dtype: np.dtype, shape: tuple[int, int], offset: int, stride: int,
              col_major: bool) -> np.ndarray:
    es = np.dtype(dtype).itemsize
    out = np.zeros(shape, dtype=dtype)
    for i in range(shape[0]):
        for j in range(shape[1]):
            at = offset + (j * stride + i * es if col_major else i * stride + j * es)
            out[i, j] = raw[at:at + es].view(dtype)[0]
    return out


# ---- Load / Store ------------------------------------------------------------

COMPONENTS = ["I16", "U16", "I32", "U32", "I64", "U64", "F16", "F32", "F64", "PackedS8x32", "PackedU8x32"]


@pytest.mark.parametrize("scope", ["Wave", "ThreadGroup"])
@pytest.mark.parametrize("component", COMPONENTS)
def test_load_store_layouts(tmp_path: Path, component: str, scope: str) -> None:
    """RowMajor in, ColMajor out (and the reverse), strides longer than a
    row or column, an 8 x 16 matrix: numpy's transpose-free placement."""
    rows, cols = 8, 16
    mat = distinct(component, (rows, cols))
    es = mat.dtype.itemsize
    for in_col, out_col in ((False, True), (True, False)):
        in_stride = (rows if in_col else cols) * es + 8
        out_stride = (rows if out_col else cols) * es + 4 * es
        src = bytearray(16 + in_stride * max(rows, cols))
        place(src, mat, 16, in_stride, in_col)
        out_size = 32 + out_stride * max(rows, cols)
        layout = {False: "RowMajor", True: "ColMajor"}
        shader = f"""
using M = Matrix<MatrixComponentType::{component}, {rows}, {cols}, MatrixUse::A, MatrixScope::{scope}>;
[numthreads(64, 1, 1)]
void main() {{
  M m = M::Load(In, 16, {in_stride}, MatrixLayout::{layout[in_col]});
  m.Store(Out, 32, {out_stride}, MatrixLayout::{layout[out_col]});
}}
"""
        out = run(tmp_path, shader, {"In": bytes(src)}, {"Out": out_size})["Out"]
        expected = bytearray(out_size)
        place(expected, mat, 32, out_stride, out_col)
        assert bytes(out) == bytes(expected), (component, scope, in_col, out_col)


@pytest.mark.parametrize("component,low,high", [("SNormF16", -1.0, 1.0), ("UNormF32", 0.0, 1.0)])
def test_norm_components_clamp(tmp_path: Path, component: str, low: float, high: float) -> None:
    """SNorm/UNorm matrices hold their float type clamped to their range:
    a Splat outside it and arithmetic past it are clamped."""
    es = np.dtype(DTYPES[component]).itemsize
    shader = f"""
using M = Matrix<MatrixComponentType::{component}, 4, 4, MatrixUse::Accumulator, MatrixScope::Wave>;
[numthreads(32, 1, 1)]
void main() {{
  M a = M::Splat(3.5);
  a.Store(Out, 0, {4 * es}, MatrixLayout::RowMajor);
  M b = M::Splat(0.25);
  b *= -9.0;
  b.Store(Out, 64, {4 * es}, MatrixLayout::RowMajor);
}}
"""
    raw = run(tmp_path, shader, {}, {"Out": 128})["Out"]
    dt = DTYPES[component]
    assert set(raw[0:16 * es].view(dt).astype(float)) == {high}
    assert set(raw[64:64 + 16 * es].view(dt).astype(float)) == {max(low, -2.25)}


def test_groupshared_conversion(tmp_path: Path) -> None:
    """A float matrix stored to a groupshared int array converts (truncates
    toward zero), loads back column-major from it, and a half matrix loads
    from a float array: numpy's conversions."""
    mat = distinct("F32", (8, 4)) * np.float32(1.75)
    src = bytearray(8 * 4 * 4)
    place(src, mat, 0, 16, False)
    shader = """
using MF = Matrix<MatrixComponentType::F32, 8, 4, MatrixUse::A, MatrixScope::Wave>;
using MI = Matrix<MatrixComponentType::I32, 4, 8, MatrixUse::B, MatrixScope::Wave>;
groupshared int G[64];
[numthreads(32, 1, 1)]
void main() {
  MF m = MF::Load(In, 0, 16, MatrixLayout::RowMajor);
  m.Store(G, 2, 5, MatrixLayout::RowMajor);
  GroupMemoryBarrierWithGroupSync();
  MI t = MI::Load(G, 2, 5, MatrixLayout::ColMajor);
  t.Store(Out, 0, 32, MatrixLayout::RowMajor);
}
"""
    out = run(tmp_path, shader, {"In": bytes(src)}, {"Out": 4 * 8 * 4})["Out"]
    expected = np.trunc(mat).astype(np.int32).T
    assert np.array_equal(out.view(np.int32).reshape(4, 8), expected)


# ---- Multiplies ----------------------------------------------------------------

MULTIPLY_TYPES = [("F16", "F16", "F32"), ("F16", "F16", "F16"), ("F32", "F32", "F32"), ("F64", "F64", "F64"),
                  ("PackedS8x32", "PackedS8x32", "I32"), ("PackedU8x32", "PackedU8x32", "U32"),
                  ("I16", "I16", "I32"), ("I32", "I32", "I32"), ("U16", "U16", "U32")]


def _exact_product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.dtype.kind == "f":
        return a.astype(np.float64) @ b.astype(np.float64)
    return a.astype(np.int64) @ b.astype(np.int64)


@pytest.mark.parametrize("scope", ["Wave", "ThreadGroup"])
@pytest.mark.parametrize("ta,tb,tc", MULTIPLY_TYPES)
def test_multiply(tmp_path: Path, ta: str, tb: str, tc: str, scope: str) -> None:
    """Multiply (8x16 by 16x4) and MultiplyAccumulate onto a loaded C, with
    A column-major and B row-major: numpy's A @ B and C + A @ B."""
    m, k, n = 8, 16, 4
    a, b, c = distinct(ta, (m, k), 2), distinct(tb, (k, n), 3), distinct(tc, (m, n), 4)
    ea, eb, ec = a.dtype.itemsize, b.dtype.itemsize, c.dtype.itemsize
    src = bytearray(4096)
    place(src, a, 0, m * ea, True)
    place(src, b, 1024, n * eb, False)
    place(src, c, 2048, n * ec, False)
    shader = f"""
using MA = Matrix<MatrixComponentType::{ta}, {m}, {k}, MatrixUse::A, MatrixScope::{scope}>;
using MB = Matrix<MatrixComponentType::{tb}, {k}, {n}, MatrixUse::B, MatrixScope::{scope}>;
using MC = Matrix<MatrixComponentType::{tc}, {m}, {n}, MatrixUse::Accumulator, MatrixScope::{scope}>;
[numthreads(64, 1, 1)]
void main() {{
  MA a = MA::Load(In, 0, {m * ea}, MatrixLayout::ColMajor);
  MB b = MB::Load(In, 1024, {n * eb}, MatrixLayout::RowMajor);
  MC p = Multiply<MatrixComponentType::{tc}>(a, b);
  p.Store(Out, 0, {n * ec}, MatrixLayout::RowMajor);
  MC c = MC::Load(In, 2048, {n * ec}, MatrixLayout::RowMajor);
  c.MultiplyAccumulate(a, b);
  c.Store(Out, 1024, {n * ec}, MatrixLayout::RowMajor);
}}
"""
    out = run(tmp_path, shader, {"In": bytes(src)}, {"Out": 2048})["Out"]
    dt = c.dtype
    product = _exact_product(a, b)
    with np.errstate(all="ignore"):
        want_p = product.astype(dt)
        want_c = (c.astype(product.dtype) + product).astype(dt)
    got_p = out[0:m * n * ec].view(dt).reshape(m, n)
    got_c = out[1024:1024 + m * n * ec].view(dt).reshape(m, n)
    assert np.array_equal(got_p, want_p)
    assert np.array_equal(got_c, want_c)


def test_sum_accumulate(tmp_path: Path) -> None:
    """SumAccumulate: C += A + B (8 x 8 each)."""
    a, b, c = distinct("F32", (8, 8), 5), distinct("F32", (8, 8), 6), distinct("F32", (8, 8), 7)
    src = bytearray(768)
    for k, x in enumerate((a, b, c)):
        place(src, x, 256 * k, 32, False)
    shader = """
using MA = Matrix<MatrixComponentType::F32, 8, 8, MatrixUse::A, MatrixScope::Wave>;
using MB = Matrix<MatrixComponentType::F32, 8, 8, MatrixUse::B, MatrixScope::Wave>;
using MC = Matrix<MatrixComponentType::F32, 8, 8, MatrixUse::Accumulator, MatrixScope::Wave>;
[numthreads(32, 1, 1)]
void main() {
  MA a = MA::Load(In, 0, 32, MatrixLayout::RowMajor);
  MB b = MB::Load(In, 256, 32, MatrixLayout::RowMajor);
  MC c = MC::Load(In, 512, 32, MatrixLayout::RowMajor);
  c.SumAccumulate(a, b);
  c.Store(Out, 0, 32, MatrixLayout::RowMajor);
}
"""
    out = run(tmp_path, shader, {"In": bytes(src)}, {"Out": 256})["Out"]
    assert np.array_equal(out.view(np.float32).reshape(8, 8), c + a + b)


# ---- Element-wise ---------------------------------------------------------------

def test_elementwise_and_cast(tmp_path: Path) -> None:
    """Splat, += -= *= /= with scalars, ApplyUnaryOperation (Negate, Abs,
    Sin; in place, as the specification's "applies a unary operation to each
    element in the matrix" reads) and cast to another component type and use."""
    a = distinct("F32", (8, 16), 8)
    src = bytearray(8 * 16 * 4)
    place(src, a, 0, 64, False)
    shader = """
using M = Matrix<MatrixComponentType::F32, 8, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using MH = Matrix<MatrixComponentType::F16, 8, 16, MatrixUse::A, MatrixScope::Wave>;
using MI = Matrix<MatrixComponentType::I32, 8, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
[numthreads(32, 1, 1)]
void main() {
  M s = M::Splat(2.5f);
  s.Store(Out, 0, 64, MatrixLayout::RowMajor);
  M m = M::Load(In, 0, 64, MatrixLayout::RowMajor);
  m += 3.0f;
  m *= 2.0f;
  m -= 1.0f;
  m /= 4.0f;
  m.Store(Out, 512, 64, MatrixLayout::RowMajor);
  M n = M::Load(In, 0, 64, MatrixLayout::RowMajor);
  n += 3.0f;
  n *= 2.0f;
  n -= 1.0f;
  n /= 4.0f;
  // In place (hlslc's matrices are handles): n and its result are one matrix.
  M r = n.ApplyUnaryOperation<UnaryOperation::Negate>();
  r.ApplyUnaryOperation<UnaryOperation::Abs>();
  n.Store(Out, 1024, 64, MatrixLayout::RowMajor);
  M t = M::Load(In, 0, 64, MatrixLayout::RowMajor);
  t = t.ApplyUnaryOperation<UnaryOperation::Sin>();
  t.Store(Out, 1536, 64, MatrixLayout::RowMajor);
  MH h = m.cast<MatrixComponentType::F16, MatrixUse::A>();
  h.Store(Out, 2048, 32, MatrixLayout::RowMajor);
  MI i = m.cast<MatrixComponentType::I32>();
  i.Store(Out, 2560, 64, MatrixLayout::RowMajor);
}
"""
    out = run(tmp_path, shader, {"In": bytes(src)}, {"Out": 3072})["Out"]
    f32 = np.float32
    m = (((a + f32(3)) * f32(2)) - f32(1)) / f32(4)
    assert np.array_equal(out[0:512].view(f32), np.full(128, 2.5, f32))
    assert np.array_equal(out[512:1024].view(f32).reshape(8, 16), m)
    assert np.array_equal(out[1024:1536].view(f32).reshape(8, 16), np.abs(m))
    assert np.allclose(out[1536:2048].view(f32).reshape(8, 16), np.sin(a.astype(np.float64)), atol=1e-6)
    assert np.array_equal(out[2048:2304].view(np.float16).reshape(8, 16), m.astype(np.float16))
    assert np.array_equal(out[2560:3072].view(np.int32).reshape(8, 16), np.trunc(m).astype(np.int32))


# ---- Thread vectors -----------------------------------------------------------------

def test_thread_vectors(tmp_path: Path) -> None:
    """FromThreadVectors: lane t gives column t of an A matrix and row t of
    a B matrix; GetThreadVector(i): lane t gets column (row) i * 32 + t,
    zeros past the matrix.  Packed 8-bit A matrices use four to a uint."""
    shader = """
using MA = Matrix<MatrixComponentType::F32, 4, 16, MatrixUse::A, MatrixScope::Wave>;
using MB = Matrix<MatrixComponentType::F32, 16, 4, MatrixUse::B, MatrixScope::Wave>;
using MP = Matrix<MatrixComponentType::PackedU8x32, 8, 64, MatrixUse::A, MatrixScope::Wave>;
[numthreads(32, 1, 1)]
void main(uint id : SV_GroupIndex) {
  float lane = id;
  MA a;
  a.FromThreadVectors(float4(lane, lane + 100, lane + 200, lane + 300));
  a.Store(Out, 0, 64, MatrixLayout::RowMajor);
  MB b;
  b.FromThreadVectors(float4(lane, -lane, lane * 2, lane * 3));
  b.Store(Out, 256, 16, MatrixLayout::RowMajor);
  float4 back = a.GetThreadVector(0);
  Out.Store4(512 + 16 * id, asuint(back));
  MP p = MP::Load(In, 0, 64, MatrixLayout::RowMajor);
  uint2 col = p.GetThreadVector(1);
  Out.Store2(1024 + 8 * id, col);
}
"""
    packed = distinct("PackedU8x32", (8, 64), 9)
    src = bytearray(512)
    place(src, packed, 0, 64, False)
    out = run(tmp_path, shader, {"In": bytes(src)}, {"Out": 1280})["Out"]
    lanes = np.arange(32, dtype=np.float32)
    a = out[0:256].view(np.float32).reshape(4, 16)
    assert np.array_equal(a, np.stack([lanes[:16] + k * 100 for k in range(4)]))
    b = out[256:512].view(np.float32).reshape(16, 4)
    assert np.array_equal(b, np.stack([lanes[:16], -lanes[:16], lanes[:16] * 2, lanes[:16] * 3], axis=1))
    back = out[512:1024].view(np.float32).reshape(32, 4)
    assert np.array_equal(back[:16], a.T) and not back[16:].any()
    cols = out[1024:1280].view(np.uint8).reshape(32, 8)      # column 32 + t of an 8 x 64 matrix
    assert np.array_equal(cols, packed[:, 32:64].T)


# ---- Vectors ------------------------------------------------------------------------

@pytest.mark.parametrize("scope", ["Thread", "Wave", "ThreadGroup"])
def test_matrix_vector(tmp_path: Path, scope: str) -> None:
    """Multiply(vector, B) and MultiplyAdd(vector, B, bias): each thread's
    own vector times an 8 x 4 F16 matrix loaded ColMajor."""
    w = distinct("F16", (8, 4), 10)
    src = bytearray(64)
    place(src, w, 0, 16, True)
    shader = f"""
using MB = Matrix<MatrixComponentType::F16, 8, 4, MatrixUse::B, MatrixScope::{scope}>;
[numthreads(64, 1, 1)]
void main(uint id : SV_GroupIndex) {{
  float t = id;
  MB w = MB::Load(In, 0, 16, MatrixLayout::ColMajor);
  vector<float, 8> v = {{t, 1, -2, t * 0.5, 3, t + 1, 0.25, -t}};
  vector<float, 4> r = Multiply<float>(v, w);
  vector<float, 4> bias = {{1, 2, 3, t}};
  vector<float, 4> q = MultiplyAdd<float>(v, w, bias);
  Out.Store4(16 * id, asuint(r));
  Out.Store4(1024 + 16 * id, asuint(q));
}}
"""
    out = run(tmp_path, shader, {"In": bytes(src)}, {"Out": 2048})["Out"]
    t = np.arange(64, dtype=np.float64)
    v = np.stack([t, np.ones(64), -2 * np.ones(64), t * 0.5, 3 * np.ones(64), t + 1, 0.25 * np.ones(64), -t],
                 axis=1)
    r = (v @ w.astype(np.float64)).astype(np.float32)
    bias = np.stack([np.ones(64), 2 * np.ones(64), 3 * np.ones(64), t], axis=1)
    q = (v @ w.astype(np.float64) + bias).astype(np.float32)
    assert np.array_equal(out[:1024].view(np.float32).reshape(64, 4), r)
    assert np.array_equal(out[1024:].view(np.float32).reshape(64, 4), q)


def test_outer_product_accumulate(tmp_path: Path) -> None:
    """OuterProduct of each thread's vectors, accumulated into a buffer in
    OuterProductOptimal layout, read back row-major through the pipeline's
    MatrixLayouts: the sum over threads of outer(a_t, b_t), for any --seed.
    A Wave-scope OuterProduct stored RowMajor is outer(a, b) of lane 0."""
    shader = HEADER + """
RWByteAddressBuffer Out : register(u0);
RWByteAddressBuffer Grad : register(u1);
using G = Matrix<MatrixComponentType::F32, 4, 8, MatrixUse::Accumulator, MatrixScope::Thread>;
using W = Matrix<MatrixComponentType::F32, 4, 8, MatrixUse::Accumulator, MatrixScope::Wave>;
[numthreads(32, 1, 1)]
void main(uint id : SV_GroupIndex) {
  float t = id;
  vector<float, 4> a = {t, 1, t * 0.5, -1};
  vector<float, 8> b = {1, 2, 3, 4, t, t, -t, 0.5};
  G g = OuterProduct<MatrixComponentType::F32, MatrixScope::Thread>(a, b);
  g.Accumulate(Grad, 0, 0, MatrixLayout::OuterProductOptimal);
  W w = OuterProduct<MatrixComponentType::F32, MatrixScope::Wave>(a, b);
  w.Store(Out, 0, 32, MatrixLayout::RowMajor);
}
"""
    pipe = f"""---
Shaders:
  - Stage: Compute
    Entry: main
Buffers:
  - Name: Out
    Format: Float32
    FillSize: 128
  - Name: Grad
    Format: Float32
    Data: [ {', '.join(str(float(x)) for x in range(32))} ]
    MatrixLayouts:
      - {{ Offset: 0, Rows: 4, Columns: 8, Component: F32, Layout: OuterProductOptimal }}
DescriptorSets:
  - Resources:
    - Name: Out
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: Grad
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
...
"""
    path = tmp_path / "p.yaml"
    path.write_text(pipe)
    result = hlslc.compile_source(shader, "outer.hlsl", hlslc.CompileOptions(profile="cs_6_10"))
    assert result.ok, "\n".join(str(d) for d in result.diagnostics)
    t = np.arange(32, dtype=np.float64)
    a = np.stack([t, np.ones(32), t * 0.5, -np.ones(32)], axis=1)
    b = np.stack([np.ones(32), 2 * np.ones(32), 3 * np.ones(32), 4 * np.ones(32), t, t, -t, 0.5 * np.ones(32)],
                 axis=1)
    want = (np.arange(32, dtype=np.float64).reshape(4, 8) + np.einsum("ti,tj->ij", a, b)).astype(np.float32)
    for seed in (0, 3):
        out = hlslc.run(result, str(path), seed=seed)
        assert np.array_equal(out.buffers["Grad"].reshape(4, 8), want), seed
        assert np.array_equal(out.buffers["Out"].reshape(4, 8), np.outer(a[0], b[0]).astype(np.float32))


def test_accumulate_to_memory(tmp_path: Path) -> None:
    """Accumulate to a descriptor (ColMajor) and to groupshared memory."""
    c = distinct("I32", (4, 4), 11)
    base = distinct("I32", (4, 4), 12)
    src = bytearray(128)
    place(src, c, 0, 16, False)
    place(src, base, 64, 16, False)
    shader = """
using MC = Matrix<MatrixComponentType::I32, 4, 4, MatrixUse::Accumulator, MatrixScope::Wave>;
groupshared int G[16];
[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex) {
  if (t < 16) G[t] = 1000 * t;
  GroupMemoryBarrierWithGroupSync();
  MC c = MC::Load(In, 0, 16, MatrixLayout::RowMajor);
  MC start = MC::Load(In, 64, 16, MatrixLayout::RowMajor);
  start.Store(Out, 0, 16, MatrixLayout::ColMajor);
  c.Accumulate(Out, 0, 16, MatrixLayout::ColMajor);
  c.Accumulate(G, 0, 4, MatrixLayout::RowMajor);
  GroupMemoryBarrierWithGroupSync();
  if (t < 16) Out.Store(64 + 4 * t, asuint(G[t]));
}
"""
    out = run(tmp_path, shader, {"In": bytes(src)}, {"Out": 128})["Out"]
    assert np.array_equal(out[:64].view(np.int32).reshape(4, 4).T, base + c)
    assert np.array_equal(out[64:].view(np.int32).reshape(4, 4), np.arange(16).reshape(4, 4) * 1000 + c)


def test_accumulator_layout_by_seed(tmp_path: Path) -> None:
    """AccumulatorLayout() is A or B as --seed picks."""
    shader = """
[numthreads(1, 1, 1)]
void main() {
  Out.Store(0, (uint)AccumulatorLayout());
}
"""
    seen = {int(run(tmp_path, shader, {}, {"Out": 4}, seed=s)["Out"].view(np.uint32)[0]) for s in range(4)}
    assert seen == {0, 1}


def test_out_of_bounds(tmp_path: Path) -> None:
    """A load reaching past the buffer is a zero matrix; a store that would
    is not done (nothing of it is written)."""
    src = bytes(range(1, 65))
    shader = """
using M = Matrix<MatrixComponentType::U32, 4, 4, MatrixUse::A, MatrixScope::Wave>;
[numthreads(32, 1, 1)]
void main() {
  M inside = M::Load(In, 0, 16, MatrixLayout::RowMajor);
  M past = M::Load(In, 4, 16, MatrixLayout::RowMajor);
  inside.Store(Out, 0, 16, MatrixLayout::RowMajor);
  past.Store(Out, 64, 16, MatrixLayout::RowMajor);
  inside.Store(Out, 100, 16, MatrixLayout::RowMajor);
}
"""
    out = run(tmp_path, shader, {"In": src}, {"Out": 128})["Out"]
    assert bytes(out[:64]) == src
    assert not out[64:].any()
