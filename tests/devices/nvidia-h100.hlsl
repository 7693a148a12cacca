// --target-device nvidia-h100: the H100's Vulkan configurations (16x16x16,
// 16x8x16, 16x8x8 for f16; 16x16x32, 16x8x32 for s8/u8; 16x16x16 bf16; any
// multiple of 16x16x16 (f16) or 16x16x32 (8-bit) through
// VK_NV_cooperative_matrix2, at subgroup scope and, with a fixed number of
// threads, at workgroup scope; cooperative vectors for Thread scope).
// RUN: %hlslc -fsyntax-only -verify --target-device nvidia-h100 %s
// RUN: %hlslc -o %t.ll -verify --target-device=nvidia-h100 %s
#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Raw;
RWByteAddressBuffer Out;
groupshared half Tile[4096];

#define MAT(T, M, N, U, S) Matrix<MatrixComponentType::T, M, N, MatrixUse::U, MatrixScope::S>

[numthreads(128, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // f16 16x32 x 32x16 -> f32: a VK_NV_cooperative_matrix2 size, supported.
  MAT(F16, 16, 32, A, Wave) a = MAT(F16, 16, 32, A, Wave)::Load(Raw, 0, 64, MatrixLayout::RowMajor);
  MAT(F16, 32, 16, B, Wave) b = MAT(F16, 32, 16, B, Wave)::Load(Tile, 0, 16, MatrixLayout::RowMajor);
  MAT(F32, 16, 16, Accumulator, Wave) c = Multiply<MatrixComponentType::F32>(a, b);
  c.MultiplyAccumulate(a, b);

  // No f32 inputs on this device.
  MAT(F32, 16, 16, A, Wave) a32 = MAT(F32, 16, 16, A, Wave)::Load(Raw, 0, 64, MatrixLayout::RowMajor); // expected-warning {{'Matrix<F32, 16, 16, A, Wave>' is not supported by device 'nvidia-h100': no configuration has an A matrix M=16 K=16 f32 at subgroup scope; nearest supported: M=16 K=16 f16 (subgroup); M=16 K=16 bf16 (subgroup)}}
  // Reported once, where the type is first used.
  MAT(F32, 16, 16, A, Wave) again = a32;

  // Each 8-bit type exists, but not s8 x u8.
  MAT(PackedS8x32, 16, 32, A, Wave) s8 = MAT(PackedS8x32, 16, 32, A, Wave)::Load(Raw, 0, 32, MatrixLayout::RowMajor);
  MAT(PackedU8x32, 32, 16, B, Wave) u8 = MAT(PackedU8x32, 32, 16, B, Wave)::Load(Raw, 0, 16, MatrixLayout::RowMajor);
  MAT(I32, 16, 16, Accumulator, Wave) acc = MAT(I32, 16, 16, Accumulator, Wave)::Splat(0);
  acc.MultiplyAccumulate(s8, u8); // expected-warning {{multiply M=16 N=16 K=32 s8 x u8 -> s32 at subgroup scope is not supported by device 'nvidia-h100'; nearest supported: M=16 N=16 K=32 s8 x s8 -> s32 (subgroup)}}

  // Workgroup scope: 128 threads need M in multiples of 32.
  MAT(F16, 48, 48, A, ThreadGroup) tg = MAT(F16, 48, 48, A, ThreadGroup)::Load(Raw, 0, 96, MatrixLayout::RowMajor); // expected-warning {{'Matrix<F16, 48, 48, A, ThreadGroup>' is not supported by device 'nvidia-h100': no configuration has an A matrix M=48 K=48 f16 at workgroup scope; nearest supported: M multiple of 32, K multiple of 16 f16 (workgroup, 128 threads)}}
  MAT(F16, 64, 32, A, ThreadGroup) tg2 = MAT(F16, 64, 32, A, ThreadGroup)::Load(Raw, 0, 64, MatrixLayout::RowMajor);

  // Thread scope: cooperative vectors.  half x f16 -> half is there, float
  // input on an f16 matrix is not.
  MAT(F16, 64, 32, B, Thread) w = MAT(F16, 64, 32, B, Thread)::Load(Raw, 0, 0, MatrixLayout::MulOptimal);
  vector<half, 32> h = Multiply<half>(Raw.Load< vector<half, 64> >(0), w);
  vector<float, 32> f = Multiply<float>(Raw.Load< vector<float, 64> >(0), w); // expected-warning {{matrix-vector multiply with 'Matrix<F16, 64, 32, B, Thread>' (f32 input read as f16, f16 matrix, f32 result) is not supported by device 'nvidia-h100'; nearest supported: f16 input read as f16, f16 matrix, f16 result}}
  vector<half, 32> hb = MultiplyAdd<half>(Raw.Load< vector<half, 64> >(0), w, Raw.Load< vector<half, 32> >(0));

  c.Store(Out, 0, 64, MatrixLayout::RowMajor);
  Out.Store(0, h[0] + f[0] + hb[1]);
}
