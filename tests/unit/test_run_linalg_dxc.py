"""`hlslc run` of DXC's `dx.op.linAlg*` operations (the amended proposal
0035, `--linalg-revision=dxc`) against numpy: modules in DXC's form
(`support.dxc_ir`), inputs with distinct values, the output bytes compared
with what numpy (and ml_dtypes, for the 8-bit floats and bfloat16)
computes for the specification's meaning.

Covers: loads and stores through descriptors (RowMajor, ColMajor, strides
longer than a row) for every component type, I8/U8/F8_E4M3FN/F8_E5M2/
BFloat16 included; groupshared loads, stores and accumulates (the array's
bytes as they are, offsets in matrix elements); Fill; CopyConvert with and
without transpose (round to nearest even, saturating); Multiply,
MultiplyAccumulate, Accumulate; the thread-local slice (Length,
GetCoordinate, Get, Set: every element exactly once, in an order --seed
chooses); Thread-scope MatVecMul(Add) in every layout, the opaque ones
and their transposes through the pipeline's MatrixLayouts, with native and
packed input interpretations; Convert; OuterProduct with
AccumulateToDescriptor; VectorAccumulateToDescriptor;
QueryAccumulatorLayout; phis of matrices in a loop; out-of-bounds loads."""

from __future__ import annotations

from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import hlslc
from hlslc.runner import matrix_math as mm
from support.dxc_ir import dxc_module, matrix
from support.samples import SAMPLES_DIR

COMPONENTS = {"I8": 19, "U8": 20, "I16": 2, "U16": 3, "I32": 4, "U32": 5, "I64": 6, "U64": 7, "F16": 8, "F32": 9,
              "F64": 10, "F8_E4M3FN": 21, "F8_E5M2": 22, "BFloat16": 23}
SCOPES = {"Thread": 0, "Wave": 1, "ThreadGroup": 2}
FILL = {"f32": "float", "i32": "i32"}


def _op(name: str) -> int:
    from hlslc.dxil import ops
    return ops.operation(name).opcode


def distinct(component: str, shape: tuple[int, ...], seed: int = 1) -> np.ndarray:
    """Values that differ from each other as far as the type allows, exact
    in the type (and small enough that products stay exact in float32)."""
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    dt = mm.dtype(COMPONENTS[component])
    perm = rng.permutation(n)
    if component.startswith("F8"):
        values = ((perm % 31) - 15) / 4.0
    elif component == "BFloat16":
        values = (perm - n / 2) / 4.0
    elif dt.kind == "f":
        values = (perm - n / 2) / 8.0
    elif dt.kind == "i":
        values = (perm % 120) - 60
    else:
        values = perm % 250
    return np.asarray(values).astype(dt).reshape(shape)


def place(buf: bytearray, mat: np.ndarray, offset: int, stride: int, col_major: bool) -> None:
    es = mat.dtype.itemsize
    for i in range(mat.shape[0]):
        for j in range(mat.shape[1]):
            at = offset + (j * stride + i * es if col_major else i * stride + j * es)
            buf[at:at + es] = mat[i, j].tobytes()


def pipeline(tmp: Path, inputs: dict[str, bytes], outputs: dict[str, int], groups: int = 1,
             layouts: dict[str, list[str]] | None = None) -> str:
    lines = ["---", "Shaders:", "  - Stage: Compute", "    Entry: main", "DispatchParameters:",
             f"  DispatchGroupCount: [{groups}, 1, 1]", "Buffers:"]
    for name, data in inputs.items():
        lines += [f"  - Name: {name}", "    Format: Hex8", f"    Data: [ {', '.join(str(b) for b in data)} ]"]
        if layouts and name in layouts:
            lines += ["    MatrixLayouts:"] + [f"      - {entry}" for entry in layouts[name]]
    for name, size in outputs.items():
        lines += [f"  - Name: {name}", "    Format: Hex8", f"    FillSize: {size}"]
        if layouts and name in layouts:
            lines += ["    MatrixLayouts:"] + [f"      - {entry}" for entry in layouts[name]]
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


def run(tmp: Path, body: str, inputs: dict[str, bytes], outputs: dict[str, int], groups: int = 1,
        threads: tuple[int, int, int] = (32, 1, 1), groupshared: dict[str, str] | None = None,
        layouts: dict[str, list[str]] | None = None, **kw) -> dict[str, np.ndarray]:
    text = dxc_module(body, srv=list(inputs), uav=list(outputs), groupshared=groupshared, threads=threads)
    out = hlslc.run(text, pipeline(tmp, inputs, outputs, groups, layouts), **kw)
    return {name: out.buffers[name].view(np.uint8) for name in outputs}


def M(component: str, m: int, n: int, use: int, scope: str = "Wave") -> str:
    return matrix(COMPONENTS[component], m, n, use, SCOPES[scope])


def suffix(mt: str) -> str:
    return "m" + mt.split("LinAlgMatrix")[1]


def load(name: str, mt: str, handle: str, offset: int, stride: int, layout: int) -> str:
    return (f"%{name} = call {mt} @dx.op.linAlgMatrixLoadFromDescriptor.{suffix(mt)}(i32 {_op('LinAlgMatrixLoadFromDescriptor')}, "
            f"%dx.types.Handle %{handle}, i32 {offset}, i32 {stride}, i32 {layout}, i32 128)")


def store(value: str, mt: str, handle: str, offset: int, stride: int, layout: int) -> str:
    return (f"call void @dx.op.linAlgMatrixStoreToDescriptor.{suffix(mt)}(i32 {_op('LinAlgMatrixStoreToDescriptor')}, "
            f"{mt} %{value}, %dx.types.Handle %{handle}, i32 {offset}, i32 {stride}, i32 {layout}, i32 128)")


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


@pytest.mark.parametrize("scope", ["Wave", "ThreadGroup"])
@pytest.mark.parametrize("component", list(COMPONENTS))
def test_load_store_layouts(tmp_path: Path, component: str, scope: str) -> None:
    """RowMajor in, ColMajor out (and the reverse), strides longer than a
    row or column, an 8 x 16 matrix: the bytes land where numpy says."""
    rows, cols = 8, 16
    mat = distinct(component, (rows, cols))
    es = mat.dtype.itemsize
    mt = M(component, rows, cols, 0, scope)
    for in_col, out_col in ((False, True), (True, False)):
        in_stride = (rows if in_col else cols) * es + 8
        out_stride = (rows if out_col else cols) * es + 4 * es
        src = bytearray(16 + in_stride * max(rows, cols))
        place(src, mat, 16, in_stride, in_col)
        out_size = 32 + out_stride * max(rows, cols)
        body = "\n".join([load("m", mt, "In", 16, in_stride, int(in_col)),
                          store("m", mt, "Out", 32, out_stride, int(out_col))])
        out = run(tmp_path, body, {"In": bytes(src)}, {"Out": out_size})["Out"]
        expected = bytearray(out_size)
        place(expected, mat, 32, out_stride, out_col)
        assert bytes(out) == bytes(expected), (component, scope, in_col, out_col)


def test_out_of_bounds_load_is_zero(tmp_path: Path) -> None:
    mt = M("F32", 4, 4, 0)
    body = "\n".join([load("m", mt, "In", 64, 16, 0), store("m", mt, "Out", 0, 16, 0)])
    out = run(tmp_path, body, {"In": bytes(range(1, 97))}, {"Out": 64})["Out"]
    assert not out.any()


# ---- Fill, CopyConvert ---------------------------------------------------------


def test_fill_and_copy_convert_round_and_saturate(tmp_path: Path) -> None:
    """Fill of a float into an F32 matrix; CopyConvert to I8 (round to
    nearest even, saturating), to F8_E4M3FN transposed and to BFloat16."""
    src = np.array([[0.5, 1.5, 2.5, -2.5], [300.0, -300.0, 3.3, 1e-3], [7.75, -0.49, 0.51, 100.2],
                    [-1000, 65.5, 33.3, 1.0078125]], dtype=np.float32)
    buf = bytearray(64)
    place(buf, src, 0, 16, False)
    a = M("F32", 4, 4, 2)
    i8 = M("I8", 4, 4, 2)
    f8 = M("F8_E4M3FN", 4, 4, 2)
    bf = M("BFloat16", 4, 4, 2)
    cc = _op("LinAlgCopyConvertMatrix")
    body = "\n".join([
        load("m", a, "In", 0, 16, 0),
        f"%i = call {i8} @dx.op.linAlgCopyConvertMatrix.{suffix(i8)}.{suffix(a)}(i32 {cc}, {a} %m, i1 false)",
        f"%f = call {f8} @dx.op.linAlgCopyConvertMatrix.{suffix(f8)}.{suffix(a)}(i32 {cc}, {a} %m, i1 true)",
        f"%b = call {bf} @dx.op.linAlgCopyConvertMatrix.{suffix(bf)}.{suffix(a)}(i32 {cc}, {a} %m, i1 false)",
        f"%s = call {a} @dx.op.linAlgFillMatrix.{suffix(a)}.f32(i32 {_op('LinAlgFillMatrix')}, float 2.500000e+00)",
        store("i", i8, "Out", 0, 4, 0), store("f", f8, "Out", 16, 4, 0), store("b", bf, "Out", 32, 8, 0),
        store("s", a, "Out", 64, 16, 0)])
    out = run(tmp_path, body, {"In": bytes(buf)}, {"Out": 128})["Out"]
    assert np.array_equal(out[0:16].view(np.int8).reshape(4, 4),
                          np.clip(np.rint(src.astype(np.float64)), -128, 127).astype(np.int8))
    f8_expected = np.clip(src.T, -448, 448).astype(ml_dtypes.float8_e4m3fn)
    assert np.array_equal(out[16:32].view(np.uint8), f8_expected.view(np.uint8).reshape(-1))
    assert np.array_equal(out[32:64].view(np.uint16), src.astype(ml_dtypes.bfloat16).view(np.uint16).reshape(-1))
    assert set(out[64:128].view(np.float32)) == {2.5}


# ---- Products --------------------------------------------------------------------

PRODUCTS = [("F16", "F16", "F32"), ("F16", "F16", "F16"), ("I8", "I8", "I32"), ("U8", "U8", "U32"),
            ("F8_E4M3FN", "F8_E5M2", "F32"), ("BFloat16", "BFloat16", "F32"), ("F32", "F32", "F32"),
            ("I16", "I16", "I32"), ("F64", "F64", "F64")]


def _exact(x: np.ndarray) -> np.ndarray:
    return x.astype(np.float64) if x.dtype.kind not in "iu" else x.astype(np.int64)


@pytest.mark.parametrize("scope", ["Wave", "ThreadGroup"])
@pytest.mark.parametrize("ta,tb,tc", PRODUCTS)
def test_multiply_accumulate(tmp_path: Path, ta: str, tb: str, tc: str, scope: str) -> None:
    """C = A B, then D = C + A B (MultiplyAccumulate), then D + A
    (Accumulate): one rounding of the exact value each."""
    m, k, n = 8, 16, 8
    a, b = distinct(ta, (m, k), 1), distinct(tb, (k, n), 2)
    ea, eb = a.dtype.itemsize, b.dtype.itemsize
    buf = bytearray(m * k * ea + k * n * eb)
    place(buf, a, 0, k * ea, False)
    place(buf, b, m * k * ea, n * eb, False)
    at, bt, ct = M(ta, m, k, 0, scope), M(tb, k, n, 1, scope), M(tc, m, n, 2, scope)
    a2 = M(ta, m, n, 0, scope)
    ec = mm.dtype(COMPONENTS[tc]).itemsize
    body = "\n".join([
        load("a", at, "In", 0, k * ea, 0), load("b", bt, "In", m * k * ea, n * eb, 0),
        load("a2", a2, "In", 0, k * ea, 0),
        f"%c = call {ct} @dx.op.linAlgMatrixMultiply.{suffix(ct)}.{suffix(at)}.{suffix(bt)}(i32 "
        f"{_op('LinAlgMatrixMultiply')}, {at} %a, {bt} %b)",
        f"%d = call {ct} @dx.op.linAlgMatrixMultiplyAccumulate.{suffix(ct)}.{suffix(at)}.{suffix(bt)}.{suffix(ct)}"
        f"(i32 {_op('LinAlgMatrixMultiplyAccumulate')}, {at} %a, {bt} %b, {ct} %c)",
        f"%e = call {ct} @dx.op.linAlgMatrixAccumulate.{suffix(ct)}.{suffix(ct)}.{suffix(a2)}(i32 "
        f"{_op('LinAlgMatrixAccumulate')}, {ct} %d, {a2} %a2)",
        store("c", ct, "Out", 0, n * ec, 0), store("d", ct, "Out", m * n * ec, n * ec, 0),
        store("e", ct, "Out", 2 * m * n * ec, n * ec, 0)])
    out = run(tmp_path, body, {"In": bytes(buf)}, {"Out": 3 * m * n * ec}, threads=(64, 1, 1))["Out"]
    dt = mm.dtype(COMPONENTS[tc])
    product = _exact(a) @ _exact(b)
    c = mm.convert(product, COMPONENTS[tc])
    d = mm.convert(_exact(c) + product, COMPONENTS[tc])
    e = mm.convert(_exact(d) + _exact(a[:, :n]), COMPONENTS[tc])
    size = m * n * ec
    for k_, want in enumerate((c, d, e)):
        got = out[k_ * size:(k_ + 1) * size].view(dt).reshape(m, n)
        assert np.array_equal(got.view(np.uint8), want.view(np.uint8)), (ta, tb, tc, scope, k_)


# ---- The thread-local slice --------------------------------------------------------


@pytest.mark.parametrize("scope,threads", [("Wave", 32), ("Wave", 16), ("ThreadGroup", 64)])
def test_slice_covers_every_element_once(tmp_path: Path, scope: str, threads: int) -> None:
    """Each thread writes Length(), and for each of its indices the
    coordinate and the element Get reads; Set doubles each element and the
    matrix is stored: every element appears exactly once, the value at its
    coordinate, and the stored matrix is doubled.  Another --seed gives
    another distribution (the same union)."""
    rows, cols = 16, 12
    mat = distinct("F32", (rows, cols))
    buf = bytearray(rows * cols * 4)
    place(buf, mat, 0, cols * 4, False)
    mt = M("F32", rows, cols, 0, scope)
    s = suffix(mt)
    per = -(-rows * cols // threads)
    body = f"""
      %tid = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
      {load("m", mt, "In", 0, cols * 4, 0)}
      %len = call i32 @dx.op.linAlgMatrixLength.{s}(i32 {_op('LinAlgMatrixLength')}, {mt} %m)
      %base = mul i32 %tid, {(per * 3 + 1) * 4}
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 %base, i32 undef, i32 %len, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
      br label %loop
    loop:
      %i = phi i32 [ 0, %0 ], [ %next, %loop ]
      %acc = phi {mt} [ %m, %0 ], [ %set, %loop ]
      %xy = call <2 x i32> @dx.op.linAlgMatrixGetCoordinate.{s}(i32 {_op('LinAlgMatrixGetCoordinate')}, {mt} %m, i32 %i)
      %x = extractelement <2 x i32> %xy, i32 0
      %y = extractelement <2 x i32> %xy, i32 1
      %v = call float @dx.op.linAlgMatrixGetElement.f32.{s}(i32 {_op('LinAlgMatrixGetElement')}, {mt} %acc, i32 %i)
      %v2 = fmul fast float %v, 2.000000e+00
      %set = call {mt} @dx.op.linAlgMatrixSetElement.{s}.{s}.f32(i32 {_op('LinAlgMatrixSetElement')}, {mt} %acc, i32 %i, float %v2)
      %vi = bitcast float %v to i32
      %slot = mul i32 %i, 12
      %at0 = add i32 %base, 4
      %at = add i32 %at0, %slot
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 %at, i32 undef, i32 %x, i32 %y, i32 %vi, i32 undef, i8 7, i32 4)
      %next = add i32 %i, 1
      %more = icmp ult i32 %next, %len
      br i1 %more, label %loop, label %done
    done:
      {store("set", mt, "Stored", 0, cols * 4, 0)}
      ret void
    """
    body = body.replace("[ %m, %0 ]", "[ %m, %entry ]").replace("[ 0, %0 ]", "[ 0, %entry ]")
    body = "entry:\n" + body
    unions = []
    for seed in (0, 1):
        out = run(tmp_path, body, {"In": bytes(buf)}, {"Out": threads * (per * 3 + 1) * 4, "Stored": len(buf)},
                  threads=(threads, 1, 1), seed=seed)
        words = out["Out"].view(np.uint32).reshape(threads, per * 3 + 1)
        seen = {}
        for t in range(threads):
            for i in range(int(words[t, 0])):
                x, y, v = words[t, 1 + 3 * i:4 + 3 * i]
                assert (int(x), int(y)) not in seen
                seen[(int(x), int(y))] = (t, i)
                assert np.uint32(v).view(np.float32) == mat[x, y]
        assert len(seen) == rows * cols
        unions.append(seen)
        assert np.array_equal(out["Stored"].view(np.float32).reshape(rows, cols), mat * 2)
    assert unions[0] != unions[1]


def test_get_coordinate_out_of_range(tmp_path: Path) -> None:
    mt = M("I32", 4, 4, 1)
    s = suffix(mt)
    body = f"""
      %m = call {mt} @dx.op.linAlgFillMatrix.{s}.i32(i32 {_op('LinAlgFillMatrix')}, i32 7)
      %xy = call <2 x i32> @dx.op.linAlgMatrixGetCoordinate.{s}(i32 {_op('LinAlgMatrixGetCoordinate')}, {mt} %m, i32 5)
      %x = extractelement <2 x i32> %xy, i32 0
      %v = call i32 @dx.op.linAlgMatrixGetElement.i32.{s}(i32 {_op('LinAlgMatrixGetElement')}, {mt} %m, i32 9)
      %tid = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
      %at = mul i32 %tid, 8
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 %at, i32 undef, i32 %x, i32 %v, i32 undef, i32 undef, i8 3, i32 4)
    """
    out = run(tmp_path, body, {}, {"Out": 256})["Out"].view(np.uint32).reshape(32, 2)
    assert (out[:, 0] == 0xFFFFFFFF).all() and (out[:, 1] == 0).all()


def test_accumulator_layout_by_seed(tmp_path: Path) -> None:
    body = f"""
      %l = call i32 @dx.op.linAlgMatrixQueryAccumulatorLayout(i32 {_op('LinAlgMatrixQueryAccumulatorLayout')})
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 0, i32 undef, i32 %l, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
    """
    got = {int(run(tmp_path, body, {}, {"Out": 4}, seed=s)["Out"].view(np.uint32)[0]) for s in (0, 1, 2, 3)}
    assert got == {0, 1}


# ---- Groupshared memory -------------------------------------------------------------


def test_groupshared_raw_bytes(tmp_path: Path) -> None:
    """An F16 matrix stored to a uint array (uint8_t4_packed's i32) two to a
    word, at an offset and stride in halves; loaded back column-major as
    its transpose; an I32 accumulator accumulated into an i32 array."""
    mat = distinct("F16", (4, 8))
    buf = bytearray(64)
    place(buf, mat, 0, 16, False)
    f16a = M("F16", 4, 8, 0)
    f16b = M("F16", 8, 4, 1)
    acc = M("I32", 4, 4, 2)
    gs = "getelementptr inbounds ([64 x i32], [64 x i32] addrspace(3)* @G, i32 0, i32 0)"
    body = f"""
      {load("m", f16a, "In", 0, 16, 0)}
      call void @dx.op.linAlgMatrixStoreToMemory.{suffix(f16a)}.i32(i32 {_op('LinAlgMatrixStoreToMemory')}, {f16a} %m, i32 addrspace(3)* {gs}, i32 6, i32 10, i32 0)
      call void @dx.op.barrier(i32 80, i32 9)
      %t = call {f16b} @dx.op.linAlgMatrixLoadFromMemory.{suffix(f16b)}.i32(i32 {_op('LinAlgMatrixLoadFromMemory')}, i32 addrspace(3)* {gs}, i32 6, i32 10, i32 1)
      {store("t", f16b, "Out", 0, 8, 0)}
      %a = call {acc} @dx.op.linAlgFillMatrix.{suffix(acc)}.i32(i32 {_op('LinAlgFillMatrix')}, i32 -3)
      call void @dx.op.barrier(i32 80, i32 9)
      call void @dx.op.linAlgMatrixAccumulateToMemory.{suffix(acc)}.i32(i32 {_op('LinAlgMatrixAccumulateToMemory')}, {acc} %a, i32 addrspace(3)* {gs}, i32 4, i32 40, i32 4, i32 0)
      call void @dx.op.barrier(i32 80, i32 9)
      %w = load i32, i32 addrspace(3)* getelementptr inbounds ([64 x i32], [64 x i32] addrspace(3)* @G, i32 0, i32 40)
      %w2 = load i32, i32 addrspace(3)* getelementptr inbounds ([64 x i32], [64 x i32] addrspace(3)* @G, i32 0, i32 3)
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 64, i32 undef, i32 %w, i32 %w2, i32 undef, i32 undef, i8 3, i32 4)
    """
    out = run(tmp_path, body, {"In": bytes(buf)}, {"Out": 72}, groupshared={"G": "[64 x i32]"})["Out"]
    assert np.array_equal(out[0:64].view(np.float16).reshape(8, 4), mat.T)
    halves = np.zeros(128, dtype=np.float16)
    for i in range(4):
        halves[6 + i * 10:6 + i * 10 + 8] = mat[i]
    words = halves.view(np.uint32)
    assert out[64:68].view(np.int32)[0] == -3 and out[68:72].view(np.uint32)[0] == words[3]


# ---- Thread scope -------------------------------------------------------------------

LAYOUTS = {"RowMajor": 0, "ColMajor": 1, "MulOptimal": 2, "MulOptimalTranspose": 3, "OuterProductOptimal": 4,
           "OuterProductOptimalTranspose": 5}


@pytest.mark.parametrize("seed", [0, 5])
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_thread_matvec_layouts(tmp_path: Path, layout: str, seed: int) -> None:
    """y = W x + b per thread, W an F16 8 x 12 A matrix stored in each
    layout (the opaque ones through the pipeline's MatrixLayouts: the
    *Transpose ones store W's transpose), x a float vector read as F16,
    b a float bias: numpy's, under two seeds."""
    m, k, threads = 8, 12, 32
    w = distinct("F16", (m, k))
    x = (np.arange(threads * k).reshape(threads, k) % 13 - 6).astype(np.float32) / 4
    b = (np.arange(m, dtype=np.float32) - 3.5)
    value = LAYOUTS[layout]
    buf = bytearray(256)
    stored = w.T if "Transpose" in layout else w
    if value == 1:
        place(buf, w, 0, m * 2, True)
        stride = m * 2
    else:
        place(buf, stored, 0, stored.shape[1] * 2, False)
        stride = k * 2 if value == 0 else 0
    layouts = None
    if value >= 2:
        kind = "MulOptimal" if value in (2, 3) else "OuterProductOptimal"
        layouts = {"W": [f"{{ Offset: 0, Rows: {stored.shape[0]}, Columns: {stored.shape[1]}, Component: F16, "
                         f"Layout: {kind} }}"]}
    xs = x.tobytes()
    mt = M("F16", m, k, 0, "Thread")
    s = suffix(mt)
    body = [f"%tid = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)", f"%xbase = mul i32 %tid, {k * 4}"]
    vec = "undef"
    for q in range(k // 4):
        body.append(f"%xb{q} = add i32 %xbase, {q * 16}")
        body.append(f"%r{q} = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %X, i32 %xb{q}, i32 undef, i8 15, i32 4)")
        for c in range(4):
            body.append(f"%e{q}_{c} = extractvalue %dx.types.ResRet.f32 %r{q}, {c}")
            body.append(f"%v{q}_{c} = insertelement <{k} x float> {vec}, float %e{q}_{c}, i32 {q * 4 + c}")
            vec = f"%v{q}_{c}"
    bias = "<" + ", ".join(f"float {v:.6e}" for v in b) + ">"
    body += [load("w", mt, "W", 0, stride, value),
             f"%y = call <{m} x float> @dx.op.linAlgMatVecMulAdd.v{m}f32.{s}.v{k}f32.v{m}f32(i32 {_op('LinAlgMatVecMulAdd')}, {mt} %w, i1 true, <{k} x float> {vec}, i32 8, <{m} x float> {bias})",
             f"%ybase = mul i32 %tid, {m * 4}"]
    for c in range(m):
        body += [f"%y{c} = extractelement <{m} x float> %y, i32 {c}", f"%ya{c} = add i32 %ybase, {c * 4}",
                 f"call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %Y, i32 %ya{c}, i32 undef, float %y{c}, float undef, float undef, float undef, i8 1, i32 4)"]
    out = run(tmp_path, "\n".join(body), {"W": bytes(buf), "X": xs}, {"Y": threads * m * 4}, layouts=layouts,
              seed=seed)["Y"]
    xq = x.astype(np.float16).astype(np.float64)        # read as F16: rounded to half first
    expected = (xq @ w.astype(np.float64).T + b).astype(np.float32)
    assert np.array_equal(out.view(np.float32).reshape(threads, m), expected), layout


def test_thread_matvec_packed_interpretations(tmp_path: Path) -> None:
    """An I8 matrix times a vector of I8 packed four to a word into signed
    i32 outputs; an F8_E4M3FN matrix times float inputs converted to packed
    F8 by LinAlgConvert, into float outputs."""
    m, k = 4, 8
    w = distinct("I8", (m, k))
    wf = distinct("F8_E4M3FN", (m, k), 3)
    buf = bytearray(64)
    place(buf, w, 0, k, False)
    place(buf, wf, 32, k, False)
    x = np.array([3, -7, 12, 100, -128, 5, 0, -1], dtype=np.int8)
    words = x.view(np.uint32)
    xf = np.array([0.3, -1.7, 2.2, 9.0, -0.06, 5.5, 500.0, -3.25], dtype=np.float32)
    mi, mf = M("I8", m, k, 0, "Thread"), M("F8_E4M3FN", m, k, 0, "Thread")
    fv = "<" + ", ".join(f"float {v:.9e}" for v in xf) + ">"
    body = f"""
      {load("wi", mi, "W", 0, k, 0)}
      {load("wf", mf, "W", 32, k, 0)}
      %yi = call <4 x i32> @dx.op.linAlgMatVecMul.v4i32.{suffix(mi)}.v2i32(i32 {_op('LinAlgMatVecMul')}, {mi} %wi, i1 true, <2 x i32> <i32 {words[0]}, i32 {words[1]}>, i32 19)
      %q = call <2 x i32> @dx.op.linAlgConvert.v2i32.v8f32(i32 {_op('LinAlgConvert')}, <8 x float> {fv}, i32 9, i32 21)
      %yf = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.{suffix(mf)}.v2i32(i32 {_op('LinAlgMatVecMul')}, {mf} %wf, i1 true, <2 x i32> %q, i32 21)
      %a0 = extractelement <4 x i32> %yi, i32 0
      %a1 = extractelement <4 x i32> %yi, i32 1
      %a2 = extractelement <4 x i32> %yi, i32 2
      %a3 = extractelement <4 x i32> %yi, i32 3
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 0, i32 undef, i32 %a0, i32 %a1, i32 %a2, i32 %a3, i8 15, i32 4)
      %b0 = extractelement <4 x float> %yf, i32 0
      %b1 = extractelement <4 x float> %yf, i32 1
      %b2 = extractelement <4 x float> %yf, i32 2
      %b3 = extractelement <4 x float> %yf, i32 3
      call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %Out, i32 16, i32 undef, float %b0, float %b1, float %b2, float %b3, i8 15, i32 4)
      %q0 = extractelement <2 x i32> %q, i32 0
      %q1 = extractelement <2 x i32> %q, i32 1
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 32, i32 undef, i32 %q0, i32 %q1, i32 undef, i32 undef, i8 3, i32 4)
    """
    out = run(tmp_path, body, {"W": bytes(buf)}, {"Out": 40})["Out"]
    assert np.array_equal(out[0:16].view(np.int32), w.astype(np.int64) @ x.astype(np.int64))
    xq = np.clip(xf, -448, 448).astype(ml_dtypes.float8_e4m3fn)
    assert np.array_equal(out[32:40], xq.view(np.uint8))
    expected = (wf.astype(np.float64) @ xq.astype(np.float64)).astype(np.float32)
    assert np.array_equal(out[16:32].view(np.float32), expected)


def test_convert_vectors(tmp_path: Path) -> None:
    """LinAlgConvert between interpretations: half to packed E5M2 (rounded
    to nearest even), packed I8 to int (sign-extended), float to BFloat16
    and back, float to U16 (rounded, saturated)."""
    h = np.array([1.0, 1.125, -3.3, 60000.0, 0.0001, -0.0, 7.0], dtype=np.float16)
    f = np.array([1.00390625, 300.7, -2.5, 70000.0], dtype=np.float32)
    hv = "<" + ", ".join(f"half 0xH{int(v):04X}" for v in h.view(np.uint16)) + ">"
    fv = "<" + ", ".join(f"float {v:.9e}" for v in f) + ">"
    conv = _op("LinAlgConvert")
    body = f"""
      %e = call <2 x i32> @dx.op.linAlgConvert.v2i32.v7f16(i32 {conv}, <7 x half> {hv}, i32 8, i32 22)
      %s = call <8 x i32> @dx.op.linAlgConvert.v8i32.v2i32(i32 {conv}, <2 x i32> <i32 -16777216, i32 2139062143>, i32 19, i32 4)
      %b = call <2 x i32> @dx.op.linAlgConvert.v2i32.v4f32(i32 {conv}, <4 x float> {fv}, i32 9, i32 23)
      %bf = call <4 x float> @dx.op.linAlgConvert.v4f32.v2i32(i32 {conv}, <2 x i32> %b, i32 23, i32 9)
      %u = call <4 x i16> @dx.op.linAlgConvert.v4i16.v4f32(i32 {conv}, <4 x float> {fv}, i32 9, i32 3)
      %e0 = extractelement <2 x i32> %e, i32 0
      %e1 = extractelement <2 x i32> %e, i32 1
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 0, i32 undef, i32 %e0, i32 %e1, i32 undef, i32 undef, i8 3, i32 4)
      %s0 = extractelement <8 x i32> %s, i32 0
      %s3 = extractelement <8 x i32> %s, i32 3
      %s4 = extractelement <8 x i32> %s, i32 4
      %s7 = extractelement <8 x i32> %s, i32 7
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 8, i32 undef, i32 %s0, i32 %s3, i32 %s4, i32 %s7, i8 15, i32 4)
      %f0 = extractelement <4 x float> %bf, i32 0
      %f1 = extractelement <4 x float> %bf, i32 1
      %f2 = extractelement <4 x float> %bf, i32 2
      %f3 = extractelement <4 x float> %bf, i32 3
      call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %Out, i32 24, i32 undef, float %f0, float %f1, float %f2, float %f3, i8 15, i32 4)
      %u0 = extractelement <4 x i16> %u, i32 0
      %u1 = extractelement <4 x i16> %u, i32 1
      %u2 = extractelement <4 x i16> %u, i32 2
      %u3 = extractelement <4 x i16> %u, i32 3
      %w0 = zext i16 %u0 to i32
      %w1 = zext i16 %u1 to i32
      %w2 = zext i16 %u2 to i32
      %w3 = zext i16 %u3 to i32
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 40, i32 undef, i32 %w0, i32 %w1, i32 %w2, i32 %w3, i8 15, i32 4)
    """
    out = run(tmp_path, body, {}, {"Out": 56})["Out"]
    e5 = np.clip(h.astype(np.float32), -57344, 57344).astype(ml_dtypes.float8_e5m2).view(np.uint8)
    assert np.array_equal(out[0:7], e5) and out[7] == 0
    assert list(out[8:24].view(np.int32)) == [0, -1, 127, 127]
    assert np.array_equal(out[24:40].view(np.float32), f.astype(ml_dtypes.bfloat16).astype(np.float32))
    assert list(out[40:56].view(np.uint32)) == [1, 301, 0, 65535]


def test_outer_product_accumulate(tmp_path: Path) -> None:
    """Every thread adds outer(a_t, b_t) into one F32 accumulator in the
    OuterProductOptimal layout (converted by the pipeline), and its vector
    into a sum with VectorAccumulateToDescriptor: numpy's sums."""
    m, n, threads = 4, 6, 32
    mt = M("F32", m, n, 2, "Thread")
    body = [f"%tid = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)", "%tf = uitofp i32 %tid to float"]
    a, b = "undef", "undef"
    for i in range(m):
        body += [f"%a{i}v = fadd fast float %tf, {float(i * 0.5 - 1):.6e}",
                 f"%a{i} = insertelement <{m} x float> {a}, float %a{i}v, i32 {i}"]
        a = f"%a{i}"
    for j in range(n):
        body += [f"%b{j}v = fmul fast float %tf, {float(j - 2.5):.6e}",
                 f"%b{j} = insertelement <{n} x float> {b}, float %b{j}v, i32 {j}"]
        b = f"%b{j}"
    body += [f"%o = call {mt} @dx.op.linAlgMatrixOuterProduct.{suffix(mt)}.v{m}f32.v{n}f32(i32 {_op('LinAlgMatrixOuterProduct')}, <{m} x float> {a}, <{n} x float> {b})",
             f"call void @dx.op.linAlgMatrixAccumulateToDescriptor.{suffix(mt)}(i32 {_op('LinAlgMatrixAccumulateToDescriptor')}, {mt} %o, %dx.types.Handle %G, i32 0, i32 0, i32 4, i32 128)",
             f"call void @dx.op.linAlgVectorAccumulateToDescriptor.v{n}f32(i32 {_op('LinAlgVectorAccumulateToDescriptor')}, %dx.types.Handle %G, i32 128, i32 64, <{n} x float> {b})"]
    layouts = {"G": [f"{{ Offset: 0, Rows: {m}, Columns: {n}, Component: F32, Layout: OuterProductOptimal }}"]}
    out = run(tmp_path, "\n".join(body), {}, {"G": 128 + n * 4}, layouts=layouts, seed=3)["G"]
    t = np.arange(threads, dtype=np.float64)
    av = t[:, None] + (np.arange(m) * 0.5 - 1)[None, :]
    bv = t[:, None] * (np.arange(n) - 2.5)[None, :]
    expected = np.einsum("ti,tj->ij", av, bv)
    assert np.allclose(out[:m * n * 4].view(np.float32).reshape(m, n), expected, rtol=1e-6)
    assert np.allclose(out[128:].view(np.float32), bv.sum(axis=0), rtol=1e-6)


def test_divergent_thread_matrices_merge(tmp_path: Path) -> None:
    """Thread-scope matrices loaded on the two sides of a divergent branch
    meet in a phi: each thread multiplies with its own side's matrix."""
    m, k = 4, 4
    w = distinct("F32", (2 * m, k))
    buf = bytearray(2 * m * k * 4)
    place(buf, w, 0, k * 4, False)
    mt = M("F32", m, k, 0, "Thread")
    body = f"""
    entry:
      %tid = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
      %odd = and i32 %tid, 1
      %c = icmp eq i32 %odd, 1
      br i1 %c, label %then, label %else
    then:
      {load("w1", mt, "W", m * k * 4, k * 4, 0)}
      br label %join
    else:
      {load("w0", mt, "W", 0, k * 4, 0)}
      br label %join
    join:
      %w = phi {mt} [ %w1, %then ], [ %w0, %else ]
      %y = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.{suffix(mt)}.v4f32(i32 {_op('LinAlgMatVecMul')}, {mt} %w, i1 true, <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>, i32 9)
      %at = mul i32 %tid, 16
      %y0 = extractelement <4 x float> %y, i32 0
      %y1 = extractelement <4 x float> %y, i32 1
      %y2 = extractelement <4 x float> %y, i32 2
      %y3 = extractelement <4 x float> %y, i32 3
      call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %Out, i32 %at, i32 undef, float %y0, float %y1, float %y2, float %y3, i8 15, i32 4)
      ret void
    """
    out = run(tmp_path, body, {"W": bytes(buf)}, {"Out": 32 * 16})["Out"].view(np.float32).reshape(32, 4)
    x = np.array([1, 2, 3, 4], dtype=np.float64)
    for t in range(32):
        part = w[m:] if t % 2 else w[:m]
        assert np.array_equal(out[t], (part.astype(np.float64) @ x).astype(np.float32))


# ---- The samples -------------------------------------------------------------------

SAMPLES = {"dxc_gemm_wave": [("MatC", "Expected")],
           "dxc_mlp_layer_thread": [("Outputs", "ExpectedOutputs"), ("Sum", "ExpectedSum")]}
DXC_IR = Path(__file__).resolve().parents[1] / "run" / "dxc"


@pytest.mark.parametrize("form", ["hlsl", "ll"])
@pytest.mark.parametrize("sample", list(SAMPLES))
def test_samples_give_numpy_results(sample: str, form: str) -> None:
    """The GEMM and the MLP layer written against DXC's API, compiled by
    hlslc (--linalg-revision=dxc) or as DXC's IR, give numpy's results bit
    for bit under two seeds (the opaque layout's order and the lanes'
    slices differ between them)."""
    pipeline = str(SAMPLES_DIR / f"{sample}.yaml")
    if form == "hlsl":
        result = hlslc.compile_file(str(SAMPLES_DIR / f"{sample}.hlsl"),
                                    hlslc.CompileOptions(profile="cs_6_10", linalg_revision="dxc"))
        assert result.ok, "\n".join(str(d) for d in result.diagnostics)
        module = result
    else:
        module = (DXC_IR / f"{sample[4:]}.ll").read_text(encoding="utf-8")
    for seed in (0, 3):
        out = hlslc.run(module, pipeline, seed=seed)
        assert out.ok, [o.line() for o in out.outcomes]
        for actual, expected in SAMPLES[sample]:
            assert np.array_equal(out.buffers[actual], out.buffers[expected]), (sample, form, seed, actual)
