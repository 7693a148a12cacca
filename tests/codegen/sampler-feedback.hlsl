// Sampler feedback (SM 6.5): FeedbackTexture2D and FeedbackTexture2DArray
// of SAMPLER_FEEDBACK_MIN_MIP or SAMPLER_FEEDBACK_MIP_REGION_USED are UAVs
// (DXIL resource kinds 17 and 18, the feedback type in the record's tag 2 and
// in the second word of annotateHandle's properties). In compute the writes
// with explicit level of detail are allowed: WriteSamplerFeedbackLevel and
// WriteSamplerFeedbackGrad (dx.op 176 and 177), with the clamp undef when
// not given, as DXC writes them.
// RUN: %hlslc -T cs_6_6 %s | FileCheck %s
// CHECK: %"feedbackMinMip.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"feedbackMinMip", %"dx.types.ResourceProperties" {i32 4113, i32 0})
// CHECK: %"feedbackRegions.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"feedbackRegions", %"dx.types.ResourceProperties" {i32 4114, i32 1})
// CHECK: call void @"dx.op.writeSamplerFeedbackLevel"(i32 176, %"dx.types.Handle" %"feedbackMinMip.1", %"dx.types.Handle" %"texture2D.1", %"dx.types.Handle" %"samp.1", float {{.*}}, float {{.*}}, float undef, float undef, float 0x4018000000000000)
// CHECK: call void @"dx.op.writeSamplerFeedbackGrad"(i32 177, %"dx.types.Handle" %"feedbackMinMip.1", %"dx.types.Handle" %"texture2D.1", %"dx.types.Handle" %"samp.1", float {{.*}}, float {{.*}}, float undef, float undef, float {{.*}}, float {{.*}}, float undef, float {{.*}}, float {{.*}}, float undef, float 0x4010000000000000)
// CHECK: call void @"dx.op.writeSamplerFeedbackGrad"(i32 177, %"dx.types.Handle" %"feedbackRegions.1", %"dx.types.Handle" %"textureArray.1", %"dx.types.Handle" %"samp.1", float {{.*}}, float {{.*}}, float {{.*}}, float undef, {{.*}}, float undef)
// CHECK: declare void @"dx.op.writeSamplerFeedbackLevel"(
// CHECK-DAG: !{ i32 0, %"struct.FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP>"* undef, !"feedbackMinMip", i32 0, i32 0, i32 1, i32 17, i1 0, i1 0, i1 0, ![[MIN:[0-9]+]] }
// CHECK-DAG: ![[MIN]] = !{ i32 2, i32 0 }
// CHECK-DAG: !{ i32 1, %"struct.FeedbackTexture2DArray<SAMPLER_FEEDBACK_MIP_REGION_USED>"* undef, !"feedbackRegions", i32 0, i32 1, i32 1, i32 18, i1 0, i1 0, i1 0, ![[REGION:[0-9]+]] }
// CHECK-DAG: ![[REGION]] = !{ i32 2, i32 1 }
// RUN: %hlslc -T cs_6_5 %s | FileCheck %s --check-prefix=SM65
// SM65: call void @"dx.op.writeSamplerFeedbackLevel"(i32 176,
// RUN: %hlslc -T lib_6_6 -DLIBRARY %s | FileCheck %s --check-prefix=LIB
// LIB: call void @"dx.op.writeSamplerFeedbackBias"(i32 175, {{.*}}, float 0x402ffae140000000, float undef)
// LIB: call void @"dx.op.writeSamplerFeedback"(i32 174, {{.*}}, float 0x4010000000000000)
// RUN: %hlslc -T cs_6_6 -verify -DBAD -fsyntax-only %s
// RUN: not %hlslc -T cs_6_4 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=SM64
// SM64: error: intrinsic FeedbackTexture2D.WriteSamplerFeedbackLevel requires shader model 6.5 or greater; the target is 6.4
// RUN: not %hlslc -T cs_6_6 -spirv %s 2>&1 | FileCheck %s --check-prefix=SPIRV
// SPIRV: error: the operation WriteSamplerFeedbackLevel (dx.op.writeSamplerFeedbackLevel) has no SPIR-V mapping

FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP> feedbackMinMip;
FeedbackTexture2DArray<SAMPLER_FEEDBACK_MIP_REGION_USED> feedbackRegions;
Texture2D<float> texture2D;
Texture2DArray<float4> textureArray;
SamplerState samp;

#ifdef LIBRARY
export void writes(float2 uv) {
  // Implicit derivatives: libraries (and pixel shaders) only; a constant
  // bias is clamped to [-16, 15.99].
  feedbackMinMip.WriteSamplerFeedbackBias(texture2D, samp, uv, 27.0);
  feedbackMinMip.WriteSamplerFeedback(texture2D, samp, uv, 4.0);
}
#endif

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 uv = id.xy / 64.0;
  float2 ddx = float2(1.0 / 32, 2.0 / 32);
  float2 ddy = float2(3.0 / 32, 4.0 / 32);
  feedbackMinMip.WriteSamplerFeedbackLevel(texture2D, samp, uv, 6);
  feedbackMinMip.WriteSamplerFeedbackGrad(texture2D, samp, uv, ddx, ddy, 4);
  feedbackRegions.WriteSamplerFeedbackGrad(textureArray, samp, float3(uv, 1), ddx, ddy);
#ifdef BAD
  // expected-note@-8 2 {{entry function defined here}}
  feedbackMinMip.WriteSamplerFeedback(texture2D, samp, uv);  // expected-error {{'WriteSamplerFeedback' needs implicit derivatives: it is available in pixel shaders only; in a compute shader use WriteSamplerFeedbackLevel or WriteSamplerFeedbackGrad}}
  feedbackMinMip.WriteSamplerFeedbackBias(texture2D, samp, uv, 0.5);  // expected-error {{'WriteSamplerFeedbackBias' needs implicit derivatives}}
  feedbackMinMip.WriteSamplerFeedbackLevel(textureArray, samp, uv, 0);  // expected-error {{no matching member function for call to 'WriteSamplerFeedbackLevel'}} expected-note {{no known conversion from 'Texture2DArray<float4>' to 'Texture2D' for 1st argument}}
  feedbackMinMip.Load(id.xy);  // expected-error {{no member named 'Load' in 'FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP>'}}
#endif
}

#ifdef BAD
FeedbackTexture2D<float> wrongKind;  // expected-error {{'FeedbackTexture2D' takes SAMPLER_FEEDBACK_MIN_MIP or SAMPLER_FEEDBACK_MIP_REGION_USED, not 'float'}}
#endif
