// --target-device webgpu-baseline: what WebGPU's subgroup-matrix proposal
// fixes for every adapter (wgsl-subgroup-matrix.md, "Properties"): subgroup
// scope, component types f32, f16, i32, u32, i8, u8 (the 8-bit ones are
// HLSL's packed types), A and B of one type, C and the result of one type.
// Sizes are the adapter's own list (not checked here: any size passes).
// RUN: %hlslc -fsyntax-only -verify --target-device webgpu-baseline %s
#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Raw;
RWByteAddressBuffer Out;

#define MAT(T, M, N, U, S) Matrix<MatrixComponentType::T, M, N, MatrixUse::U, MatrixScope::S>

[numthreads(64, 1, 1)]
void main() {
  // Any size, f16 x f16 -> f32: fine.
  MAT(F16, 32, 64, A, Wave) a = MAT(F16, 32, 64, A, Wave)::Load(Raw, 0, 128, MatrixLayout::RowMajor);
  MAT(F16, 64, 16, B, Wave) b = MAT(F16, 64, 16, B, Wave)::Load(Raw, 0, 32, MatrixLayout::RowMajor);
  MAT(F32, 32, 16, Accumulator, Wave) c = Multiply<MatrixComponentType::F32>(a, b);

  // A and B of different types: no WebGPU configuration has that.
  MAT(F32, 64, 16, B, Wave) b32 = MAT(F32, 64, 16, B, Wave)::Load(Raw, 0, 64, MatrixLayout::RowMajor);
  c.MultiplyAccumulate(a, b32); // expected-warning {{multiply M=32 N=16 K=64 f16 x f32 -> f32 at subgroup scope is not supported by device 'webgpu-baseline'; nearest supported: any M, N, K f32 x f32 -> f32 (subgroup); any M, N, K f16 x f16 -> f32 (subgroup)}}

  // No 64-bit or 16-bit integer types, no workgroup scope.
  MAT(F64, 16, 16, Accumulator, Wave) c64 = MAT(F64, 16, 16, Accumulator, Wave)::Splat(0); // expected-warning {{'Matrix<F64, 16, 16, Accumulator, Wave>' is not supported by device 'webgpu-baseline': no configuration has an accumulator M=16 N=16 f64 at subgroup scope}}
  MAT(I16, 16, 16, A, Wave) i16 = MAT(I16, 16, 16, A, Wave)::Load(Raw, 0, 32, MatrixLayout::RowMajor); // expected-warning {{'Matrix<I16, 16, 16, A, Wave>' is not supported}}
  MAT(F16, 16, 16, A, ThreadGroup) tg = MAT(F16, 16, 16, A, ThreadGroup)::Load(Raw, 0, 32, MatrixLayout::RowMajor); // expected-warning {{at workgroup scope; nearest supported: any M, K f16 (subgroup)}}

  // 8-bit: PackedS8x32 is WGSL's i8, accumulated into i32.
  MAT(PackedS8x32, 16, 64, A, Wave) s8 = MAT(PackedS8x32, 16, 64, A, Wave)::Load(Raw, 0, 64, MatrixLayout::RowMajor);
  MAT(PackedS8x32, 64, 16, B, Wave) t8 = MAT(PackedS8x32, 64, 16, B, Wave)::Load(Raw, 0, 16, MatrixLayout::RowMajor);
  MAT(I32, 16, 16, Accumulator, Wave) acc = Multiply<MatrixComponentType::I32>(s8, t8);

  c.Store(Out, 0, 64, MatrixLayout::RowMajor);
  acc.Store(Out, 4096, 64, MatrixLayout::RowMajor);
}
