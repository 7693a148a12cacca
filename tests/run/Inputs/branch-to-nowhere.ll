; ModuleID = "/tmp/mv.hlsl"
target triple = "dxil-ms-dx"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"

%"dx.types.MatrixRef" = type {i8*}
%"dx.types.ResBind" = type {i32, i32, i32, i8}
%"dx.types.Handle" = type {i8*}
%"dx.types.ResourceProperties" = type {i32, i32}
%"struct.ByteAddressBuffer" = type {i32}
%"struct.RWByteAddressBuffer" = type {i32}
define void @"main"()
{
entry:
  %"i" = alloca i32
  %"W" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 0}, i32 0, i1 0)
  %"W.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"W", %"dx.types.ResourceProperties" {i32 11, i32 0})
  %"v" = alloca <4 x float>
  %"b" = alloca <3 x float>
  %"r" = alloca <3 x float>
  %"Out" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 1}, i32 0, i1 0)
  %"Out.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Out", %"dx.types.ResourceProperties" {i32 4107, i32 0})
  br label %"nowhere"
body:
  %"idx" = call i32 @"dx.op.flattenedThreadIdInGroup.i32"(i32 96)
  store i32 %"idx", i32* %"i"
  %"matrix" = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 4, i32 3, i32 1, i32 0)
  call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* %"matrix", %"dx.types.Handle" %"W.1", i32 0, i32 12, i32 0)
  %".4" = load i32, i32* %"i"
  %".5" = uitofp i32 %".4" to float
  %".6" = fadd float 0x3ff0000000000000, %".5"
  %".7" = insertelement <4 x float> <float 0.0, float 0.0, float 0.0, float 0.0>, float %".6", i32 0
  %".8" = insertelement <4 x float> %".7", float 0x4000000000000000, i32 1
  %".9" = insertelement <4 x float> %".8", float 0x4008000000000000, i32 2
  %".10" = insertelement <4 x float> %".9", float 0x4010000000000000, i32 3
  store <4 x float> %".10", <4 x float>* %"v"
  %".12" = insertelement <3 x float> <float 0.0, float 0.0, float 0.0>, float 0x3fe0000000000000, i32 0
  %".13" = insertelement <3 x float> %".12", float 0x3fd0000000000000, i32 1
  %".14" = insertelement <3 x float> %".13", float 0x3fc0000000000000, i32 2
  store <3 x float> %".14", <3 x float>* %"b"
  %".16" = load <4 x float>, <4 x float>* %"v"
  %".17" = load <3 x float>, <3 x float>* %"b"
  %"mva" = call <3 x float> @"dx.op.matvecmuladd.v3f32.v4f32"(i32 416, <4 x float> %".16", %"dx.types.MatrixRef"* %"matrix", <3 x float> %".17")
  store <3 x float> %"mva", <3 x float>* %"r"
  %".19" = load i32, i32* %"i"
  %".20" = mul i32 12, %".19"
  %".21" = load <3 x float>, <3 x float>* %"r"
  %".22" = extractelement <3 x float> %".21", i32 0
  %".23" = bitcast float %".22" to i32
  %".24" = extractelement <3 x float> %".21", i32 1
  %".25" = bitcast float %".24" to i32
  %".26" = extractelement <3 x float> %".21", i32 2
  %".27" = bitcast float %".26" to i32
  %".28" = insertelement <3 x i32> <i32 0, i32 0, i32 0>, i32 %".23", i32 0
  %".29" = insertelement <3 x i32> %".28", i32 %".25", i32 1
  %".30" = insertelement <3 x i32> %".29", i32 %".27", i32 2
  %".31" = extractelement <3 x i32> %".30", i32 0
  %".32" = extractelement <3 x i32> %".30", i32 1
  %".33" = extractelement <3 x i32> %".30", i32 2
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 %".20", i32 undef, i32 %".31", i32 %".32", i32 %".33", i32 undef, i8 7, i32 4)
  ret void
}

declare i32 @"dx.op.flattenedThreadIdInGroup.i32"(i32 %".1") nounwind readnone

declare %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 %".1", i32 %".2", i32 %".3", i32 %".4", i32 %".5", i32 %".6") nounwind

declare %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 %".1", %"dx.types.ResBind" %".2", i32 %".3", i1 %".4") nounwind readnone

declare %"dx.types.Handle" @"dx.op.annotateHandle"(i32 %".1", %"dx.types.Handle" %".2", %"dx.types.ResourceProperties" %".3") nounwind readnone

declare void @"dx.op.matrixLoadFromDescriptor"(i32 %".1", %"dx.types.MatrixRef"* %".2", %"dx.types.Handle" %".3", i32 %".4", i32 %".5", i32 %".6") nounwind

declare <3 x float> @"dx.op.matvecmuladd.v3f32.v4f32"(i32 %".1", <4 x float> %".2", %"dx.types.MatrixRef"* %".3", <3 x float> %".4") nounwind readonly

declare void @"dx.op.rawBufferStore.i32"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", i32 %".5", i32 %".6", i32 %".7", i32 %".8", i8 %".9", i32 %".10") nounwind

!dx.version = !{ !0 }
!dx.valver = !{ !0 }
!dx.shaderModel = !{ !1 }
!dx.resources = !{ !6 }
!dx.entryPoints = !{ !9 }
!dx.linalg.matrixUses = !{ !10 }
!0 = !{ i32 1, i32 10 }
!1 = !{ !"cs", i32 6, i32 10 }
!2 = !{ i32 0, %"struct.ByteAddressBuffer"* undef, !"W", i32 0, i32 0, i32 1, i32 11, i32 0, null }
!3 = !{ i32 0, %"struct.RWByteAddressBuffer"* undef, !"Out", i32 0, i32 0, i32 1, i32 11, i1 0, i1 0, i1 0, null }
!4 = !{ !2 }
!5 = !{ !3 }
!6 = !{ !4, !5, null, null }
!7 = !{ i32 4, i32 1, i32 1 }
!8 = !{ i32 4, !7 }
!9 = !{ void ()* @"main", !"main", null, !6, !8 }
!10 = !{ i32 1, i32 3, i32 4, i32 0, i32 9, i32 9 }