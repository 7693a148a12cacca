; ModuleID = "tests/wavematrix/valid-kernel.hlsl"
target triple = "dxil-ms-dx"
target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"

%"dx.types.waveMatrix" = type {i8*}
%"dx.types.waveMatProps" = type {i8, i8, i32, i32}
%"dx.types.ResBind" = type {i32, i32, i32, i8}
%"dx.types.Handle" = type {i8*}
%"dx.types.ResourceProperties" = type {i32, i32}
%"struct.ByteAddressBuffer" = type {i32}
%"struct.RWByteAddressBuffer" = type {i32}
define void @"main"()
{
entry:
  %"groupId" = alloca <3 x i32>
  %"a" = alloca %"dx.types.waveMatrix"
  call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"a", %"dx.types.waveMatProps" {i8 0, i8 17, i32 16, i32 16})
  %"b" = alloca %"dx.types.waveMatrix"
  call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"b", %"dx.types.waveMatProps" {i8 1, i8 18, i32 16, i32 16})
  %"sumsA" = alloca %"dx.types.waveMatrix"
  call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"sumsA", %"dx.types.waveMatProps" {i8 2, i8 4, i32 16, i32 16})
  %"sumsB" = alloca %"dx.types.waveMatrix"
  call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"sumsB", %"dx.types.waveMatProps" {i8 3, i8 4, i32 16, i32 16})
  %"c" = alloca %"dx.types.waveMatrix"
  call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatProps" {i8 4, i8 4, i32 16, i32 16})
  %"f" = alloca %"dx.types.waveMatrix"
  call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"f", %"dx.types.waveMatProps" {i8 4, i8 9, i32 16, i32 16})
  %"depth" = alloca i32
  %"row" = alloca i32
  %"col" = alloca i32
  %"step" = alloca i32
  %"InputA" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 0}, i32 0, i1 0)
  %"InputA.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"InputA", %"dx.types.ResourceProperties" {i32 11, i32 0})
  %"InputB" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 1, i32 1, i32 0, i8 0}, i32 1, i1 0)
  %"InputB.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"InputB", %"dx.types.ResourceProperties" {i32 11, i32 0})
  %"zeroA" = alloca i32
  %"zeroB" = alloca i32
  %"Output" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 1}, i32 0, i1 0)
  %"Output.1" = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Output", %"dx.types.ResourceProperties" {i32 4107, i32 0})
  %"h" = alloca %"dx.types.waveMatrix"
  call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"h", %"dx.types.waveMatProps" {i8 0, i8 8, i32 16, i32 16})
  %"g" = alloca %"dx.types.waveMatrix"
  call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"g", %"dx.types.waveMatProps" {i8 1, i8 8, i32 16, i32 16})
  br label %"body"
body:
  %".2" = call i32 @"dx.op.groupId.i32"(i32 94, i32 0)
  %".3" = call i32 @"dx.op.groupId.i32"(i32 94, i32 1)
  %".4" = call i32 @"dx.op.groupId.i32"(i32 94, i32 2)
  %".5" = insertelement <3 x i32> <i32 0, i32 0, i32 0>, i32 %".2", i32 0
  %".6" = insertelement <3 x i32> %".5", i32 %".3", i32 1
  %".7" = insertelement <3 x i32> %".6", i32 %".4", i32 2
  store <3 x i32> %".7", <3 x i32>* %"groupId"
  %"depth.1" = call i32 @"dx.op.waveMatrix_Depth"(i32 227, %"dx.types.waveMatProps" {i8 0, i8 17, i32 16, i32 16})
  store i32 %"depth.1", i32* %"depth"
  %".16" = load <3 x i32>, <3 x i32>* %"groupId"
  %".17" = extractelement <3 x i32> %".16", i32 1
  %".18" = mul i32 %".17", 16
  store i32 %".18", i32* %"row"
  %".20" = load <3 x i32>, <3 x i32>* %"groupId"
  %".21" = extractelement <3 x i32> %".20", i32 0
  %".22" = mul i32 %".21", 16
  store i32 %".22", i32* %"col"
  call void @"dx.op.waveMatrix_Fill.i32"(i32 228, %"dx.types.waveMatrix"* %"sumsA", i32 0)
  call void @"dx.op.waveMatrix_Fill.i32"(i32 228, %"dx.types.waveMatrix"* %"sumsB", i32 0)
  call void @"dx.op.waveMatrix_Fill.i32"(i32 228, %"dx.types.waveMatrix"* %"c", i32 0)
  store i32 0, i32* %"step"
  br label %"loop.cond"
loop.cond:
  %".29" = load i32, i32* %"step"
  %".30" = icmp ult i32 %".29", 256
  br i1 %".30", label %"loop.body", label %"loop.end"
loop.body:
  %".32" = load i32, i32* %"row"
  %".33" = mul i32 %".32", 256
  %".34" = load i32, i32* %"step"
  %".35" = add i32 %".33", %".34"
  call void @"dx.op.waveMatrix_LoadRawBuf"(i32 229, %"dx.types.waveMatrix"* %"a", %"dx.types.Handle" %"InputA.1", i32 %".35", i32 256, i8 16, i1 0)
  %".37" = load i32, i32* %"col"
  %".38" = mul i32 %".37", 256
  %".39" = load i32, i32* %"step"
  %".40" = add i32 %".38", %".39"
  call void @"dx.op.waveMatrix_LoadRawBuf"(i32 229, %"dx.types.waveMatrix"* %"b", %"dx.types.Handle" %"InputB.1", i32 %".40", i32 256, i8 0, i1 1)
  call void @"dx.op.waveMatrix_Accumulate"(i32 236, %"dx.types.waveMatrix"* %"sumsA", %"dx.types.waveMatrix"* %"a")
  call void @"dx.op.waveMatrix_Accumulate"(i32 236, %"dx.types.waveMatrix"* %"sumsB", %"dx.types.waveMatrix"* %"b")
  call void @"dx.op.waveMatrix_Multiply"(i32 234, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"a", %"dx.types.waveMatrix"* %"b")
  br label %"loop.step"
loop.step:
  %".46" = load i32, i32* %"step"
  %".47" = load i32, i32* %"depth"
  %".48" = add i32 %".46", %".47"
  store i32 %".48", i32* %"step"
  br label %"loop.cond"
loop.end:
  %".51" = getelementptr [1024 x i32], [1024 x i32] addrspace(3)* @"SharedA", i32 0, i32 0
  call void @"dx.op.waveMatrix_StoreGroupShared.i32"(i32 232, %"dx.types.waveMatrix"* %"a", i32 addrspace(3)* %".51", i32 0, i32 16, i1 0)
  %".53" = getelementptr [1024 x i32], [1024 x i32] addrspace(3)* @"SharedA", i32 0, i32 0
  call void @"dx.op.waveMatrix_LoadGroupShared.i32"(i32 230, %"dx.types.waveMatrix"* %"a", i32 addrspace(3)* %".53", i32 0, i32 16, i1 0)
  store i32 3, i32* %"zeroA"
  store i32 5, i32* %"zeroB"
  %".57" = load i32, i32* %"zeroB"
  %".58" = sub i32 0, %".57"
  call void @"dx.op.waveMatrix_ScalarOp.i32"(i32 235, %"dx.types.waveMatrix"* %"sumsA", i8 2, i32 %".58")
  %".60" = load i32, i32* %"zeroA"
  %".61" = sub i32 0, %".60"
  call void @"dx.op.waveMatrix_ScalarOp.i32"(i32 235, %"dx.types.waveMatrix"* %"sumsB", i8 2, i32 %".61")
  call void @"dx.op.waveMatrix_Accumulate"(i32 237, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"sumsA")
  call void @"dx.op.waveMatrix_Accumulate"(i32 237, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"sumsB")
  %".65" = load i32, i32* %"zeroA"
  %".66" = load i32, i32* %"zeroB"
  %".67" = mul i32 %".65", %".66"
  %".68" = mul i32 %".67", 256
  call void @"dx.op.waveMatrix_ScalarOp.i32"(i32 235, %"dx.types.waveMatrix"* %"c", i8 0, i32 %".68")
  br label %"ApplyZeroPoints.exit"
ApplyZeroPoints.exit:
  %".71" = load i32, i32* %"row"
  %".72" = mul i32 %".71", 1024
  %".73" = load i32, i32* %"col"
  %".74" = add i32 %".72", %".73"
  %".75" = mul i32 %".74", 4
  call void @"dx.op.waveMatrix_StoreRawBuf"(i32 231, %"dx.types.waveMatrix"* %"c", %"dx.types.Handle" %"Output.1", i32 %".75", i32 4096, i8 0, i1 0)
  call void @"dx.op.waveMatrix_Fill.f16"(i32 228, %"dx.types.waveMatrix"* %"h", half 0x3ff0000000000000)
  call void @"dx.op.waveMatrix_Fill.f16"(i32 228, %"dx.types.waveMatrix"* %"g", half 0x4000000000000000)
  call void @"dx.op.waveMatrix_Multiply"(i32 233, %"dx.types.waveMatrix"* %"f", %"dx.types.waveMatrix"* %"h", %"dx.types.waveMatrix"* %"g")
  call void @"dx.op.waveMatrix_ScalarOp.f32"(i32 235, %"dx.types.waveMatrix"* %"f", i8 3, float 0x4010000000000000)
  call void @"dx.op.waveMatrix_ScalarOp.f32"(i32 235, %"dx.types.waveMatrix"* %"f", i8 1, float 0x3ff0000000000000)
  %".84" = getelementptr [256 x float], [256 x float] addrspace(3)* @"SharedC", i32 0, i32 0
  call void @"dx.op.waveMatrix_StoreGroupShared.f32"(i32 232, %"dx.types.waveMatrix"* %"f", float addrspace(3)* %".84", i32 0, i32 16, i1 0)
  call void @"dx.op.waveMatrix_StoreRawBuf"(i32 231, %"dx.types.waveMatrix"* %"sumsA", %"dx.types.Handle" %"Output.1", i32 0, i32 4, i8 0, i1 0)
  ret void
}

declare i32 @"dx.op.groupId.i32"(i32 %".1", i32 %".2") nounwind readnone

declare void @"dx.op.waveMatrix_Annotate"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.waveMatProps" %".3") nounwind

declare i32 @"dx.op.waveMatrix_Depth"(i32 %".1", %"dx.types.waveMatProps" %".2") nounwind readnone

declare void @"dx.op.waveMatrix_Fill.i32"(i32 %".1", %"dx.types.waveMatrix"* %".2", i32 %".3") nounwind

declare %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 %".1", %"dx.types.ResBind" %".2", i32 %".3", i1 %".4") nounwind readnone

declare %"dx.types.Handle" @"dx.op.annotateHandle"(i32 %".1", %"dx.types.Handle" %".2", %"dx.types.ResourceProperties" %".3") nounwind readnone

declare void @"dx.op.waveMatrix_LoadRawBuf"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.Handle" %".3", i32 %".4", i32 %".5", i8 %".6", i1 %".7") nounwind

declare void @"dx.op.waveMatrix_Accumulate"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.waveMatrix"* %".3") nounwind

declare void @"dx.op.waveMatrix_Multiply"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.waveMatrix"* %".3", %"dx.types.waveMatrix"* %".4") nounwind

@"SharedA" = internal addrspace(3) global [1024 x i32] undef
declare void @"dx.op.waveMatrix_StoreGroupShared.i32"(i32 %".1", %"dx.types.waveMatrix"* %".2", i32 addrspace(3)* %".3", i32 %".4", i32 %".5", i1 %".6") nounwind

declare void @"dx.op.waveMatrix_LoadGroupShared.i32"(i32 %".1", %"dx.types.waveMatrix"* %".2", i32 addrspace(3)* %".3", i32 %".4", i32 %".5", i1 %".6") nounwind

declare void @"dx.op.waveMatrix_ScalarOp.i32"(i32 %".1", %"dx.types.waveMatrix"* %".2", i8 %".3", i32 %".4") nounwind

declare void @"dx.op.waveMatrix_StoreRawBuf"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.Handle" %".3", i32 %".4", i32 %".5", i8 %".6", i1 %".7") nounwind

declare void @"dx.op.waveMatrix_Fill.f16"(i32 %".1", %"dx.types.waveMatrix"* %".2", half %".3") nounwind

declare void @"dx.op.waveMatrix_ScalarOp.f32"(i32 %".1", %"dx.types.waveMatrix"* %".2", i8 %".3", float %".4") nounwind

@"SharedC" = internal addrspace(3) global [256 x float] undef
declare void @"dx.op.waveMatrix_StoreGroupShared.f32"(i32 %".1", %"dx.types.waveMatrix"* %".2", float addrspace(3)* %".3", i32 %".4", i32 %".5", i1 %".6") nounwind

!dx.version = !{ !0 }
!dx.valver = !{ !0 }
!dx.shaderModel = !{ !1 }
!dx.resources = !{ !7 }
!dx.entryPoints = !{ !11 }
!0 = !{ i32 1, i32 8 }
!1 = !{ !"cs", i32 6, i32 8 }
!2 = !{ i32 0, %"struct.ByteAddressBuffer"* undef, !"InputA", i32 0, i32 0, i32 1, i32 11, i32 0, null }
!3 = !{ i32 1, %"struct.ByteAddressBuffer"* undef, !"InputB", i32 0, i32 1, i32 1, i32 11, i32 0, null }
!4 = !{ i32 0, %"struct.RWByteAddressBuffer"* undef, !"Output", i32 0, i32 0, i32 1, i32 11, i1 0, i1 0, i1 0, null }
!5 = !{ !2, !3 }
!6 = !{ !4 }
!7 = !{ !5, !6, null, null }
!8 = !{ i32 32, i32 2, i32 1 }
!9 = !{ i32 32, i32 0, i32 0 }
!10 = !{ i32 4, !8, i32 23, !9 }
!11 = !{ void ()* @"main", !"main", null, !7, !10 }