; UDiv, UAddc, USubb, Ibfe, Ubfe and the legacy double conversions on the
; CPU: DXC's IR for DXBC-era code; hlslc's lowering emits none of them
; (tests/run/integer-ops.hlsl runs it).
; ModuleID = "integer-ops.hlsl"
target triple = "dxil-ms-dx"
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"

%"dx.types.ResBind" = type {i32, i32, i32, i8}
%"dx.types.Handle" = type {i8*}
%"dx.types.ResourceProperties" = type {i32, i32}
%"dx.types.twoi32" = type {i32, i32}
%"dx.types.i32c" = type {i32, i1}
%"struct.RWStructuredBuffer<uint>" = type {i32}
define void @"main"()
{
entry:
  %"Out" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 1}, i32 0, i1 0)
  %"Out.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Out", %"dx.types.ResourceProperties" {i32 4108, i32 4})
  %"v1" = call %"dx.types.twoi32" @"dx.op.binaryWithTwoOuts.i32"(i32 43, i32 7, i32 2)
  %"v2" = extractvalue %"dx.types.twoi32" %"v1", 0
  %"v3" = extractvalue %"dx.types.twoi32" %"v1", 1
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 0, i32 0, i32 %"v2", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 1, i32 0, i32 %"v3", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v4" = call %"dx.types.twoi32" @"dx.op.binaryWithTwoOuts.i32"(i32 43, i32 5, i32 0)
  %"v5" = extractvalue %"dx.types.twoi32" %"v4", 0
  %"v6" = extractvalue %"dx.types.twoi32" %"v4", 1
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 2, i32 0, i32 %"v5", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 3, i32 0, i32 %"v6", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v7" = call %"dx.types.i32c" @"dx.op.binaryWithCarryOrBorrow.i32"(i32 44, i32 -1, i32 2)
  %"v8" = extractvalue %"dx.types.i32c" %"v7", 0
  %"v9" = extractvalue %"dx.types.i32c" %"v7", 1
  %"v10" = zext i1 %"v9" to i32
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 4, i32 0, i32 %"v8", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 5, i32 0, i32 %"v10", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v11" = call %"dx.types.i32c" @"dx.op.binaryWithCarryOrBorrow.i32"(i32 45, i32 1, i32 2)
  %"v12" = extractvalue %"dx.types.i32c" %"v11", 0
  %"v13" = extractvalue %"dx.types.i32c" %"v11", 1
  %"v14" = zext i1 %"v13" to i32
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 6, i32 0, i32 %"v12", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 7, i32 0, i32 %"v14", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v15" = call %"dx.types.i32c" @"dx.op.binaryWithCarryOrBorrow.i32"(i32 45, i32 5, i32 2)
  %"v16" = extractvalue %"dx.types.i32c" %"v15", 0
  %"v17" = extractvalue %"dx.types.i32c" %"v15", 1
  %"v18" = zext i1 %"v17" to i32
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 8, i32 0, i32 %"v16", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 9, i32 0, i32 %"v18", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v19" = call i32 @"dx.op.tertiary.i32"(i32 51, i32 4, i32 4, i32 240)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 10, i32 0, i32 %"v19", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v20" = call i32 @"dx.op.tertiary.i32"(i32 52, i32 4, i32 4, i32 240)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 11, i32 0, i32 %"v20", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v21" = call i32 @"dx.op.tertiary.i32"(i32 51, i32 8, i32 28, i32 -268435456)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 12, i32 0, i32 %"v21", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v22" = call i32 @"dx.op.tertiary.i32"(i32 52, i32 0, i32 3, i32 255)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 13, i32 0, i32 %"v22", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v23" = call float @"dx.op.legacyDoubleToFloat"(i32 132, double 2.500000e+00)
  %"v24" = bitcast float %"v23" to i32
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 14, i32 0, i32 %"v24", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v25" = call i32 @"dx.op.legacyDoubleToSInt32"(i32 133, double -3.750000e+00)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 15, i32 0, i32 %"v25", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %"v26" = call i32 @"dx.op.legacyDoubleToUInt32"(i32 134, double 3.000000000900000e+09)
  call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 16, i32 0, i32 %"v26", i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  ret void
}

declare %"dx.types.twoi32" @"dx.op.binaryWithTwoOuts.i32"(i32, i32, i32) nounwind readnone
declare %"dx.types.i32c" @"dx.op.binaryWithCarryOrBorrow.i32"(i32, i32, i32) nounwind readnone
declare i32 @"dx.op.tertiary.i32"(i32, i32, i32, i32) nounwind readnone
declare float @"dx.op.legacyDoubleToFloat"(i32, double) nounwind readnone
declare i32 @"dx.op.legacyDoubleToSInt32"(i32, double) nounwind readnone
declare i32 @"dx.op.legacyDoubleToUInt32"(i32, double) nounwind readnone
declare %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32, %"dx.types.ResBind", i32, i1) nounwind readnone
declare %"dx.types.Handle" @"dx.op.annotateHandle"(i32, %"dx.types.Handle", %"dx.types.ResourceProperties") nounwind readnone
declare void @"dx.op.rawBufferStore.i32"(i32, %"dx.types.Handle", i32, i32, i32, i32, i32, i32, i8, i32) nounwind

!dx.version = !{ !0 }
!dx.valver = !{ !0 }
!dx.shaderModel = !{ !1 }
!dx.resources = !{ !5 }
!dx.entryPoints = !{ !8 }
!0 = !{ i32 1, i32 6 }
!1 = !{ !"cs", i32 6, i32 6 }
!2 = !{ i32 1, i32 4 }
!3 = !{ i32 0, %"struct.RWStructuredBuffer<uint>"* undef, !"Out", i32 0, i32 0, i32 1, i32 12, i1 0, i1 0, i1 0, !2 }
!4 = !{ !3 }
!5 = !{ null, !4, null, null }
!6 = !{ i32 1, i32 1, i32 1 }
!7 = !{ i32 4, !6 }
!8 = !{ void ()* @"main", !"main", null, !5, !7 }
