// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Typed buffers and textures are images: sampled (Sampled 1, OpImageFetch)
// for SRVs, storage (Sampled 2, OpImageRead/OpImageWrite) with a format
// from the element type for UAVs; samplers are OpTypeSampler.

// CHECK-DAG: OpCapability SampledBuffer
// CHECK-DAG: OpCapability ImageBuffer
// CHECK-DAG: OpCapability ImageQuery
// CHECK-DAG: {{%[a-zA-Z_0-9]+}} = OpTypeImage %float Buffer 0 0 0 1 Unknown
// CHECK-DAG: {{%[a-zA-Z_0-9]+}} = OpTypeImage %uint Buffer 0 0 0 2 R32ui
// CHECK-DAG: {{%[a-zA-Z_0-9]+}} = OpTypeImage %float 2D 0 0 0 1 Unknown
// CHECK-DAG: {{%[a-zA-Z_0-9]+}} = OpTypeImage %float 2D 0 0 0 2 Rgba32f
// CHECK-DAG: %Samp = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
Buffer<float4> Values : register(t0);
RWBuffer<uint> Counts : register(u1);
Texture2D<float4> Image : register(t2);
RWTexture2D<float4> Target : register(u3);
SamplerState Samp : register(s4);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    // CHECK: OpImageFetch %v4float {{%[0-9]+}} {{%[0-9]+}}
    float4 v = Values[id.x];
    // A texel of mip 1, offset by (1, -1).
    // CHECK: OpImageFetch %v4float {{%[0-9]+}} {{%[0-9]+}} Lod|ConstOffset {{%[0-9]+}} %v2int_const
    float4 t = Image.Load(int3(id.xy, 1), int2(1, -1));
    // CHECK: OpSampledImage
    // CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Lod %float_0
    float4 s = Image.SampleLevel(Samp, float2(id.xy) / 64.0, 0);
    uint width, height, levels;
    // CHECK: OpImageQuerySizeLod %v2uint
    // CHECK: OpImageQueryLevels %uint
    Image.GetDimensions(0, width, height, levels);
    // CHECK: OpImageRead %v4float
    float4 old = Target[id.xy];
    // CHECK: OpImageWrite
    Target[id.xy] = old + v + t + s + (float)(width * height + levels);
    // Atomics on an R32ui image go through a texel pointer.
    // CHECK: [[P:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint %Counts {{%[0-9]+}} %uint_0
    // CHECK: OpAtomicIAdd %uint [[P]] %uint_1 %uint_0 %uint_1
    InterlockedAdd(Counts[id.x % 16], 1);
}
