"""Writes samples/dense_layer_structured.yaml: the pipeline that runs the
dense-layer sample with `hlslc run` on distinct inputs, its expected output
made by numpy
(python samples/gen_dense_layer_structured.py > samples/dense_layer_structured.yaml)."""
import numpy as np

BATCH, IN, OUT, SLOPE = 32, 64, 48, np.float32(0.125)
rng = np.random.default_rng(5)
X = (rng.permutation(BATCH * IN) % 127 / 64 - 0.9).astype(np.float16).reshape(BATCH, IN)
W = (rng.permutation(IN * OUT) % 131 / 64 - 1.0).astype(np.float16).reshape(IN, OUT)
B = (rng.permutation(OUT) / OUT - 0.5).astype(np.float32)
acc = (X.astype(np.float64) @ W.astype(np.float64)).astype(np.float32)
pre = (acc + B).astype(np.float32)
Y = np.where(pre >= 0, pre, pre * SLOPE).astype(np.float32)


def hx(a):
    return ", ".join(f"0x{int(x):04X}" for x in np.ascontiguousarray(a).reshape(-1).view(np.uint16))


def floats(a):
    return ", ".join(repr(float(x)) for x in a.reshape(-1))


print(f"""---
# The dense-layer sample (samples/dense_layer_structured.hlsl): a leaky-ReLU
# layer Y = act(X W + Bias) for a batch of {BATCH}, {IN} inputs and {OUT}
# outputs, fp16 X and W with distinct values, fp32 bias and result; one
# 16 x 16 tile of Y per group.  Made by samples/gen_dense_layer_structured.py.
Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [{OUT // 16}, {BATCH // 16}, 1]
Buffers:
  - Name: LayerParams     # Batch, InFeatures, OutFeatures, LeakySlope
    Format: Hex32
    Data: [ {BATCH}, {IN}, {OUT}, 0x{int(np.array([SLOPE]).view(np.uint32)[0]):08X} ]
  - Name: X
    Format: Float16
    Stride: 2
    Data: [ {hx(X)} ]
  - Name: W
    Format: Float16
    Stride: 2
    Data: [ {hx(W)} ]
  - Name: Bias
    Format: Float32
    Stride: 4
    Data: [ {floats(B)} ]
  - Name: Y
    Format: Float32
    Stride: 4
    FillSize: {BATCH * OUT * 4}
  - Name: Expected
    Format: Float32
    Stride: 4
    Data: [ {floats(Y)} ]
Results:
  - Result: Layer
    Rule: BufferFloatEpsilon
    Epsilon: 0.00001
    Actual: Y
    Expected: Expected
DescriptorSets:
  - Resources:
    - Name: LayerParams
      Kind: ConstantBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: X
      Kind: StructuredBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: W
      Kind: StructuredBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
    - Name: Bias
      Kind: StructuredBuffer
      DirectXBinding: {{ Register: 2, Space: 0 }}
    - Name: Y
      Kind: RWStructuredBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
...""")
