"""Writes samples/mlp_layer_thread.yaml: the pipeline that runs the MLP
training-step sample with `hlslc run` on distinct inputs, its expected
outputs and weight gradients made by numpy
(python samples/gen_mlp_layer_thread.py > samples/mlp_layer_thread.yaml).

W1 is read in MulOptimal layout and the gradients are accumulated in
OuterProductOptimal layout, orders the specification leaves to the device:
the file gives every matrix row-major and names the opaque ones under the
buffer's `MatrixLayouts` (hlslc's pipeline extension), so the runner puts
them in the device's order before the dispatch and back after it, as an
application would with the driver's conversion call."""
import numpy as np

IN, HID, OUT, SAMPLES = 16, 32, 8, 100
rng = np.random.default_rng(7)


def distinct(n, scale, shift):
    return (rng.permutation(n) / n * scale - shift)


W1 = distinct(IN * HID, 1.0, 0.45).astype(np.float16).reshape(IN, HID)
b1 = distinct(HID, 0.5, 0.2).astype(np.float32)
W2 = distinct(HID * OUT, 0.8, 0.4).astype(np.float16).reshape(HID, OUT)
b2 = distinct(OUT, 0.3, 0.1).astype(np.float32)
X = distinct(SAMPLES * IN, 2.0, 1.0).astype(np.float32).reshape(SAMPLES, IN)
T = distinct(SAMPLES * OUT, 1.0, 0.5).astype(np.float32).reshape(SAMPLES, OUT)

f32 = np.float32
pre = (X.astype(np.float64) @ W1.astype(np.float64) + b1).astype(f32)
h = np.maximum(pre, f32(0))
y = (h.astype(np.float64) @ W2.astype(np.float64) + b2).astype(f32)
dy = (y - T).astype(f32)
loss = (f32(0.5) * np.einsum("si,si->s", dy, dy)).astype(f32)
dh = ((dy.astype(np.float64) @ W2.astype(np.float64).T).astype(f32) * (pre > 0)).astype(f32)
dW2 = np.einsum("sh,so->ho", h.astype(np.float64), dy.astype(np.float64)).astype(f32)
dW1 = np.einsum("si,sh->ih", X.astype(np.float64), dh.astype(np.float64)).astype(f32)

weights = np.zeros(4640, dtype=np.uint8)
weights[0:1024] = W1.view(np.uint8).reshape(-1)
weights[2048:2048 + 128] = b1.view(np.uint8)
weights[4096:4096 + 512] = W2.view(np.uint8).reshape(-1)
weights[4608:4608 + 32] = b2.view(np.uint8)
samples = np.concatenate([X, T], axis=1).reshape(-1)
outputs = np.concatenate([y, loss[:, None]], axis=1).reshape(-1)
grad = np.zeros(1280, dtype=np.float32)
grad[0:512] = dW1.reshape(-1)
grad[1024:1024 + 256] = dW2.reshape(-1)


def hex32(a):
    return ", ".join(f"0x{int(x):08X}" for x in np.ascontiguousarray(a).view(np.uint32))


def floats(a):
    return ", ".join(repr(float(x)) for x in a)


print(f"""---
# The MLP training-step sample (samples/mlp_layer_thread.hlsl) on {SAMPLES}
# samples with distinct values: two groups of 64 threads, the last 28 of
# which return at once.  Made by samples/gen_mlp_layer_thread.py.
Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [2, 1, 1]
Buffers:
  - Name: Weights         # W1 (fp16, MulOptimal) @0, b1 @2048, W2 (fp16) @4096, b2 @4608
    Format: Hex32
    Data: [ {hex32(weights)} ]
    MatrixLayouts:
      - {{ Offset: 0, Rows: {IN}, Columns: {HID}, Component: F16, Layout: MulOptimal }}
  - Name: Samples         # per sample: x (16 floats) then t (8 floats)
    Format: Float32
    Data: [ {floats(samples)} ]
  - Name: Outputs         # per sample: y (8 floats) then the loss
    Format: Float32
    FillSize: {outputs.nbytes}
  - Name: GradBuffer      # dW1 (16 x 32) @0, dW2 (32 x 8) @4096, OuterProductOptimal
    Format: Float32
    FillSize: {grad.nbytes}
    MatrixLayouts:
      - {{ Offset: 0, Rows: {IN}, Columns: {HID}, Component: F32, Layout: OuterProductOptimal }}
      - {{ Offset: 4096, Rows: {HID}, Columns: {OUT}, Component: F32, Layout: OuterProductOptimal }}
  - Name: ExpectedOutputs
    Format: Float32
    Data: [ {floats(outputs)} ]
  - Name: ExpectedGrad
    Format: Float32
    Data: [ {floats(grad)} ]
Results:
  - Result: Forward
    Rule: BufferFloatEpsilon
    Epsilon: 0.0001
    Actual: Outputs
    Expected: ExpectedOutputs
  - Result: Gradients
    Rule: BufferFloatEpsilon
    Epsilon: 0.001
    Actual: GradBuffer
    Expected: ExpectedGrad
DescriptorSets:
  - Resources:
    - Name: Weights
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: Samples
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
    - Name: Outputs
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: GradBuffer
      Kind: RWByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
...""")
