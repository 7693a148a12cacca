// --target-device apple-metal: Metal's simdgroup matrices are 8x8, f16 x f16
// -> f16 and f32 x f32 -> f32, at subgroup (Wave) scope only.  The profile
// says nothing about matrix-vector products, so Thread scope is not checked.
// RUN: %hlslc -fsyntax-only -verify --target-device apple-metal %s
#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Raw;
RWByteAddressBuffer Out;

#define MAT(T, M, N, U, S) Matrix<MatrixComponentType::T, M, N, MatrixUse::U, MatrixScope::S>

[numthreads(32, 1, 1)]
void main() {
  MAT(F16, 8, 8, A, Wave) a = MAT(F16, 8, 8, A, Wave)::Load(Raw, 0, 16, MatrixLayout::RowMajor);
  MAT(F16, 8, 8, B, Wave) b = MAT(F16, 8, 8, B, Wave)::Load(Raw, 128, 16, MatrixLayout::RowMajor);
  MAT(F16, 8, 8, Accumulator, Wave) c = Multiply(a, b);
  // Every type exists, but Metal has no f16 x f16 -> f32.
  MAT(F32, 8, 8, Accumulator, Wave) c32 = Multiply<MatrixComponentType::F32>(a, b); // expected-warning {{multiply M=8 N=8 K=8 f16 x f16 -> f32 at subgroup scope is not supported by device 'apple-metal'; nearest supported: M=8 N=8 K=8 f16 x f16 -> f16 (subgroup); M=8 N=8 K=8 f32 x f32 -> f32 (subgroup)}}

  // 16x16 is not a Metal size; one warning per type, none for the multiply.
  MAT(F16, 16, 16, A, Wave) a16 = MAT(F16, 16, 16, A, Wave)::Load(Raw, 0, 32, MatrixLayout::RowMajor); // expected-warning {{'Matrix<F16, 16, 16, A, Wave>' is not supported by device 'apple-metal': no configuration has an A matrix M=16 K=16 f16 at subgroup scope; nearest supported: M=8 K=8 f16 (subgroup)}}
  MAT(F16, 16, 16, B, Wave) b16 = MAT(F16, 16, 16, B, Wave)::Load(Raw, 0, 32, MatrixLayout::RowMajor); // expected-warning {{'Matrix<F16, 16, 16, B, Wave>' is not supported}}
  MAT(F16, 16, 16, Accumulator, Wave) c16 = Multiply(a16, b16); // expected-warning {{'Matrix<F16, 16, 16, Accumulator, Wave>' is not supported by device 'apple-metal': no configuration has an accumulator M=16 N=16 f16 at subgroup scope}}

  // No workgroup-scope matrices at all.
  MAT(F32, 8, 8, A, ThreadGroup) tg = MAT(F32, 8, 8, A, ThreadGroup)::Load(Raw, 0, 32, MatrixLayout::RowMajor); // expected-warning {{no configuration has an A matrix M=8 K=8 f32 at workgroup scope; nearest supported: M=8 K=8 f32 (subgroup)}}

  // Not checked: Thread scope.
  MAT(F32, 4, 4, B, Thread) w = MAT(F32, 4, 4, B, Thread)::Load(Raw, 0, 0, MatrixLayout::MulOptimal);
  vector<float, 4> r = Multiply<float>(Raw.Load<float4>(0), w);

  c.Store(Out, 0, 16, MatrixLayout::RowMajor);
  Out.Store(0, r);
}
