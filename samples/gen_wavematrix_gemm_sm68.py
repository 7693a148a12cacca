"""Writes samples/wavematrix_gemm_sm68.yaml: the pipeline that runs the
Wave Matrix GEMM sample with `hlslc run` on distinct fp16 inputs, its
expected result made by numpy
(python samples/gen_wavematrix_gemm_sm68.py > samples/wavematrix_gemm_sm68.yaml).
Depth 64 is a multiple of every Wave Matrix depth a device may have
(16, 32, 64), so the pipeline holds for --wave-matrix-depth 16, 32 and 64."""
import numpy as np

ROWS, COLS, DEPTH = 48, 32, 64
rng = np.random.default_rng(11)
A = (rng.permutation(ROWS * DEPTH) % 113 / 64 - 0.8).astype(np.float16).reshape(ROWS, DEPTH)
B = (rng.permutation(DEPTH * COLS) % 101 / 64 - 0.75).astype(np.float16).reshape(DEPTH, COLS)
alpha = np.float32(0.75)
C = (alpha * (A.astype(np.float64) @ B.astype(np.float64)).astype(np.float32)).astype(np.float32)


def hx(a):
    return ", ".join(f"0x{int(x):04X}" for x in np.ascontiguousarray(a).reshape(-1).view(np.uint16))


print(f"""---
# The Wave Matrix GEMM sample (samples/wavematrix_gemm_sm68.hlsl):
# C = alpha * A x B for a {ROWS}x{DEPTH} row-major A and a {DEPTH}x{COLS} B
# stored column-major, fp16 inputs with distinct values, fp32 result; one
# 16 x 16 tile of C per group.  Made by samples/gen_wavematrix_gemm_sm68.py.
Shaders:
  - Stage: Compute
    Entry: main
    CompileArguments: [ -T, cs_6_8, -enable-16bit-types ]
DispatchParameters:
  DispatchGroupCount: [{COLS // 16}, {ROWS // 16}, 1]
Buffers:
  - Name: Params
    Format: Hex32
    Data: [ {ROWS}, {COLS}, {DEPTH}, 0x{int(np.array([alpha]).view(np.uint32)[0]):08X} ]
  - Name: InputA
    Format: Float16
    Data: [ {hx(A)} ]
  - Name: InputB          # column-major: each of B's columns is contiguous
    Format: Float16
    Data: [ {hx(B.T)} ]
  - Name: Output
    Format: Float32
    FillSize: {ROWS * COLS * 4}
  - Name: Expected
    Format: Float32
    Data: [ {", ".join(repr(float(x)) for x in C.reshape(-1))} ]
Results:
  - Result: Product
    Rule: BufferFloatEpsilon
    Epsilon: 0.00001
    Actual: Output
    Expected: Expected
DescriptorSets:
  - Resources:
    - Name: Params
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: InputA
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
    - Name: InputB
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 2, Space: 0 }}
    - Name: Output
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
...""")
