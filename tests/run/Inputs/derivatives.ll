; DerivCoarseX (83), DerivCoarseY (84), DerivFineX (85), DerivFineY (86) of
; x = tid.x * tid.x over eight threads, two quads laid out 0 1 / 2 3; hlslc
; has no ddx/ddy, so this is the IR of sin, cos, tan and exp2 with those
; opcodes instead (tests/run/derivatives.hlsl runs it).
; ModuleID = "derivatives.hlsl"
target triple = "dxil-ms-dx"
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"

%"dx.types.ResBind" = type {i32, i32, i32, i8}
%"dx.types.Handle" = type {i8*}
%"dx.types.ResourceProperties" = type {i32, i32}
%"struct.RWStructuredBuffer<float>" = type {i32}
define void @"main"()
{
entry:
  %"tid" = alloca <3 x i32>
  %"x" = alloca float
  %"Out" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 1}, i32 0, i1 0)
  %"Out.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Out", %"dx.types.ResourceProperties" {i32 4108, i32 4})
  br label %"body"
body:
  %".2" = call i32 @"dx.op.threadIdInGroup.i32"(i32 95, i32 0)
  %".3" = call i32 @"dx.op.threadIdInGroup.i32"(i32 95, i32 1)
  %".4" = call i32 @"dx.op.threadIdInGroup.i32"(i32 95, i32 2)
  %".5" = insertelement <3 x i32> <i32 0, i32 0, i32 0>, i32 %".2", i32 0
  %".6" = insertelement <3 x i32> %".5", i32 %".3", i32 1
  %".7" = insertelement <3 x i32> %".6", i32 %".4", i32 2
  store <3 x i32> %".7", <3 x i32>* %"tid"
  %".9" = load <3 x i32>, <3 x i32>* %"tid"
  %".10" = extractelement <3 x i32> %".9", i32 0
  %".11" = load <3 x i32>, <3 x i32>* %"tid"
  %".12" = extractelement <3 x i32> %".11", i32 0
  %".13" = mul i32 %".10", %".12"
  %".14" = uitofp i32 %".13" to float
  store float %".14", float* %"x"
  %".16" = load float, float* %"x"
  %".17" = call float @"dx.op.unary.f32"(i32 83, float %".16")
  %".18" = load <3 x i32>, <3 x i32>* %"tid"
  %".19" = extractelement <3 x i32> %".18", i32 0
  %".20" = mul i32 %".19", 4
  %".21" = add i32 %".20", 0
  call void @"dx.op.rawBufferStore.f32"(i32 140, %"dx.types.Handle" %"Out.1", i32 %".21", i32 0, float %".17", float undef, float undef, float undef, i8 1, i32 4)
  %".23" = load float, float* %"x"
  %".24" = call float @"dx.op.unary.f32"(i32 84, float %".23")
  %".25" = load <3 x i32>, <3 x i32>* %"tid"
  %".26" = extractelement <3 x i32> %".25", i32 0
  %".27" = mul i32 %".26", 4
  %".28" = add i32 %".27", 1
  call void @"dx.op.rawBufferStore.f32"(i32 140, %"dx.types.Handle" %"Out.1", i32 %".28", i32 0, float %".24", float undef, float undef, float undef, i8 1, i32 4)
  %".30" = load float, float* %"x"
  %".31" = call float @"dx.op.unary.f32"(i32 85, float %".30")
  %".32" = load <3 x i32>, <3 x i32>* %"tid"
  %".33" = extractelement <3 x i32> %".32", i32 0
  %".34" = mul i32 %".33", 4
  %".35" = add i32 %".34", 2
  call void @"dx.op.rawBufferStore.f32"(i32 140, %"dx.types.Handle" %"Out.1", i32 %".35", i32 0, float %".31", float undef, float undef, float undef, i8 1, i32 4)
  %".37" = load float, float* %"x"
  %".38" = call float @"dx.op.unary.f32"(i32 86, float %".37")
  %".39" = load <3 x i32>, <3 x i32>* %"tid"
  %".40" = extractelement <3 x i32> %".39", i32 0
  %".41" = mul i32 %".40", 4
  %".42" = add i32 %".41", 3
  call void @"dx.op.rawBufferStore.f32"(i32 140, %"dx.types.Handle" %"Out.1", i32 %".42", i32 0, float %".38", float undef, float undef, float undef, i8 1, i32 4)
  ret void
}

declare i32 @"dx.op.threadIdInGroup.i32"(i32 %".1", i32 %".2") nounwind readnone

declare float @"dx.op.unary.f32"(i32 %".1", float %".2") nounwind readnone

declare %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 %".1", %"dx.types.ResBind" %".2", i32 %".3", i1 %".4") nounwind readnone

declare %"dx.types.Handle" @"dx.op.annotateHandle"(i32 %".1", %"dx.types.Handle" %".2", %"dx.types.ResourceProperties" %".3") nounwind readnone

declare void @"dx.op.rawBufferStore.f32"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", float %".5", float %".6", float %".7", float %".8", i8 %".9", i32 %".10") nounwind

!dx.version = !{ !0 }
!dx.valver = !{ !0 }
!dx.shaderModel = !{ !1 }
!dx.resources = !{ !5 }
!dx.entryPoints = !{ !8 }
!0 = !{ i32 1, i32 6 }
!1 = !{ !"cs", i32 6, i32 6 }
!2 = !{ i32 1, i32 4 }
!3 = !{ i32 0, %"struct.RWStructuredBuffer<float>"* undef, !"Out", i32 0, i32 0, i32 1, i32 12, i1 0, i1 0, i1 0, !2 }
!4 = !{ !3 }
!5 = !{ null, !4, null, null }
!6 = !{ i32 8, i32 1, i32 1 }
!7 = !{ i32 4, !6 }
!8 = !{ void ()* @"main", !"main", null, !5, !7 }