// `sizeof` of an element or a field (`#define arraysize(a) (sizeof(a) /
// sizeof(a[0]))`, as WickedEngine and many C-style headers count arrays):
// a constant in static initializers, loop bounds and expressions, for
// globals, locals and struct members alike.
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s

#define arraysize(a) (sizeof(a) / sizeof(a[0]))

static const float2 VogelPoints[] = { float2(1, 0), float2(0, 1), float2(-1, 0) };
static const uint SampleCount = arraysize(VogelPoints);

struct Frustum {
  float4 planes[6];
  float3 corners[8];
};

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Frustum f;
  float weights[5] = { 1, 2, 3, 4, 5 };
  // CHECK: call void @"dx.op.rawBufferStore.i32"({{.*}}, i32 0, i32 0, i32 3,
  Out[0] = SampleCount;
  // CHECK: call void @"dx.op.rawBufferStore.i32"({{.*}}, i32 1, i32 0, i32 6,
  Out[1] = arraysize(f.planes);
  // CHECK: call void @"dx.op.rawBufferStore.i32"({{.*}}, i32 2, i32 0, i32 5,
  Out[2] = arraysize(weights);
  // CHECK: call void @"dx.op.rawBufferStore.i32"({{.*}}, i32 3, i32 0, i32 12,
  Out[3] = sizeof(f.corners[1]);
  // CHECK: icmp ult i32 {{%"\.[0-9]+"}}, 3
  for (int k = 0; k < arraysize(VogelPoints); ++k)
    Out[4 + k] = k;
}
