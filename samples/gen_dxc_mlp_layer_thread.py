"""Writes samples/dxc_mlp_layer_thread.yaml: the pipeline that runs the MLP
layer written against DXC's dx::linalg (samples/dxc_mlp_layer_thread.hlsl)
with `hlslc run` on distinct inputs, its expected outputs made by numpy and
ml_dtypes (python samples/gen_dxc_mlp_layer_thread.py > samples/dxc_mlp_layer_thread.yaml).

What the shader computes, one rounding per operation (the specification's
conversion rules): y1 = W1 x + b1 exactly, rounded to fp32; h = relu(y1);
h8 = h rounded to F8_E4M3FN (nearest even; every value is inside the
format's range); y = W2 h8 + b2 exactly, rounded to fp32.  Sum adds the
samples' y in fp32 in thread order (the executor's order of the atomic
adds).  The comparisons allow what another order of the sums gives on a
GPU (y is up to about 500, the sum about 10^4); on the CPU the results are
exact.  W1 is read in the MulOptimal layout, whose
element order the specification leaves to the device: the file gives it
row-major and names it under the buffer's `MatrixLayouts`, so the runner
puts it into the device's order."""
import ml_dtypes
import numpy as np

IN, HID, OUT, SAMPLES = 16, 32, 8, 100
rng = np.random.default_rng(2410)


def distinct(n, scale, shift):
    return rng.permutation(n) / n * scale - shift


W1 = distinct(HID * IN, 1.0, 0.5).astype(np.float16).reshape(HID, IN)
b1 = distinct(HID, 0.5, 0.2).astype(np.float32)
# F8_E4M3FN has 254 finite values: W2 holds each of the 162 in [-8, 8] at
# least once (the other 94 elements repeat some of them).
codes = np.arange(256, dtype=np.uint8).view(ml_dtypes.float8_e4m3fn)
values = codes.astype(np.float32)
finite = codes[np.isfinite(values) & (np.abs(values) <= 8)]
W2 = rng.permutation(np.concatenate([finite, rng.choice(finite, OUT * HID - len(finite))])).reshape(OUT, HID)
b2 = distinct(OUT, 0.3, 0.1).astype(np.float32)
X = distinct(SAMPLES * IN, 4.0, 2.0).astype(np.float32).reshape(SAMPLES, IN)

y1 = (X.astype(np.float64) @ W1.astype(np.float64).T + b1).astype(np.float32)
h = np.maximum(y1, np.float32(0))
assert np.abs(h).max() < 448
h8 = h.astype(ml_dtypes.float8_e4m3fn)          # float32 -> E4M3FN: one rounding to nearest even
Y = (h8.astype(np.float64) @ W2.astype(np.float64).T + b2).astype(np.float32)
total = np.zeros(OUT, dtype=np.float32)
for row in Y:
    total = (total + row).astype(np.float32)

weights = np.zeros(1440, dtype=np.uint8)
weights[0:1024] = W1.view(np.uint8).reshape(-1)
weights[1024:1152] = b1.view(np.uint8)
weights[1152:1408] = W2.view(np.uint8).reshape(-1)
weights[1408:1440] = b2.view(np.uint8)


def hex32(a):
    return ", ".join(f"0x{int(x):08X}" for x in np.ascontiguousarray(a).view(np.uint32))


def floats(a):
    return ", ".join(repr(float(x)) for x in np.asarray(a).reshape(-1))


print(f"""---
# The MLP layer against DXC's dx::linalg (samples/dxc_mlp_layer_thread.hlsl) on
# {SAMPLES} samples with distinct values: two groups of 64 threads, the last
# 28 of which return at once.  Made by samples/gen_dxc_mlp_layer_thread.py.
Shaders:
  - Stage: Compute
    Entry: main
    CompileArguments: [ -T, cs_6_10, --linalg-revision=dxc ]
DispatchParameters:
  DispatchGroupCount: [2, 1, 1]
Buffers:
  - Name: Weights         # W1 (fp16, MulOptimal) @0, b1 @1024, W2 (F8_E4M3FN, row-major) @1152, b2 @1408
    Format: Hex32
    Data: [ {hex32(weights)} ]
    MatrixLayouts:
      - {{ Offset: 0, Rows: {HID}, Columns: {IN}, Component: F16, Layout: MulOptimal }}
  - Name: Inputs          # per sample: x (16 floats)
    Format: Float32
    Data: [ {floats(X)} ]
  - Name: Outputs         # per sample: y (8 floats)
    Format: Float32
    FillSize: {SAMPLES * OUT * 4}
  - Name: Sum             # the sum of y over the samples
    Format: Float32
    FillSize: {OUT * 4}
  - Name: ExpectedOutputs
    Format: Float32
    Data: [ {floats(Y)} ]
  - Name: ExpectedSum
    Format: Float32
    Data: [ {floats(total)} ]
Results:
  - Result: Forward
    Rule: BufferFloatEpsilon
    Epsilon: 0.01
    Actual: Outputs
    Expected: ExpectedOutputs
  - Result: BatchSum
    Rule: BufferFloatEpsilon
    Epsilon: 0.05
    Actual: Sum
    Expected: ExpectedSum
DescriptorSets:
  - Resources:
    - Name: Weights
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: Inputs
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
    - Name: Outputs
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: Sum
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
...""")
