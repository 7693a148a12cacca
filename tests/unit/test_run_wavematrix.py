"""`hlslc run` against numpy for the SM 6.8 Wave Matrix operations: the
specification's zero-point (quantized) GEMM with packed 8-bit inputs,
LeftColAcc/RightRowAcc sums, broadcast Add and scalar operations; loads and
stores through groupshared arrays and column-major resources; and the
device depth (--wave-matrix-depth) changing K."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import hlslc


def _pipeline(tmp: Path, inputs: dict[str, bytes], outputs: dict[str, int]) -> str:
    lines = ["---", "Shaders:", "  - Stage: Compute", "    Entry: main", "Buffers:"]
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


def _run(tmp: Path, source: str, inputs: dict[str, bytes], outputs: dict[str, int], **kw) -> np.ndarray:
    decls = "".join(f"ByteAddressBuffer {n} : register(t{k});\n" for k, n in enumerate(inputs))
    decls += "".join(f"RWByteAddressBuffer {n} : register(u{k});\n" for k, n in enumerate(outputs))
    result = hlslc.compile_source(decls + source, "wm.hlsl",
                                  hlslc.CompileOptions(profile="cs_6_8", enable_16bit_types=True))
    assert result.ok, "\n".join(str(d) for d in result.diagnostics)
    out = hlslc.run(result, _pipeline(tmp, inputs, outputs), **kw)
    return out.buffers[next(iter(outputs))].view(np.uint8)


ZERO_POINT = """
[numthreads(32, 1, 1)]
void main() {
  WaveMatrixLeft<int8_t4_packed, 16, 16> a;
  WaveMatrixRight<int8_t4_packed, 16, 16> b;
  WaveMatrixAccumulator<int, 16, 16> c;
  WaveMatrixLeftColAcc<int, 16, 16> rowSums;
  WaveMatrixRightRowAcc<int, 16, 16> colSums;
  uint k = a.MatrixDepth();
  c.Fill(0);
  rowSums.Fill(0);
  colSums.Fill(0);
  for (uint d = 0; d < 64; d += k) {
    a.Load(In, d, 64, false);            // A: 16 x 64 bytes, row-major
    b.Load(In, 1024 + d, 64, true);      // B: 64 x 16, column-major
    c.MultiplyAccumulate(a, b);
    rowSums.SumAccumulate(a);
    colSums.SumAccumulate(b);
  }
  c.Store(Out, 0, 64, false);
  rowSums.Store(Out, 1024, 4);
  colSums.Store(Out, 1088, 4);
  // The zero-point correction: C - zb * rowSums - za * colSums + za * zb * K.
  rowSums.ScalarMultiply(-3);
  colSums.ScalarMultiply(-5);
  c.Add(rowSums);
  c.Add(colSums);
  c.ScalarAdd(3 * 5 * 64);
  c.Store(Out, 2048, 64, false);
}
"""


@pytest.mark.parametrize("depth", [16, 32, 64])
def test_zero_point_gemm(tmp_path: Path, depth: int) -> None:
    rng = np.random.default_rng(3)
    a = (rng.permutation(16 * 64) % 200 - 100).astype(np.int8).reshape(16, 64)
    b = (rng.permutation(64 * 16) % 190 - 95).astype(np.int8).reshape(64, 16)
    src = np.zeros(2048, dtype=np.uint8)
    src[:1024] = a.view(np.uint8).reshape(-1)
    src[1024:] = np.ascontiguousarray(b.T).view(np.uint8).reshape(-1)
    out = _run(tmp_path, ZERO_POINT, {"In": src.tobytes()}, {"Out": 3072}, wave_matrix_depth=depth)
    a64, b64 = a.astype(np.int64), b.astype(np.int64)
    c = a64 @ b64
    rows, cols = a64.sum(axis=1), b64.sum(axis=0)
    assert np.array_equal(out[:1024].view(np.int32).reshape(16, 16), c)
    assert np.array_equal(out[1024:1088].view(np.int32), rows)
    assert np.array_equal(out[1088:1152].view(np.int32), cols)
    corrected = c - 3 * rows[:, None] - 5 * cols[None, :] + 3 * 5 * 64
    assert np.array_equal(out[2048:3072].view(np.int32).reshape(16, 16), corrected)
    # The same as multiplying the zero-point-shifted matrices.
    assert np.array_equal(corrected, (a64 - 5) @ (b64 - 3))


def test_groupshared_and_scalar_ops(tmp_path: Path) -> None:
    """Left/Right matrices loaded from a groupshared half array, a float accumulator divided, subtracted and stored to a
    groupshared array column-major, then copied out."""
    source = """
groupshared half GA[512];
groupshared float GC[512];
[numthreads(32, 1, 1)]
void main(uint t : SV_GroupIndex) {
  for (uint i = t; i < 512; i += 32)
    GA[i] = (half)asfloat(In.Load(4 * i));
  GroupMemoryBarrierWithGroupSync();
  WaveMatrixLeft<half, 16, 16> a;
  WaveMatrixRight<half, 16, 16> b;
  WaveMatrixAccumulator<float, 16, 16> c;
  a.Load(GA, 0, 16, false);
  b.Load(GA, 256, 16, false);
  c.Multiply(a, b);
  c.ScalarDivide(4.0);
  c.ScalarSubtract(1.5);
  c.Store(GC, 0, 16, true);
  GroupMemoryBarrierWithGroupSync();
  for (uint j = t; j < 256; j += 32)
    Out.Store(4 * j, asuint(GC[j]));
}
"""
    vals = ((np.random.default_rng(5).permutation(512) - 256) / 32).astype(np.float32)
    out = _run(tmp_path, source, {"In": vals.tobytes()}, {"Out": 1024})
    a = vals[:256].reshape(16, 16).astype(np.float16).astype(np.float64)
    b = vals[256:].reshape(16, 16).astype(np.float16).astype(np.float64)
    c = ((a @ b).astype(np.float32) / np.float32(4) - np.float32(1.5)).astype(np.float32)
    assert np.array_equal(out.view(np.float32).reshape(16, 16), c.T)


def test_sample_pipeline_depths(tmp_path: Path) -> None:
    """The Wave Matrix GEMM sample passes its pipeline at every depth."""
    repo = Path(__file__).resolve().parents[2]
    result = hlslc.compile_file(str(repo / "samples" / "wavematrix_gemm_sm68.hlsl"),
                                hlslc.CompileOptions(profile="cs_6_8", enable_16bit_types=True))
    assert result.ok
    for depth in (16, 32, 64):
        run = hlslc.run(result, str(repo / "samples" / "wavematrix_gemm_sm68.yaml"), wave_matrix_depth=depth)
        assert run.ok, [o.line() for o in run.outcomes]
