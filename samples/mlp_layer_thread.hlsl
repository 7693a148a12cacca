// mlp_layer_thread.hlsl -- one training step of a tiny two-layer MLP, one
// sample per thread, with Thread-scope dx::linalg matrices (the
// cooperative-vector style of SM 6.10).
//
// Forward:   h = relu(W1 * x + b1)          x: 16 features, h: 32 hidden units
//            y = W2 * h + b2                 y: 8 outputs
// Loss:      L = 0.5 * |y - t|^2             t: the sample's target
// Backward:  dy = y - t
//            dh = (W2^T * dy) * relu'(W1 * x + b1)
//            dW2 += outer(h, dy),  dW1 += outer(x, dh)
// Writes y and the per-sample loss, and accumulates the weight gradients of
// all samples into GradBuffer (in the device's outer-product-optimal layout,
// to be read by an optimiser pass that uses the same layout).
//
// Weights are fp16; W1 is stored in the device's multiply-optimal layout,
// W2 row-major so that the backward pass can read its transpose by loading
// the same bytes column-major.
//
// Compile:  hlslc -T cs_6_10 samples/mlp_layer_thread.hlsl -o mlp_layer_thread.ll

#include <dx/linalg.h>

#define IN_FEATURES 16
#define HIDDEN 32
#define OUTPUTS 8

using namespace dx::linalg;

// Vectors here multiply from the left (x^T * W), so a layer mapping n inputs
// to m outputs is an n x m B matrix.
using Layer1 = Matrix<MatrixComponentType::F16, IN_FEATURES, HIDDEN,
                      MatrixUse::B, MatrixScope::Thread>;
using Layer2 = Matrix<MatrixComponentType::F16, HIDDEN, OUTPUTS, MatrixUse::B,
                      MatrixScope::Thread>;
// W2 seen transposed, for back-propagating dy to the hidden layer.
using Layer2T = Matrix<MatrixComponentType::F16, OUTPUTS, HIDDEN,
                       MatrixUse::B, MatrixScope::Thread>;
using Grad1 = Matrix<MatrixComponentType::F32, IN_FEATURES, HIDDEN,
                     MatrixUse::Accumulator, MatrixScope::Thread>;
using Grad2 = Matrix<MatrixComponentType::F32, HIDDEN, OUTPUTS,
                     MatrixUse::Accumulator, MatrixScope::Thread>;

typedef vector<float, IN_FEATURES> InputVec;
typedef vector<float, HIDDEN> HiddenVec;
typedef vector<float, OUTPUTS> OutputVec;

// Where one layer's parameters live, in bytes.
struct LayerBinding {
    uint weightOffset;
    uint biasOffset;
    uint gradOffset;
};

static const LayerBinding Layers[2] = {
    { 0,    2048, 0 },      // W1: 16 x 32 halves = 1024 bytes (padded)
    { 4096, 4608, 4096 },   // W2: 32 x 8 halves = 512 bytes
};

ByteAddressBuffer Weights : register(t0);
ByteAddressBuffer Samples : register(t1);     // per sample: x then t, fp32
RWByteAddressBuffer Outputs : register(u0);   // per sample: y then loss, fp32
RWByteAddressBuffer GradBuffer : register(u1);

static const uint SampleStride = (IN_FEATURES + OUTPUTS) * 4;
static const uint OutputStride = (OUTPUTS + 1) * 4;

// Read a vector of consecutive fp32 values; one loader per vector length.
void LoadFloats16(ByteAddressBuffer buf, uint offset, out InputVec v)
{
    for (uint i = 0; i < IN_FEATURES; ++i)
        v[i] = asfloat(buf.Load(offset + i * 4));
}

void LoadFloats8(ByteAddressBuffer buf, uint offset, out OutputVec v)
{
    for (uint i = 0; i < OUTPUTS; ++i)
        v[i] = asfloat(buf.Load(offset + i * 4));
}

void LoadFloats32(ByteAddressBuffer buf, uint offset, out HiddenVec v)
{
    for (uint i = 0; i < HIDDEN; ++i)
        v[i] = asfloat(buf.Load(offset + i * 4));
}

// Fills `preact` with W1 * x + b1 and `act` with its ReLU.
void ForwardHidden(in InputVec x, out HiddenVec preact, out HiddenVec act)
{
    // Opaque layouts take a stride of 0.
    Layer1 w1 = Layer1::Load(Weights, Layers[0].weightOffset, 0,
                             MatrixLayout::MulOptimal);
    HiddenVec b1;
    LoadFloats32(Weights, Layers[0].biasOffset, b1);
    preact = MultiplyAdd<float>(x, w1, b1);
    act = max(preact, 0.0f);
}

OutputVec ForwardOutput(HiddenVec h)
{
    Layer2 w2 = Layer2::Load(Weights, Layers[1].weightOffset, OUTPUTS * 2,
                             MatrixLayout::RowMajor);
    OutputVec b2;
    LoadFloats8(Weights, Layers[1].biasOffset, b2);
    return MultiplyAdd<float>(h, w2, b2);
}

// Gradient of the loss with respect to the hidden pre-activation.
HiddenVec BackpropHidden(OutputVec dy, HiddenVec preact)
{
    // Row-major HIDDEN x OUTPUTS bytes read column-major are its transpose.
    Layer2T w2t = Layer2T::Load(Weights, Layers[1].weightOffset, OUTPUTS * 2,
                                MatrixLayout::ColMajor);
    HiddenVec dh = Multiply<float>(dy, w2t);
    // relu'(z) is 1 where z > 0.
    return dh * (HiddenVec)(preact > 0.0f);
}

// Half the squared error; also returns the error vector through `dy`.
float SquaredErrorLoss(OutputVec y, OutputVec target, out OutputVec dy)
{
    dy = y - target;
    return 0.5f * dot(dy, dy);
}

void StoreResult(uint sample, OutputVec y, float loss)
{
    uint base = sample * OutputStride;
    [unroll]
    for (uint i = 0; i < OUTPUTS; ++i)
        Outputs.Store(base + i * 4, asuint(y[i]));
    Outputs.Store(base + OUTPUTS * 4, asuint(loss));
}

[numthreads(64, 1, 1)]
void main(uint3 dispatchId : SV_DispatchThreadID)
{
    const uint sample = dispatchId.x;
    uint sampleCount;
    Samples.GetDimensions(sampleCount);
    sampleCount /= SampleStride;
    // Thread-scope matrices are per thread, so this divergent exit is fine.
    if (sample >= sampleCount)
        return;

    InputVec x;
    OutputVec target;
    LoadFloats16(Samples, sample * SampleStride, x);
    LoadFloats8(Samples, sample * SampleStride + IN_FEATURES * 4, target);

    HiddenVec preact, h;
    ForwardHidden(x, preact, h);
    OutputVec y = ForwardOutput(h);

    OutputVec dy;
    float loss = SquaredErrorLoss(y, target, dy);
    StoreResult(sample, y, loss);

    HiddenVec dh = BackpropHidden(dy, preact);

    // The only way a Thread-scope matrix reaches memory: atomically added
    // into the gradient buffer in the outer-product-optimal layout.
    Grad2 g2 = OuterProduct<MatrixComponentType::F32, MatrixScope::Thread>(h, dy);
    g2.Accumulate(GradBuffer, Layers[1].gradOffset, 0,
                  MatrixLayout::OuterProductOptimal);
    Grad1 g1 = OuterProduct<MatrixComponentType::F32, MatrixScope::Thread>(x, dh);
    g1.Accumulate(GradBuffer, Layers[0].gradOffset, 0,
                  MatrixLayout::OuterProductOptimal);
}
