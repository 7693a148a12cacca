// --list-devices: one line per built-in profile, then exit.
// RUN: %hlslc --list-devices | FileCheck %s
// CHECK: {{^}}nvidia-h100      NVIDIA H100 80GB HBM3, Vulkan 1.4.312: subgroup MxNxK 16x16x32, 16x16x16, 16x8x32, 16x8x16, 16x8x8 (f16, bf16, s8, u8 inputs); subgroup sizes in multiples of 16x16x16, 16x16x32 {{.*}}; workgroup sizes in multiples of {{.*}}; matrix-vector: 16 type combinations{{$}}
// CHECK-NEXT: {{^}}apple-metal      Apple GPUs (Apple7 and later), Metal simdgroup matrices: subgroup MxNxK 8x8x8 (f16, f32 inputs){{$}}
// CHECK-NEXT: {{^}}webgpu-baseline  WebGPU subgroup-matrix on any adapter {{.*}}: subgroup any size (f16, f32, s8, s32, u8, u32 inputs){{$}}
// CHECK-EMPTY:
