; Sampler feedback: writeSamplerFeedback* take a FeedbackTexture2D[Array] UAV,
; then the SRV Texture2D[Array] it describes sampling, then a sampler (DXC's
; operation table); here the first two handles are swapped.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-RESOURCE-KIND] writeSamplerFeedbackLevel records sampler feedback, so its feedback texture handle must be a UAV, but it is an SRV (Texture2D)
; CHECK: error: [IR-RESOURCE-KIND] writeSamplerFeedbackLevel describes sampling a texture, so its sampled texture handle must be an SRV, but it is a UAV (FeedbackTexture2D)
; CHECK: error: [IR-RESOURCE-KIND] writeSamplerFeedbackGrad records sampler feedback
; CHECK: error: [IR-RESOURCE-KIND] writeSamplerFeedbackGrad describes sampling a texture
; CHECK-NOT: error:


%"dx.types.ResBind" = type {i32, i32, i32, i8}
%"dx.types.Handle" = type {i8*}
%"dx.types.ResourceProperties" = type {i32, i32}
%"struct.FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP>" = type {i32}
%"struct.FeedbackTexture2DArray<SAMPLER_FEEDBACK_MIP_REGION_USED>" = type {i32}
%"struct.Texture2D<float>" = type {i32}
%"struct.Texture2DArray<float4>" = type {i32}
%"struct.SamplerState" = type {i32}
define void @"main"()
{
entry:
  %"ddx" = alloca <2 x float>
  %"feedbackMinMip" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 1}, i32 0, i1 0)
  %"feedbackMinMip.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"feedbackMinMip", %"dx.types.ResourceProperties" {i32 4113, i32 0})
  %"texture2D" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 0}, i32 0, i1 0)
  %"texture2D.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"texture2D", %"dx.types.ResourceProperties" {i32 2, i32 265})
  %"samp" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 3}, i32 0, i1 0)
  %"samp.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"samp", %"dx.types.ResourceProperties" {i32 14, i32 0})
  %"feedbackArr" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 3, i32 3, i32 0, i8 1}, i32 3, i1 0)
  %"feedbackArr.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"feedbackArr", %"dx.types.ResourceProperties" {i32 4114, i32 1})
  %"texArr" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 1, i32 1, i32 0, i8 0}, i32 1, i1 0)
  %"texArr.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"texArr", %"dx.types.ResourceProperties" {i32 7, i32 1033})
  br label %"body"
body:
  %".2" = insertelement <2 x float> <float 0.0, float 0.0>, float 0x3fa0000000000000, i32 0
  %".3" = insertelement <2 x float> %".2", float 0x3fb0000000000000, i32 1
  store <2 x float> %".3", <2 x float>* %"ddx"
  %".5" = insertelement <2 x float> <float 0.0, float 0.0>, float 0x3ff0000000000000, i32 0
  %".6" = insertelement <2 x float> %".5", float 0x4000000000000000, i32 1
  %".7" = extractelement <2 x float> %".6", i32 0
  %".8" = extractelement <2 x float> %".6", i32 1
  call void @"dx.op.writeSamplerFeedbackLevel"(i32 176, %"dx.types.Handle" %"texture2D.1", %"dx.types.Handle" %"feedbackMinMip.1", %"dx.types.Handle" %"samp.1", float %".7", float %".8", float undef, float undef, float 0x4018000000000000)
  %".10" = insertelement <2 x float> <float 0.0, float 0.0>, float 0x3ff0000000000000, i32 0
  %".11" = insertelement <2 x float> %".10", float 0x4000000000000000, i32 1
  %".12" = load <2 x float>, <2 x float>* %"ddx"
  %".13" = load <2 x float>, <2 x float>* %"ddx"
  %".14" = extractelement <2 x float> %".11", i32 0
  %".15" = extractelement <2 x float> %".11", i32 1
  %".16" = extractelement <2 x float> %".12", i32 0
  %".17" = extractelement <2 x float> %".12", i32 1
  %".18" = extractelement <2 x float> %".13", i32 0
  %".19" = extractelement <2 x float> %".13", i32 1
  call void @"dx.op.writeSamplerFeedbackGrad"(i32 177, %"dx.types.Handle" %"texture2D.1", %"dx.types.Handle" %"feedbackMinMip.1", %"dx.types.Handle" %"samp.1", float %".14", float %".15", float undef, float undef, float %".16", float %".17", float undef, float %".18", float %".19", float undef, float 0x4010000000000000)
  %".21" = insertelement <3 x float> <float 0.0, float 0.0, float 0.0>, float 0x3ff0000000000000, i32 0
  %".22" = insertelement <3 x float> %".21", float 0x4000000000000000, i32 1
  %".23" = insertelement <3 x float> %".22", float 0x4008000000000000, i32 2
  %".24" = load <2 x float>, <2 x float>* %"ddx"
  %".25" = load <2 x float>, <2 x float>* %"ddx"
  %".26" = extractelement <3 x float> %".23", i32 0
  %".27" = extractelement <3 x float> %".23", i32 1
  %".28" = extractelement <3 x float> %".23", i32 2
  %".29" = extractelement <2 x float> %".24", i32 0
  %".30" = extractelement <2 x float> %".24", i32 1
  %".31" = extractelement <2 x float> %".25", i32 0
  %".32" = extractelement <2 x float> %".25", i32 1
  call void @"dx.op.writeSamplerFeedbackGrad"(i32 177, %"dx.types.Handle" %"feedbackArr.1", %"dx.types.Handle" %"texArr.1", %"dx.types.Handle" %"samp.1", float %".26", float %".27", float %".28", float undef, float %".29", float %".30", float undef, float %".31", float %".32", float undef, float undef)
  ret void
}

declare %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 %".1", %"dx.types.ResBind" %".2", i32 %".3", i1 %".4") nounwind readnone

declare %"dx.types.Handle" @"dx.op.annotateHandle"(i32 %".1", %"dx.types.Handle" %".2", %"dx.types.ResourceProperties" %".3") nounwind readnone

declare void @"dx.op.writeSamplerFeedbackLevel"(i32 %".1", %"dx.types.Handle" %".2", %"dx.types.Handle" %".3", %"dx.types.Handle" %".4", float %".5", float %".6", float %".7", float %".8", float %".9") nounwind

declare void @"dx.op.writeSamplerFeedbackGrad"(i32 %".1", %"dx.types.Handle" %".2", %"dx.types.Handle" %".3", %"dx.types.Handle" %".4", float %".5", float %".6", float %".7", float %".8", float %".9", float %".10", float %".11", float %".12", float %".13", float %".14", float %".15") nounwind

!dx.version = !{ !0 }
!dx.valver = !{ !0 }
!dx.shaderModel = !{ !1 }
!dx.resources = !{ !13 }
!dx.entryPoints = !{ !16 }
!0 = !{ i32 1, i32 6 }
!1 = !{ !"cs", i32 6, i32 6 }
!2 = !{ i32 2, i32 0 }
!3 = !{ i32 0, %"struct.FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP>"* undef, !"feedbackMinMip", i32 0, i32 0, i32 1, i32 17, i1 0, i1 0, i1 0, !2 }
!4 = !{ i32 2, i32 1 }
!5 = !{ i32 1, %"struct.FeedbackTexture2DArray<SAMPLER_FEEDBACK_MIP_REGION_USED>"* undef, !"feedbackArr", i32 0, i32 3, i32 1, i32 18, i1 0, i1 0, i1 0, !4 }
!6 = !{ i32 0, i32 9 }
!7 = !{ i32 0, %"struct.Texture2D<float>"* undef, !"texture2D", i32 0, i32 0, i32 1, i32 2, i32 0, !6 }
!8 = !{ i32 1, %"struct.Texture2DArray<float4>"* undef, !"texArr", i32 0, i32 1, i32 1, i32 7, i32 0, !6 }
!9 = !{ i32 0, %"struct.SamplerState"* undef, !"samp", i32 0, i32 0, i32 1, i32 0, null }
!10 = !{ !7, !8 }
!11 = !{ !3, !5 }
!12 = !{ !9 }
!13 = !{ !10, !11, null, !12 }
!14 = !{ i32 1, i32 1, i32 1 }
!15 = !{ i32 4, !14 }
!16 = !{ void ()* @"main", !"main", null, !13, !15 }
