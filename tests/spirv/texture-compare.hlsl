// RUN: %hlslc -spirv -S -T cs_6_8 %s | FileCheck %s
// RUN: %hlslc -spirv -T cs_6_8 %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -spirv -T cs_6_8 -DGREEN -verify=green %s
// RUN: %hlslc -spirv -S -T cs_6_8 -DCMP %s | FileCheck %s --check-prefix=CMP
// RUN: %hlslc -spirv -T cs_6_8 -DCMP %s -o %t.cmp.spv && %spirv-val --target-env vulkan1.3 %t.cmp.spv
// Comparison sampling: SampleCmpLevelZero, SampleCmpLevel and SampleCmpGrad
// are OpImageSampleDrefExplicitLod (Lod 0, Lod, Grad; a clamp is MinLod),
// GatherCmp is OpImageDrefGather; constant offsets are ConstOffset.  The
// comparison sampler is an OpTypeSampler like any other, combined with a
// float texture by OpSampledImage.  OpImageDrefGather compares the first
// component only, so GatherCmpGreen (Blue, Alpha) is an error, and SampleCmp
// needs implicit derivatives, which the backend's compute shaders have not
// (spirv.ops.UNSUPPORTED says why).

// CHECK-DAG: OpCapability MinLod
// CHECK-DAG: %type_2D_image = OpTypeImage %float 2D 0 0 0 1 Unknown
// CHECK-DAG: %type_Cube_image = OpTypeImage %float Cube 0 0 0 1 Unknown
// CHECK-DAG: {{%[a-zA-Z_0-9]+}} = OpTypeImage %float 2D 0 1 0 1 Unknown
// CHECK-DAG: %type_sampled_image = OpTypeSampledImage %type_2D_image
// CHECK-DAG: %Less = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
// CHECK-DAG: %Point = OpVariable %_ptr_UniformConstant_type_sampler UniformConstant
Texture2D<float4> Color : register(t0);
Texture2D<float> Depth : register(t1);
TextureCube<float> Cube : register(t2);
Texture2DArray<float> Layers : register(t3);
SamplerComparisonState Less : register(s4);
SamplerState Point : register(s5);
RWBuffer<float4> Out : register(u6);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    float2 uv = float2(id.xy) / 4.0;
    // The level-0 comparison, without and with an offset.
    // CHECK: [[IMAGE:%[0-9]+]] = OpLoad %type_2D_image %Color
    // CHECK: [[SAMPLER:%[0-9]+]] = OpLoad %type_sampler %Less
    // CHECK: [[COMBINED:%[0-9]+]] = OpSampledImage %type_sampled_image [[IMAGE]] [[SAMPLER]]
    // CHECK: OpImageSampleDrefExplicitLod %float [[COMBINED]] {{%[0-9]+}} %float_0_5 Lod %float_0{{$}}
    Out[0] = Color.SampleCmpLevelZero(Less, uv, 0.5);
    // CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} %float_0_5 Lod|ConstOffset %float_0 [[OFFSET:%v2int_const[_0-9]*]]{{$}}
    Out[1] = Depth.SampleCmpLevelZero(Less, uv, 0.5, int2(1, 0));
    // An explicit level, without and with an offset.
    // CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} %float_0_5 Lod %float_2{{$}}
    Out[2] = Depth.SampleCmpLevel(Less, uv, 0.5, 2.0);
    // CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} %float_0_5 Lod|ConstOffset %float_1 {{%v2int_const[_0-9]*}}{{$}}
    Out[3] = Depth.SampleCmpLevel(Less, uv, 0.5, 1.0, int2(-1, 1));
    // Gradients, without and with an offset, and with a clamp.
    // CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} %float_0_5 Grad {{%[0-9]+}} {{%[0-9]+}}{{$}}
    Out[4] = Depth.SampleCmpGrad(Less, uv, 0.5, float2(0.25, 0), float2(0, 0.25));
    // CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} %float_0_5 Grad|ConstOffset {{%[0-9]+}} {{%[0-9]+}} [[OFFSET]]{{$}}
    Out[5] = Depth.SampleCmpGrad(Less, uv, 0.5, float2(0.25, 0), float2(0, 0.25), int2(1, 0));
    // CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} %float_0_5 Grad|ConstOffset|MinLod {{%[0-9]+}} {{%[0-9]+}} [[OFFSET]] %float_1_5{{$}}
    Out[6] = Depth.SampleCmpGrad(Less, uv, 0.5, float2(0.25, 0), float2(0, 0.25), int2(1, 0), 1.5);
    // Gathers of the comparisons of a 2x2 footprint, without and with an offset.
    // CHECK: OpImageDrefGather %v4float {{%[0-9]+}} {{%[0-9]+}} %float_0_5{{$}}
    Out[7] = Depth.GatherCmp(Less, uv, 0.5);
    // CHECK: OpImageDrefGather %v4float {{%[0-9]+}} {{%[0-9]+}} %float_0_5 ConstOffset {{%v2int_const[_0-9]*}}{{$}}
    Out[8] = Color.GatherCmpRed(Less, uv, 0.5, int2(0, -1));
    // Cube maps (three coordinates, no offsets) and arrays (the layer follows
    // the coordinates; offsets and gradients have two).
    // CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} {{%[0-9]+}} %float_0_5 Lod %float_0{{$}}
    Out[9] = Cube.SampleCmpLevelZero(Less, float3(uv, 1), 0.5);
    // CHECK: OpImageDrefGather %v4float {{%[0-9]+}} {{%[0-9]+}} %float_0_5{{$}}
    Out[10] = Cube.GatherCmp(Less, float3(uv, 1), 0.5);
    // CHECK: [[COORDINATE:%[0-9]+]] = OpCompositeConstruct %v3float
    // CHECK: OpImageSampleDrefExplicitLod %float {{%[0-9]+}} [[COORDINATE]] %float_0_5 Grad|ConstOffset {{%[0-9]+}} {{%[0-9]+}} [[OFFSET]]{{$}}
    Out[11] = Layers.SampleCmpGrad(Less, float3(uv, 2), 0.5, float2(0.25, 0), float2(0, 0.25), int2(1, 0));
    // SampleGrad's clamp is MinLod too.
    // CHECK: OpImageSampleExplicitLod %v4float {{%[0-9]+}} {{%[0-9]+}} Grad|MinLod {{%[0-9]+}} {{%[0-9]+}} %float_1_5{{$}}
    Out[12] = Color.SampleGrad(Point, uv, float2(0.25, 0), float2(0, 0.25), int2(0, 0), 1.5);
#ifdef GREEN
    // green-error@+1 {{GatherCmpGreen has no SPIR-V mapping: Vulkan's OpImageDrefGather reads the depth (first) component only}}
    Out[13] = Color.GatherCmpGreen(Less, uv, 0.5);
#endif
#ifdef CMP
    // SampleCmp takes the implicit derivatives of a line of quads (4, 1, 1).
    // CMP: OpCapability ComputeDerivativeGroupLinearKHR
    // CMP: OpExtension "SPV_KHR_compute_shader_derivatives"
    // CMP: OpExecutionMode %main DerivativeGroupLinearKHR
    // CMP: OpImageSampleDrefImplicitLod %float {{%[0-9]+}} {{%[0-9]+}} %float_0_5 None
    Out[13] = Depth.SampleCmp(Less, uv, 0.5);
#endif
}
