"""Writes samples/tiled_gemm_wave.yaml: the pipeline that runs the tiled GEMM
sample with `hlslc run` on distinct fp16 inputs, its expected result made
by numpy (python samples/gen_tiled_gemm_wave.py > samples/tiled_gemm_wave.yaml)."""
import numpy as np, sys
M, N, K = 64, 64, 96
rng = np.random.default_rng(3)
A = (rng.permutation(M*K) % 97 / 64 - 0.75).astype(np.float16).reshape(M, K)
B = (rng.permutation(K*N) % 89 / 64 - 0.7).astype(np.float16).reshape(K, N)
alpha = np.float32(0.5)
C = np.abs(alpha * (A.astype(np.float32) @ B.astype(np.float32))).astype(np.float16)
def hx(a): return ", ".join(f"0x{int(x):04X}" for x in a.reshape(-1).view(np.uint16))
print(f"""---
# The tiled GEMM sample (samples/tiled_gemm_wave.hlsl): C = |alpha * A x B|
# for {M}x{K} by {K}x{N} fp16 matrices with distinct values, fp32
# accumulation, fp16 result; made by samples/gen_tiled_gemm_wave.py.
Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [{N // 32}, {M // 32}, 1]
Buffers:
  - Name: Params
    Format: Hex32
    Data: [ {M}, {N}, {K}, 0x{int(np.array([alpha]).view(np.uint32)[0]):08X} ]
  - Name: MatA
    Format: Float16
    Data: [ {hx(A)} ]
  - Name: MatB
    Format: Float16
    Data: [ {hx(B)} ]
  - Name: MatC
    Format: Float16
    FillSize: {M * N * 2}
  - Name: Expected
    Format: Float16
    Data: [ {hx(C)} ]
Results:
  - Result: Product
    Rule: BufferFloatULP
    ULPT: 1
    Actual: MatC
    Expected: Expected
DescriptorSets:
  - Resources:
    - Name: Params
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: MatA
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
    - Name: MatB
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 2, Space: 0 }}
    - Name: MatC
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
...""")
