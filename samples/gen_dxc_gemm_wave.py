"""Writes samples/dxc_gemm_wave.yaml: the pipeline that runs the GEMM
written against DXC's dx::linalg (samples/dxc_gemm_wave.hlsl) with `hlslc run`
on distinct fp16 inputs, and its expected result made by numpy
(python samples/gen_dxc_gemm_wave.py > samples/dxc_gemm_wave.yaml).

The expected C is what the shader computes: each MultiplyAccumulate adds
the exact product of a 16-wide slice of K to the fp32 accumulator and
rounds once (the specification's conversion rule), then the scale by 0.5
is exact."""
import numpy as np

M, N, K, T = 64, 48, 96, 16
rng = np.random.default_rng(24)
# fp16 values in [-2, 2) drawn without replacement: A's elements differ from
# each other, and so do B's.
pool = np.unique(np.arange(-2.0, 2.0, 2.0 ** -16).astype(np.float16))
A = rng.choice(pool, M * K, replace=False).reshape(M, K)
B = rng.choice(pool, K * N, replace=False).reshape(K, N)
acc = np.zeros((M, N), dtype=np.float32)
for k in range(0, K, T):
    acc = (acc.astype(np.float64) + A[:, k:k + T].astype(np.float64) @ B[k:k + T].astype(np.float64)).astype(np.float32)
C = acc * np.float32(0.5)
assert len(np.unique(A)) == M * K and len(np.unique(B)) == K * N


def hx(a):
    return ", ".join(f"0x{int(x):04X}" for x in a.reshape(-1).view(np.uint16))


def floats(a):
    return ", ".join(repr(float(x)) for x in a.reshape(-1))


print(f"""---
# The GEMM against DXC's dx::linalg (samples/dxc_gemm_wave.hlsl): C = 0.5 * A x B
# for {M}x{K} by {K}x{N} fp16 matrices with distinct values, fp32
# accumulation, one wave per 16x16 tile; made by samples/gen_dxc_gemm_wave.py.
Shaders:
  - Stage: Compute
    Entry: main
    CompileArguments: [ -T, cs_6_10, --linalg-revision=dxc ]
DispatchParameters:
  DispatchGroupCount: [{N // T}, {M // T}, 1]
Buffers:
  - Name: MatA
    Format: Float16
    Data: [ {hx(A)} ]
  - Name: MatB
    Format: Float16
    Data: [ {hx(B)} ]
  - Name: MatC
    Format: Float32
    FillSize: {M * N * 4}
  - Name: Expected
    Format: Float32
    Data: [ {floats(C)} ]
Results:
  - Result: Product
    Rule: BufferFloatEpsilon
    Epsilon: 0.0001
    Actual: MatC
    Expected: Expected
DescriptorSets:
  - Resources:
    - Name: MatA
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: MatB
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
    - Name: MatC
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
...""")
