// --target-device FILE.json: profiles in the shapes devices report them.
//  - Vulkan: a list of VkCooperativeMatrixPropertiesKHR objects, types and
//    scopes by Vulkan name, short name or enum value.  A saturating
//    configuration does not serve dx::linalg's (non-saturating) multiplies.
//  - WebGPU: a list of GPUSubgroupMatrixConfig objects, or an object with
//    subgroupMatrixConfigs (and a name for messages).
//  - a device dump (the project's device data shape), here with cooperative
//    vectors, so Thread-scope matrix-vector products are checked.
// RUN: %hlslc -fsyntax-only -verify=vk --target-device %S/Inputs/vulkan-properties.json %s
// RUN: %hlslc -fsyntax-only -verify=wgpu --target-device %S/Inputs/webgpu-configs.json %s
// RUN: %hlslc -fsyntax-only -verify=adapter --target-device=%S/Inputs/webgpu-adapter.json %s
// RUN: %hlslc -fsyntax-only -verify=dump --target-device %S/Inputs/device-dump.json %s
#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Raw;
RWByteAddressBuffer Out;

#define MAT(T, M, N, U, S) Matrix<MatrixComponentType::T, M, N, MatrixUse::U, MatrixScope::S>

[numthreads(64, 1, 1)]
void main() {
  // adapter-warning@+1 {{'Matrix<F16, 16, 16, A, Wave>' is not supported by device 'my-adapter'}}
  MAT(F16, 16, 16, A, Wave) a = MAT(F16, 16, 16, A, Wave)::Load(Raw, 0, 32, MatrixLayout::RowMajor);
  MAT(F16, 16, 16, B, Wave) b = MAT(F16, 16, 16, B, Wave)::Load(Raw, 512, 32, MatrixLayout::RowMajor); // adapter-warning {{'Matrix<F16, 16, 16, B, Wave>' is not supported}}
  // adapter-warning@+2 {{nearest supported: M=8 N=8 f32 (subgroup)}}
  // dump-warning@+1 {{no configuration has an accumulator M=16 N=16 f32 at subgroup scope; nearest supported: M=16 N=16 f16 (subgroup)}}
  MAT(F32, 16, 16, Accumulator, Wave) c = Multiply<MatrixComponentType::F32>(a, b);

  MAT(PackedU8x32, 16, 32, A, Wave) u = MAT(PackedU8x32, 16, 32, A, Wave)::Load(Raw, 0, 32, MatrixLayout::RowMajor); // adapter-warning {{not supported}} dump-warning {{not supported}} wgpu-warning {{'Matrix<PackedU8x32, 16, 32, A, Wave>' is not supported}}
  MAT(PackedU8x32, 32, 16, B, Wave) v = MAT(PackedU8x32, 32, 16, B, Wave)::Load(Raw, 0, 16, MatrixLayout::RowMajor); // adapter-warning {{not supported}} dump-warning {{not supported}} wgpu-warning {{not supported}}
  MAT(U32, 16, 16, Accumulator, Wave) w = Multiply<MatrixComponentType::U32>(u, v); // vk-warning {{multiply M=16 N=16 K=32 u8 x u8 -> u32 at subgroup scope is not supported by device 'vulkan-properties'}} adapter-warning {{not supported}} dump-warning {{not supported}} wgpu-warning {{not supported}}

  // Enum value 0 is VK_COMPONENT_TYPE_FLOAT16_KHR: the 32x32x16 workgroup configuration.
  MAT(F16, 32, 16, A, ThreadGroup) ta = MAT(F16, 32, 16, A, ThreadGroup)::Load(Raw, 0, 32, MatrixLayout::RowMajor); // adapter-warning {{not supported}} dump-warning {{not supported}} wgpu-warning {{not supported}}

  // Matrix-vector: only the dump lists cooperative vectors (f32 only).
  MAT(F16, 16, 16, B, Thread) m = MAT(F16, 16, 16, B, Thread)::Load(Raw, 0, 0, MatrixLayout::MulOptimal);
  vector<half, 16> r = Multiply<half>(Raw.Load< vector<half, 16> >(0), m); // dump-warning {{matrix-vector multiply with 'Matrix<F16, 16, 16, B, Thread>' (f16 input read as f16, f16 matrix, f16 result) is not supported by device 'device-dump'; nearest supported: f32 input read as f32, f32 matrix, f32 result}}

  c.Store(Out, 0, 64, MatrixLayout::RowMajor);
  w.Store(Out, 1024, 64, MatrixLayout::RowMajor);
  Out.Store(0, r[0]);
}
