// dxc_mlp_layer_thread.hlsl -- an MLP layer written against DXC's
// dx::linalg (the amended proposal 0035 as DXC 1.10 ships it:
// --linalg-revision=dxc), one sample per thread with Thread-scope matrices:
//
//   h = relu(W1 x + b1)   x: 16 floats; W1: 32 x 16 fp16 in the device's
//                         MulOptimal layout; b1: 32 floats
//   y = W2 h8 + b2        h8: h converted to F8_E4M3FN (Convert, four to a
//                         word); W2: 8 x 32 F8_E4M3FN, row-major; b2: 8 floats
//   Sum += y              the batch's sum (InterlockedAccumulate)
//
// The MulOptimal element order is the device's: the pipeline gives W1
// row-major and names it under `MatrixLayouts`, so the runner puts it into
// the device's order first (and `hlslc run --seed` changes that order).
//
// Compile:  hlslc -T cs_6_10 --linalg-revision=dxc samples/dxc_mlp_layer_thread.hlsl -o dxc_mlp_layer_thread.ll
// Run:      hlslc run samples/dxc_mlp_layer_thread.hlsl --pipeline samples/dxc_mlp_layer_thread.yaml
// (the pipeline, with numpy's outputs, is made by samples/gen_dxc_mlp_layer_thread.py)

#include <dx/linalg.h>

using namespace dx::linalg;

#define IN_FEATURES 16
#define HIDDEN 32
#define OUTPUTS 8
#define SAMPLES 100

using Layer1 = Matrix<ComponentType::F16, HIDDEN, IN_FEATURES, MatrixUse::A, MatrixScope::Thread>;
using Layer2 = Matrix<ComponentType::F8_E4M3FN, OUTPUTS, HIDDEN, MatrixUse::A, MatrixScope::Thread>;

ByteAddressBuffer Weights : register(t0);     // W1 @0, b1 @1024, W2 @1152, b2 @1408
ByteAddressBuffer Inputs : register(t1);      // per sample: x (16 floats)
RWByteAddressBuffer Outputs : register(u0);   // per sample: y (8 floats)
RWByteAddressBuffer Sum : register(u1);       // the sum of y over the samples

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // Thread-scope matrices are per thread: this divergent exit is fine.
  if (id.x >= SAMPLES)
    return;
  vector<float, IN_FEATURES> x = Inputs.Load<vector<float, IN_FEATURES> >(id.x * IN_FEATURES * 4);

  Layer1 w1 = Layer1::Load<MatrixLayout::MulOptimal>(Weights, 0, 0);
  vector<float, HIDDEN> b1 = Weights.Load<vector<float, HIDDEN> >(1024);
  vector<float, HIDDEN> h = max(MultiplyAdd<float>(w1, x, b1), 0.0f);

  Layer2 w2 = Layer2::Load<MatrixLayout::RowMajor>(Weights, 1152, HIDDEN);
  vector<float, OUTPUTS> b2 = Weights.Load<vector<float, OUTPUTS> >(1408);
  vector<float, OUTPUTS> y =
      MultiplyAdd<float>(w2, Convert<ComponentType::F8_E4M3FN, ComponentType::F32>(h), b2);

  Outputs.Store<vector<float, OUTPUTS> >(id.x * OUTPUTS * 4, y);
  InterlockedAccumulate(Sum, 0, y);
}
