"""The JIT engine of `hlslc run` (hlslc/runner/jit/): chosen by default,
`engine=` and `--engine`; a module using what it does not run falls back to
the interpreter (and says which operation, at its source line, when asked
for by name); the watchdog; the cache of compiled modules; and, above all,
buffers identical to the interpreter's, byte for byte, on kernels that
exercise control flow, memory, waves, atomics, arithmetic and matrices,
with one worker or several.  Each kernel compiles once (LLVM), so the file
stays fast."""

from __future__ import annotations

import io
import os
import time

import numpy as np
import pytest

import hlslc
from hlslc.runner import command
from hlslc.runner.errors import RunError
from hlslc.runner.jit import engine as jit_engine
from hlslc.runner.pipeline import load_pipeline


def pipeline(groups: tuple[int, int, int], buffers: list[tuple], resources: list[tuple]) -> str:
    """A pipeline file: buffers (name, format, data or a FillSize int,
    stride) and resources (name, kind, register[, space])."""
    lines = ["---", "Shaders:", "  - Stage: Compute", "    Entry: main", "DispatchParameters:",
             f"  DispatchGroupCount: [{groups[0]}, {groups[1]}, {groups[2]}]", "Buffers:"]
    for name, fmt, data, stride in buffers:
        lines += [f"  - Name: {name}", f"    Format: {fmt}"]
        if stride:
            lines.append(f"    Stride: {stride}")
        if isinstance(data, int):
            lines.append(f"    FillSize: {data}")
        else:
            lines.append("    Data: [ " + ", ".join(str(x) for x in data) + " ]")
    lines += ["DescriptorSets:", "  - Resources:"]
    for res in resources:
        name, kind, register = res[:3]
        space = res[3] if len(res) > 3 else 0
        lines += [f"    - Name: {name}", f"      Kind: {kind}",
                  f"      DirectXBinding: {{ Register: {register}, Space: {space} }}"]
    return "\n".join(lines + ["..."]) + "\n"


def compile_ok(source: str, profile: str = "cs_6_6", **options) -> hlslc.CompileResult:
    result = hlslc.compile_source(source, "kernel.hlsl", hlslc.CompileOptions(profile=profile, **options))
    assert result.ok, [d.message for d in result.diagnostics.items]
    return result


def run_both(source: str, text: str, profile: str = "cs_6_6", **options) -> tuple:
    result = compile_ok(source, profile, **{k: v for k, v in options.items() if k == "enable_16bit_types"})
    runs = {}
    for engine in ("jit", "interp"):
        p = load_pipeline("p.yaml", text)
        runs[engine] = hlslc.run(result, p, engine=engine,
                                 **{k: v for k, v in options.items() if k in ("seed", "wave_size")})
    return runs["jit"], runs["interp"]


def assert_same(jit, interp) -> None:
    assert jit.engine == "jit", jit.fallback and jit.fallback.what
    assert interp.engine == "interp"
    for name in interp.buffers:
        a, b = jit.buffers[name], interp.buffers[name]
        assert a.tobytes() == b.tobytes(), f"{name}: jit {a[:16]} interp {b[:16]}"


# --------------------------------------------------------------------------
# Kernels on which the two engines must agree, byte for byte

INTS = list(range(-40, 40)) + [0x7FFFFFFF, -0x80000000, 12345678, -99]
# (No NaN: where both operands of an operation are NaNs, which one's sign the
# result keeps depends on the operands' order, which LLVM may swap.)
FLOATS = [0.0, -0.0, 1.5, -2.25, 3e-39, -1e-40, 1e30, float("inf"), float("-inf"), 7.0, 0.1, -7.75,
          1e-3, 123.456, -0.5, 2.0]

ARITHMETIC = """
StructuredBuffer<int> I : register(t0);
StructuredBuffer<float> F : register(t1);
RWStructuredBuffer<int> OutI : register(u0);
RWStructuredBuffer<float> OutF : register(u1);
RWStructuredBuffer<uint> OutU : register(u2);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint n = 84, m = 16;
  int a = I[id.x % n], b = I[(id.x * 7 + 3) % n];
  uint ua = (uint)a, ub = (uint)b;
  float x = F[id.x % m], y = F[(id.x * 5 + 1) % m];
  uint k = id.x * 12;
  OutI[k + 0] = a / b;  OutI[k + 1] = a % b;  OutI[k + 2] = (int)(ua / ub);  OutI[k + 3] = (int)(ua % ub);
  OutI[k + 4] = a << (b & 31);  OutI[k + 5] = a >> (b & 7);  OutI[k + 6] = (int)(ua >> (ub & 31));
  // (Casts of floats past the integer's range: test_float_to_integer_casts_saturate.)
  OutI[k + 7] = (int)clamp(x, -1e9, 1e9);  OutI[k + 8] = (int)(uint)clamp(y, 0, 4e9);  OutI[k + 9] = min(a, b) * max(a, b);
  OutI[k + 10] = !(a < b) ? firstbithigh(a) : firstbitlow(ub);  OutI[k + 11] = countbits(ua) + reversebits(ub);
  OutF[k + 0] = x * y;  OutF[k + 1] = x / y;  OutF[k + 2] = x + y * 3.0;  OutF[k + 3] = fmod(x, y);
  OutF[k + 4] = sqrt(abs(x));  OutF[k + 5] = rsqrt(abs(y));  OutF[k + 6] = floor(x) + frac(y);
  OutF[k + 7] = sin(x) + cos(y);  OutF[k + 8] = exp2(y) * log2(abs(x));  OutF[k + 9] = saturate(x);
  OutF[k + 10] = (float)a * 0.5 + (float)ub;  OutF[k + 11] = mad(x, y, 1.0) + (float)(half)x;
  OutU[id.x] = (x < y) | ((x == y) << 1) | ((x != x) << 2) | (isnan(y) << 3) | (isinf(x) << 4) | ((a == b) << 5);
}
"""


def test_arithmetic_agrees():
    text = pipeline((4, 1, 1), [("I", "Int32", INTS, 4), ("F", "Float32", FLOATS, 4),
                                ("OutI", "Int32", 64 * 12 * 4, 4), ("OutF", "Float32", 64 * 12 * 4, 4),
                                ("OutU", "UInt32", 64 * 4, 4)],
                    [("I", "StructuredBuffer", 0), ("F", "StructuredBuffer", 1), ("OutI", "RWStructuredBuffer", 0),
                     ("OutF", "RWStructuredBuffer", 1), ("OutU", "RWStructuredBuffer", 2)])
    assert_same(*run_both(ARITHMETIC, text))


CONTROL = """
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
static const uint Table[5] = { 3, 1, 4, 1, 5 };
[numthreads(32, 2, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  uint v = In[id.x];
  uint acc = 0;
  uint local[8];
  for (uint j = 0; j < 8; j++)
    local[j] = v * j;
  for (uint i = 0; i < v % 13; i++) {            // per-thread trip counts
    if (i == 7 && (v & 1)) break;
    if ((i ^ v) & 2) continue;
    acc += local[(i + v) % 8] + Table[i % 5];
  }
  switch (v % 5) {
    case 0: acc *= 3; break;
    case 1: case 2: acc += 100; break;
    case 3: if (id.y == 1) return; acc -= 1; break;
    default: acc ^= 0x55;
  }
  bool b = (v & 4) != 0;
  if (!b) acc += 7;
  acc += b ? 1000 : (uint)!b;
  Out[id.y * 64 + id.x] = acc;
}
"""


def test_control_flow_and_private_memory_agree():
    values = [(k * 2654435761) % 1000 for k in range(64)]
    text = pipeline((2, 1, 1), [("In", "UInt32", values, 4), ("Out", "UInt32", 128 * 4, 4)],
                    [("In", "StructuredBuffer", 0), ("Out", "RWStructuredBuffer", 0)])
    assert_same(*run_both(CONTROL, text))


WAVES = """
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> Out : register(u0);
RWStructuredBuffer<float> OutF : register(u1);
[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 id : SV_DispatchThreadID) {
  int v = In[id.x];
  uint k = id.x * 10;
  Out[k] = WaveActiveSum(v);
  if (v % 3 != 0) {
    Out[k + 1] = WavePrefixSum(v);
    Out[k + 2] = WaveActiveMin(v) + WaveActiveMax(v);
    Out[k + 3] = WaveReadLaneFirst(v) + WaveReadLaneAt(v, 5);
    Out[k + 4] = WaveActiveCountBits(v > 0) + WavePrefixCountBits(v & 1);
    uint4 ballot = WaveActiveBallot(v > 10);
    Out[k + 5] = ballot.x ^ ballot.y;
    Out[k + 6] = WaveIsFirstLane() + 2 * WaveActiveAllTrue(v > -30) + 4 * WaveActiveAnyTrue(v == 7);
    OutF[id.x] = WaveActiveSum((float)v * 0.1) + WaveActiveProduct(v > 0 ? 1.0009 : 0.999);
  }
  Out[k + 7] = QuadReadAcrossX(v) + QuadReadLaneAt(v, 2) * 3;
  Out[k + 8] = (int)(WaveActiveBitOr((uint)v) ^ WaveActiveBitAnd((uint)(v + 100)));
  Out[k + 9] = WaveGetLaneIndex() + 100 * WaveGetLaneCount() + WaveActiveAllEqual(v / 100);
}
"""


def test_wave_operations_under_divergence_agree():
    values = [((k * 37) % 61) - 20 for k in range(128)]
    text = pipeline((2, 1, 1), [("In", "Int32", values, 4), ("Out", "Int32", 128 * 10 * 4, 4),
                                ("OutF", "Float32", 128 * 4, 4)],
                    [("In", "StructuredBuffer", 0), ("Out", "RWStructuredBuffer", 0),
                     ("OutF", "RWStructuredBuffer", 1)])
    assert_same(*run_both(WAVES, text))


BITS = """
StructuredBuffer<int> In : register(t0);
StructuredBuffer<float> F : register(t1);
RWStructuredBuffer<int> Out : register(u0);
RWStructuredBuffer<float> OutF : register(u1);
[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 id : SV_DispatchThreadID) {
  int v = In[id.x];
  float f = F[id.x % 16];
  uint k = id.x * 12;
  uint4 acc = msad4((uint)v * 2654435761u, uint2((uint)v, (uint)(v * 7)), uint4(1, 2, 3, 4));
  Out[k] = (int)(acc.x ^ acc.y ^ acc.z ^ acc.w);
  Out[k + 1] = (int)pack_clamp_s8(int4(v, -v * 9, v * 50, 3)) ^ (int)pack_u8(uint4(v, v * 3, 7, 300));
  int4 s = unpack_s8s32((int8_t4_packed)(uint)(v * 40503));
  uint4 u = unpack_u8u32((uint8_t4_packed)(uint)(v * 40503));
  Out[k + 2] = s.x + s.y * 3 + s.z * 5 + s.w * 7 + (int)(u.x + u.y + u.z + u.w);
  Out[k + 3] = (QuadAny(v > 5) ? 1 : 0) + (QuadAll(v > -10) ? 2 : 0) + (IsHelperLane() ? 4 : 0);
  uint4 m = WaveMatch(v % 4);
  Out[k + 4] = (int)(m.x ^ (m.y << 1));
  Out[k + 5] = WaveMultiPrefixSum(v, m) + WaveMultiPrefixProduct(v % 3 + 1, m) * 7;
  Out[k + 6] = (int)WaveMultiPrefixBitAnd((uint)v | 0xF0u, m) ^ (int)WaveMultiPrefixBitXor((uint)v, m);
  Out[k + 7] = (int)WaveMultiPrefixCountBits(v > 0, m) + (int)WaveMultiPrefixBitOr((uint)v, m);
  if (v % 5 != 0) {
    uint4 m2 = WaveMatch(f);
    Out[k + 8] = (int)(m2.x ^ m2.y) + (int)WaveMultiPrefixCountBits(v < 3, m2);
    OutF[id.x * 4 + 3] = WaveMultiPrefixSum(f, m2) + WaveMultiPrefixProduct(f * 0.5, m);
  }
  OutF[id.x * 4] = ddx(f * (float)v);
  OutF[id.x * 4 + 1] = ddy_fine(f) + ddx_fine(f * 3.0);
  OutF[id.x * 4 + 2] = ddy_coarse(f * f) + ddx_coarse((float)v);
}
"""


def test_bit_packing_quad_and_partitioned_wave_operations_agree():
    values = [((k * 37) % 61) - 20 for k in range(128)]
    text = pipeline((2, 1, 1), [("In", "Int32", values, 4), ("F", "Float32", FLOATS, 4),
                                ("Out", "Int32", 128 * 12 * 4, 4), ("OutF", "Float32", 128 * 4 * 4, 4)],
                    [("In", "StructuredBuffer", 0), ("F", "StructuredBuffer", 1), ("Out", "RWStructuredBuffer", 0),
                     ("OutF", "RWStructuredBuffer", 1)])
    assert_same(*run_both(BITS, text, profile="cs_6_7"))


PARTIAL = """
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> Acc : register(u1);
[numthreads(20, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
  uint tid = gid.x * 20 + gi;
  Out[tid] = WaveActiveBallot(true).x + WaveGetLaneIndex();
  InterlockedAdd(Acc[tid % 8], tid + 1);
}
"""


def test_groups_ending_in_a_partial_wave_agree():
    # 20 threads a group in waves of 16: a group's second wave has 4 threads
    # (the other lanes of its vector must stay idle); 20 groups, a vector a
    # wave.
    text = pipeline((20, 1, 1), [("Out", "UInt32", 512 * 4, 4), ("Acc", "UInt32", 8 * 4, 4)],
                    [("Out", "RWStructuredBuffer", 0), ("Acc", "RWStructuredBuffer", 1)])
    assert_same(*run_both(PARTIAL, text, wave_size=16))


SHARED = """
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Sums : register(u0);
RWByteAddressBuffer Counts : register(u1);
groupshared float Tile[128];
groupshared uint Hist[8];
[numthreads(128, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 g : SV_GroupID) {
  if (gi < 8) Hist[gi] = 0;
  Tile[gi] = In[id.x];
  GroupMemoryBarrierWithGroupSync();
  uint bin = (uint)(Tile[gi] * 8) % 8;
  uint before;
  InterlockedAdd(Hist[bin], 1, before);
  for (uint s = 64; s > 0; s >>= 1) {
    if (gi < s)
      Tile[gi] += Tile[gi + s];
    GroupMemoryBarrierWithGroupSync();
  }
  if (gi == 0) Sums[g.x] = Tile[0];
  if (gi < 8) Counts.InterlockedAdd(gi * 4, Hist[gi]);
}
"""


def test_groupshared_barriers_and_atomics_agree():
    rng = np.random.default_rng(5)
    values = [f"{x:.6f}" for x in rng.random(512)]
    text = pipeline((4, 1, 1), [("In", "Float32", values, 4), ("Sums", "Float32", 16, 4),
                                ("Counts", "UInt32", 32, None)],
                    [("In", "StructuredBuffer", 0), ("Sums", "RWStructuredBuffer", 0),
                     ("Counts", "RWByteAddressBuffer", 1)])
    assert_same(*run_both(SHARED, text))


TYPES = """
Buffer<float4> T : register(t0);
ByteAddressBuffer Raw : register(t1);
RWBuffer<int> Typed : register(u0);
RWStructuredBuffer<double> D : register(u1);
RWStructuredBuffer<half> H : register(u2);
RWStructuredBuffer<int64_t> L : register(u3);
cbuffer C : register(b0) { float4 Scale; uint Shift; };
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 t = T[id.x] * Scale;
  uint2 r = Raw.Load2(id.x * 8);
  Typed[id.x] = (int)(t.x + t.y) + (int)(r.x >> Shift);
  double d = (double)t.z / 3.0 + asdouble(r.x, r.y);
  D[id.x] = d * d - (double)t.w;
  half h = (half)t.x * (half)0.5 + (half)t.w;
  H[id.x] = h / (half)3.0;
  L[id.x] = (int64_t)r.x * (int64_t)r.y - (int64_t)clamp(d, -1e15, 1e15);
}
"""


def test_buffer_kinds_and_widths_agree():
    t = [f"{x * 0.75 - 3:.4f}" for x in range(32)]
    raw = [(k * 2654435761) & 0xFFFFFFFF for k in range(16)]
    text = pipeline((1, 1, 1), [("T", "Float32", t, None), ("Raw", "Hex32", raw, None),
                                ("Typed", "Int32", 32, None), ("D", "Float64", 64, 8), ("H", "Float16", 16, 2),
                                ("L", "Int64", 64, 8), ("C", "Float32", [1.5, -2, 0.25, 3, 0x0000000, 0, 0, 0], None)],
                    [("T", "Buffer", 0), ("Raw", "ByteAddressBuffer", 1), ("Typed", "RWBuffer", 0),
                     ("D", "RWStructuredBuffer", 1), ("H", "RWStructuredBuffer", 2), ("L", "RWStructuredBuffer", 3),
                     ("C", "ConstantBuffer", 0)])
    text = text.replace("  - Name: T\n    Format: Float32\n", "  - Name: T\n    Format: Float32\n    Channels: 4\n")
    assert_same(*run_both(TYPES, text, "cs_6_6", enable_16bit_types=True))


MATRICES = """
#include <dx/linalg.h>
using namespace dx::linalg;
ByteAddressBuffer A : register(t0);
RWByteAddressBuffer C : register(u0);
RWByteAddressBuffer V : register(u1);
groupshared half Tile[16 * 16];
using MA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using MB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using Acc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using TM = Matrix<MatrixComponentType::F32, 4, 3, MatrixUse::B, MatrixScope::Thread>;
[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  for (uint i = gi; i < 256; i += 32)
    Tile[i] = (half)((float)((i * 7) % 23) / 8.0 - 1.0);
  GroupMemoryBarrierWithGroupSync();
  MA a = MA::Load(A, 0, 32, MatrixLayout::RowMajor);
  MB b = MB::Load(Tile, 0, 16, MatrixLayout::ColMajor);
  Acc acc = Acc::Splat(0.5f);
  acc.MultiplyAccumulate(a, b);
  acc *= 0.25f;
  acc = acc.ApplyUnaryOperation<UnaryOperation::Abs>();
  acc.Store(C, 0, 64, MatrixLayout::RowMajor);
  TM m = TM::Load(A, gi * 2, 12, MatrixLayout::RowMajor);
  vector<float, 4> x = { (float)gi, 1.5, -2.0, 0.25 };
  vector<float, 3> y = Multiply<float>(x, m);
  V.Store3(gi * 12, asuint(y));
}
"""


def test_matrices_agree():
    data = [f"0x{int(np.float16(((k * 13) % 29) / 16 - 0.9).view(np.uint16)):04X}" for k in range(16 * 16 + 64)]
    text = pipeline((1, 1, 1), [("A", "Float16", data, None), ("C", "Float32", 16 * 16 * 4, None),
                                ("V", "Float32", 32 * 12, None)],
                    [("A", "ByteAddressBuffer", 0), ("C", "RWByteAddressBuffer", 0), ("V", "RWByteAddressBuffer", 1)])
    assert_same(*run_both(MATRICES, text, "cs_6_10"))


SAXPY = """
StructuredBuffer<float> X : register(t0);
RWStructuredBuffer<float> Y : register(u0);
RWStructuredBuffer<uint> Next : register(u1);
cbuffer C : register(b0) { float A; };
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Y[id.x] = A * X[id.x] + Y[id.x];
}
"""


def _saxpy_pipeline(n: int) -> str:
    return pipeline((n // 64, 1, 1), [("X", "Float32", [f"{k * 0.25}" for k in range(n)], 4),
                                      ("Y", "Float32", [f"{k % 7}" for k in range(n)], 4),
                                      ("Next", "UInt32", 4, 4), ("C", "Float32", [2.5, 0, 0, 0], None)],
                     [("X", "StructuredBuffer", 0), ("Y", "RWStructuredBuffer", 0),
                      ("Next", "RWStructuredBuffer", 1), ("C", "ConstantBuffer", 0)])


def test_many_groups_on_several_workers(monkeypatch):
    result = compile_ok(SAXPY)
    outs = []
    for threads in ("1", "3"):
        monkeypatch.setenv("HLSLC_JIT_THREADS", threads)
        run = hlslc.run(result, load_pipeline("p.yaml", _saxpy_pipeline(64 * 40)), engine="jit")
        assert run.engine == "jit"
        outs.append(run.buffers["Y"].copy())
    ref = hlslc.run(result, load_pipeline("p.yaml", _saxpy_pipeline(64 * 40)), engine="interp")
    assert outs[0].tobytes() == outs[1].tobytes() == ref.buffers["Y"].tobytes()


ORDERED = """
RWStructuredBuffer<uint> Out : register(u0);
RWByteAddressBuffer Counter : register(u1);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint slot;
  Counter.InterlockedAdd(0, 1, slot);   // the old value is used: the groups' order matters
  Out[slot] = id.x;
}
"""


def test_atomics_whose_old_values_are_used_run_groups_in_order(monkeypatch):
    monkeypatch.setenv("HLSLC_JIT_THREADS", "4")
    text = pipeline((16, 1, 1), [("Out", "UInt32", 128 * 4, 4), ("Counter", "UInt32", 4, None)],
                    [("Out", "RWStructuredBuffer", 0), ("Counter", "RWByteAddressBuffer", 1)])
    jit, interp = run_both(ORDERED, text)
    assert_same(jit, interp)
    assert list(jit.buffers["Out"]) == list(range(128))


# --------------------------------------------------------------------------
# Choosing the engine, falling back, the watchdog, the cache

TEXTURE = """
Texture2D<float4> Tex : register(t0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = Tex.Load(int3(id.x, 0, 0));
}
"""

TEXTURE_PIPELINE = """---
Shaders:
  - Stage: Compute
    Entry: main
Buffers:
  - Name: Tex
    Format: Float32
    Channels: 4
    OutputProps: { Width: 4, Height: 1, Depth: 1 }
    Data: [ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 ]
  - Name: Out
    Format: Float32
    Stride: 16
    FillSize: 64
DescriptorSets:
  - Resources:
    - Name: Tex
      Kind: Texture2D
      DirectXBinding: { Register: 0, Space: 0 }
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
...
"""


def test_engine_selection():
    result = compile_ok(SAXPY)
    text = _saxpy_pipeline(128)
    assert hlslc.run(result, load_pipeline("p.yaml", text)).engine == "jit"          # the default
    assert hlslc.run(result, load_pipeline("p.yaml", text), engine="jit").engine == "jit"
    assert hlslc.run(result, load_pipeline("p.yaml", text), engine="interp").engine == "interp"
    assert hlslc.run(result, load_pipeline("p.yaml", text), check=True).engine == "interp"
    with pytest.raises(ValueError):
        hlslc.run(result, load_pipeline("p.yaml", text), engine="fast")
    with pytest.raises(RunError):
        hlslc.run(result, load_pipeline("p.yaml", text), engine="jit", check=True)


def test_fallback_to_the_interpreter(tmp_path):
    result = compile_ok(TEXTURE)
    run = hlslc.run(result, load_pipeline("p.yaml", TEXTURE_PIPELINE))
    assert run.engine == "interp" and "TextureLoad" in run.fallback.what
    assert list(run.buffers["Out"][:8]) == [1, 2, 3, 4, 5, 6, 7, 8]
    # Asked for by name, the JIT says what it does not run, at the source line.
    (tmp_path / "t.hlsl").write_text(TEXTURE)
    (tmp_path / "t.yaml").write_text(TEXTURE_PIPELINE)
    for engine, warned in (("jit", True), (None, False)):
        out, err = io.StringIO(), io.StringIO()
        argv = [str(tmp_path / "t.hlsl"), "--pipeline", str(tmp_path / "t.yaml"), "-T", "cs_6_6"]
        rc = command.run(argv + (["--engine", engine] if engine else []), out, err)
        assert rc == 0
        if warned:
            assert "t.hlsl:6:15: warning: the JIT does not run dx.op TextureLoad" in err.getvalue()
            assert "Out[id.x] = Tex.Load" in err.getvalue()
        else:
            assert err.getvalue() == ""


def test_command_line_options(tmp_path):
    (tmp_path / "s.hlsl").write_text(SAXPY)
    (tmp_path / "s.yaml").write_text(_saxpy_pipeline(128))
    argv = [str(tmp_path / "s.hlsl"), "--pipeline", str(tmp_path / "s.yaml"), "-T", "cs_6_6"]
    outs = []
    for extra in (["--engine", "jit"], ["--engine", "interp"], ["--timeout", "30"]):
        out, err = io.StringIO(), io.StringIO()
        assert command.run(argv + extra, out, err) == 0, err.getvalue()
        outs.append(out.getvalue())
    assert outs[0] == outs[1] == outs[2]
    for bad in (["--engine", "fast"], ["--timeout", "soon"], ["--check", "--engine", "jit"]):
        err = io.StringIO()
        assert command.run(argv + bad, io.StringIO(), err) == 2
        assert "error" in err.getvalue()


ENDLESS = """
RWStructuredBuffer<uint> Out : register(u0);
cbuffer C : register(b0) { uint Stop; };
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = 0;
  while (Out[id.x] != Stop)      // Stop is never reached: the loop never ends
    Out[id.x] = ++i & 0xFFFF;
}
"""


def test_watchdog_stops_an_endless_dispatch():
    result = compile_ok(ENDLESS)
    text = pipeline((2, 1, 1), [("Out", "UInt32", 32, 4), ("C", "UInt32", [0x12345678, 0, 0, 0], None)],
                    [("Out", "RWStructuredBuffer", 0), ("C", "ConstantBuffer", 0)])
    start = time.monotonic()
    with pytest.raises(RunError, match="did not finish within 0.5 seconds") as err:
        hlslc.run(result, load_pipeline("p.yaml", text), engine="jit", timeout=0.5)
    assert time.monotonic() - start < 20
    assert err.value.line is not None


def test_watchdog_error_is_located_on_both_engines(tmp_path):
    (tmp_path / "e.hlsl").write_text(ENDLESS)
    (tmp_path / "e.yaml").write_text(pipeline((2, 1, 1), [("Out", "UInt32", 32, 4), ("C", "UInt32", [0x12345678, 0, 0, 0], None)],
                                              [("Out", "RWStructuredBuffer", 0), ("C", "ConstantBuffer", 0)]))
    errs = {}
    for engine in ("jit", "interp"):
        err = io.StringIO()
        argv = [str(tmp_path / "e.hlsl"), "--pipeline", str(tmp_path / "e.yaml"), "-T", "cs_6_6", "--timeout", "0.5",
                "--engine", engine]
        assert command.run(argv, io.StringIO(), err) == 1
        errs[engine] = err.getvalue().splitlines()[0]
    # At the loop that does not end (line 7: the `while`; the column is the
    # instruction each engine was at: the loop's test or its jump back).
    for engine, first in errs.items():
        where, _, message = first.partition(": error: ")
        assert where.startswith(str(tmp_path / "e.hlsl") + ":7:"), (engine, first)
        assert message.startswith("the dispatch did not finish within 0.5 seconds"), (engine, first)


def test_compiled_modules_are_cached(monkeypatch, tmp_path):
    monkeypatch.setenv("HLSLC_CACHE_DIR", str(tmp_path))
    source = SAXPY.replace("A * X[id.x]", "A * X[id.x] * 2.0")      # a module no other test compiled
    result = compile_ok(source)
    text = _saxpy_pipeline(128)
    first = hlslc.run(result, load_pipeline("p.yaml", text))
    assert first.jit_source == "compiled" and first.compile_seconds > 0
    second = hlslc.run(result, load_pipeline("p.yaml", text))
    assert second.jit_source == "memory" and second.compile_seconds == 0
    assert os.listdir(tmp_path / "jit")
    jit_engine.forget_memory_cache()
    third = hlslc.run(result, load_pipeline("p.yaml", text))
    assert third.jit_source == "disk"
    assert first.buffers["Y"].tobytes() == second.buffers["Y"].tobytes() == third.buffers["Y"].tobytes()
    # Another binding shape (a structured buffer's stride) is another module.
    other = load_pipeline("p.yaml", text.replace("Stride: 4\n    Data: [ 0.0", "Stride: 8\n    Data: [ 0.0", 1))
    assert hlslc.run(result, other).jit_source == "compiled"


def test_errors_are_the_interpreters():
    source = """
groupshared uint G[4];
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  G[gi * 8] = gi;
  Out[gi] = G[0];
}
"""
    text = pipeline((1, 1, 1), [("Out", "UInt32", 16, 4)], [("Out", "RWStructuredBuffer", 0)])
    result = compile_ok(source)
    messages = []
    for engine in ("jit", "interp"):
        with pytest.raises(RunError) as err:
            hlslc.run(result, load_pipeline("p.yaml", text), engine=engine)
        messages.append((err.value.message, err.value.line))
    assert messages[0] == messages[1]
    assert "a store outside" in messages[0][0]


# --------------------------------------------------------------------------
# The repository's reconvergence and constant pipelines run by the JIT itself
# (not handed to the interpreter), identical to the interpreter's buffers.

RUN_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "run")


@pytest.mark.parametrize("name, yaml, defines", [
    ("reconvergence", "reconvergence", []),
    ("reconvergence", "reconvergence-loop-return", [("LOOP_RETURN", None)]),
    ("constants", "constants", []),
])
def test_reconvergence_and_constants_run_on_the_jit(name, yaml, defines):
    source = open(os.path.join(RUN_DIR, name + ".hlsl"), encoding="utf-8").read()
    text = open(os.path.join(RUN_DIR, yaml + ".yaml"), encoding="utf-8").read()
    options = hlslc.CompileOptions(profile="cs_6_5" if name == "reconvergence" else "cs_6_6", defines=defines,
                                   enable_16bit_types=name == "constants")
    result = hlslc.compile_source(source, name + ".hlsl", options)
    assert result.ok
    jit = hlslc.run(result, load_pipeline("p.yaml", text), engine="jit")
    interp = hlslc.run(result, load_pipeline("p.yaml", text), engine="interp")
    assert_same(jit, interp)
    assert jit.outcomes and all(o.ok for o in jit.outcomes), [str(o) for o in jit.outcomes]


ISSUE_EXAMPLE = """
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  if (gi < 16) {
    if (gi == 0)
      return;
  }
  Out[gi] = WaveActiveCountBits(true);
}
"""


def test_threads_leaving_an_if_early_rejoin_at_its_end():
    # The 31 threads that stay meet at the end of the outer if (a GPU's
    # answer), not 15 and 16 split until the function's exit.
    result = compile_ok(ISSUE_EXAMPLE)
    text = pipeline((1, 1, 1), [("Out", "UInt32", 128, 4)], [("Out", "RWStructuredBuffer", 0)])
    runs = [hlslc.run(result, load_pipeline("p.yaml", text), engine=e, wave_size=32) for e in ("jit", "interp")]
    assert_same(*runs)
    assert list(runs[0].buffers["Out"]) == [0] + [31] * 31


def _engine_runs() -> list:
    """bench/compare_engines.py's runs: every `hlslc run` line of tests/run
    (but --check and Vulkan) and every sample with a pipeline."""
    import importlib.util     # (bench/ is not a package: its file, loaded by path)

    root = os.path.dirname(os.path.dirname(RUN_DIR))
    spec = importlib.util.spec_from_file_location("compare_engines", os.path.join(root, "bench", "compare_engines.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [(name, args, root) for name, args in module.runs()]


@pytest.mark.parametrize("name, args, root", _engine_runs(), ids=lambda x: x if isinstance(x, str) and x.endswith(".hlsl") else "")
def test_both_engines_print_the_same(name, args, root, monkeypatch):
    # Every sample and every pipeline of tests/run: the same buffers, Result
    # lines and exit status on the JIT as on the interpreter.
    monkeypatch.chdir(root)
    outs = {}
    for engine in ("jit", "interp"):
        out, err = io.StringIO(), io.StringIO()
        rc = command.run(args + ["--engine", engine], out, err)
        outs[engine] = (rc, out.getvalue())
    assert outs["jit"] == outs["interp"]
    assert outs["jit"][1], "nothing printed"


CASTS = """
StructuredBuffer<float> F : register(t0);
RWStructuredBuffer<int> OutI : register(u0);
RWStructuredBuffer<uint> OutU : register(u1);
RWStructuredBuffer<int64_t> OutL : register(u2);
[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  OutI[gi] = (int)F[gi];
  OutU[gi] = (uint)F[gi];
  OutL[gi] = (int64_t)((double)F[gi] * 4294967296.0 * 4.0);
}
"""


def test_float_to_integer_casts_saturate():
    # D3D's conversions: toward zero, NaN to 0, past the range to its bounds
    # (the interpreter's float32 clip once wrapped 2^31 - 1 to INT_MIN).
    floats = [3e9, -3e9, 5e9, -1.5, 2147483520.0, float("nan"), float("inf"), float("-inf")]
    text = pipeline((1, 1, 1), [("F", "Float32", ["nan" if f != f else f for f in floats], None),
                                ("OutI", "Int32", 32, 4), ("OutU", "UInt32", 32, 4), ("OutL", "Int64", 64, 8)],
                    [("F", "StructuredBuffer", 0), ("OutI", "RWStructuredBuffer", 0),
                     ("OutU", "RWStructuredBuffer", 1), ("OutL", "RWStructuredBuffer", 2)])
    jit, interp = run_both(CASTS, text)
    assert_same(jit, interp)
    big, small = 2**31 - 1, -2**31
    assert list(jit.buffers["OutI"]) == [big, small, big, -1, 2147483520, 0, big, small]
    assert list(jit.buffers["OutU"]) == [3000000000, 0, 2**32 - 1, 0, 2147483520, 0, 2**32 - 1, 0]
    assert list(jit.buffers["OutL"]) == [2**63 - 1, -2**63, 2**63 - 1, -6 * 2**32, 2**63 - 1, 0,
                                         2**63 - 1, -2**63]


DO_WHILE_RETURN = """
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  uint k = 0;
  do {
    k++;
    if (gi == 1) {
      return;
    }
  } while (k < (gi & 3u));
  Out[gi] = WaveReadLaneFirst(gi) + 10 * WaveActiveCountBits(true);
}
"""


SHAPES = """
cbuffer P : register(b0) { uint N; };
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint T[64];
[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 g : SV_GroupID) {
  uint s = N;
  uint d = 0;
  if (gi < 7)
    d = 3;
  else
    d = 4;
  uint k = gi * 4 + 1;
  T[gi] = k;
  GroupMemoryBarrierWithGroupSync();
  uint acc = 0;
  for (uint i = 0; i < s; i++)
    acc += T[(gi + i) & 63];
  Out[g.x * 64 + gi] = acc + d + k;
}
"""


def test_lanes_join_wherever_the_interpreters_do(monkeypatch, tmp_path):
    # Whatever the constructs (`dxil.cfg.structure`) say, the JIT's lanes
    # join a waiting entry where the interpreter's would: an entry coming
    # to a block where one below waits gives it its lanes.  Here the
    # constructs are those the structure once read from this do-while (its
    # exit block inside the loop, the `return` taken for its merge), so the
    # lanes that leave the loop at each iteration wait at its exit block
    # below the next iteration.  The JIT searched only at merges and
    # continue targets, and ran each iteration's leavers on their own
    # (random programs 1809, 5962, 7954).
    from hlslc.dxil import cfg
    from hlslc.runner import executor
    from hlslc.runner.jit import compiler

    def old_constructs(graph):
        loop = cfg.Loop("loop.body", {"loop.body", "if.end", "loop.step", "loop.cond", "loop.end"}, ["loop.cond"])
        loop.merge, loop.continue_key = "if.then", "if.end"
        return cfg.Structure({"loop.body": loop}, {("loop.cond", "loop.body")},
                             {"loop.body": (), "loop.cond": ()}, True)

    monkeypatch.setattr(compiler, "structure", old_constructs)
    monkeypatch.setattr(executor, "structure", old_constructs)
    monkeypatch.setenv("HLSLC_CACHE_DIR", str(tmp_path))       # (no module compiled with the real constructs)
    jit_engine.forget_memory_cache()
    result = compile_ok(DO_WHILE_RETURN)
    text = pipeline((1, 1, 1), [("Out", "UInt32", 32, 4)], [("Out", "RWStructuredBuffer", 0)])
    jit, interp = (hlslc.run(result, load_pipeline("p.yaml", text), engine=e, wave_size=8) for e in ("jit", "interp"))
    assert_same(jit, interp)
    # (These constructs' answer: the leavers of every iteration together.)
    assert list(interp.buffers["Out"]) == [70, 0, 70, 70, 70, 70, 70, 70]
    jit_engine.forget_memory_cache()


def test_cache_key_covers_what_the_code_depends_on():
    # A compiled module depends on the JIT's sources and on the IR's reading
    # and constructs (where lanes reconverge): a change to any of them is
    # another key (an old module compiled by other constructs once ran).
    here = os.path.dirname(os.path.abspath(jit_engine.__file__))
    assert "../../dxil/cfg.py" in jit_engine._DEPENDS
    for name in jit_engine._DEPENDS:
        assert os.path.isfile(os.path.join(here, name)), name


def test_shapes_of_values_across_lanes():
    # What the JIT knows of a value across the lanes before it runs
    # (runner/jit/shapes.py), on a group of two vectors (the group mode):
    # a bound from a constant buffer and the loop counter are one value for
    # the whole group (and run once for it, before the loop over the
    # vectors); a thread id times 4 plus 1 steps by 4 from lane to lane; a
    # variable given a constant on each side of a divergent `if` is not one
    # value; an accumulator read after a loop whose trip count is uniform
    # but whose values are not, neither.
    from hlslc.runner.binding import Bindings
    from hlslc.runner.jit import _read
    from hlslc.runner.jit.compiler import Compiler, choose_plan

    result = compile_ok(SHAPES)
    text = pipeline((2, 1, 1), [("P", "UInt32", [3, 0, 0, 0], None), ("Out", "UInt32", 512, 4)],
                    [("P", "ConstantBuffer", 0), ("Out", "RWStructuredBuffer", 0)])
    p = load_pipeline("p.yaml", text)
    mod = _read(result.ir_text)
    fn = mod.functions["@main"]
    plan = choose_plan(fn, 32, (64, 1, 1), 2)
    assert plan.together
    cg = Compiler(mod, fn, Bindings(mod, p, fn, copy=False), plan, (64, 1, 1))
    cg.text()
    cells = {name: off for name, root in cg.roots.items() if root.kind == "cells" for off in root.cells}

    def cell(shapes, var):
        name = next(n for n in cells if n.strip('%"') == var)
        return shapes.cell(name, 0)
    assert cell(cg.shapes, "s") == 0 and cell(cg.gshapes, "s") == 0
    assert cell(cg.shapes, "i") == 0 and cell(cg.gshapes, "i") == 0
    assert cell(cg.shapes, "k") == 4 and cell(cg.gshapes, "k") is None
    assert cell(cg.shapes, "d") is None
    assert cell(cg.shapes, "acc") is None
    assert cg.hoisted
    jit, interp = run_both(SHAPES, text)
    assert_same(jit, interp)
