; A compute shader that uses each of DXC's 21 dx.op.linAlg* operations the way
; DXC's validator accepts: Wave matrices from a ByteAddressBuffer and from
; groupshared memory, multiplied and accumulated, read and written element by
; element, stored back; Thread matrices for matrix-vector products and an outer
; product accumulated into a RWByteAddressBuffer. Passes in both output formats.
; RUN: %hlslc validate %s | FileCheck %s
; RUN: %hlslc validate -fdiagnostics-format=dxv %s | FileCheck %s
; CHECK: Validation succeeded.

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC9M16N16U0S1 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U1S1 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U2S1 = type { i8* }
%dx.types.LinAlgMatrixC8M16N16U2S1 = type { i8* }
%dx.types.LinAlgMatrixC8M8N16U0S0 = type { i8* }
%dx.types.LinAlgMatrixC8M8N4U2S0 = type { i8* }

@Tile = external addrspace(3) global [256 x float], align 4

define void @main() {
entry:
  %srv.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %srv = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %srv.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %uav.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %uav = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %uav.b, %dx.types.ResourceProperties { i32 4107, i32 0 })
  ; Wave scope: A from a buffer, B from groupshared memory, C filled
  %a = call %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M16N16U0S1(i32 -2147483634, %dx.types.Handle %srv, i32 0, i32 64, i32 0, i32 128)
  %b = call %dx.types.LinAlgMatrixC9M16N16U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M16N16U1S1.f32(i32 -2147483633, float addrspace(3)* getelementptr inbounds ([256 x float], [256 x float] addrspace(3)* @Tile, i32 0, i32 0), i32 0, i32 16, i32 0)
  %c0 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 0.000000e+00)
  %c1 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M16N16U2S1.mC9M16N16U0S1.mC9M16N16U1S1.mC9M16N16U2S1(i32 -2147483637, %dx.types.LinAlgMatrixC9M16N16U0S1 %a, %dx.types.LinAlgMatrixC9M16N16U1S1 %b, %dx.types.LinAlgMatrixC9M16N16U2S1 %c0)
  %c2 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiply.mC9M16N16U2S1.mC9M16N16U0S1.mC9M16N16U1S1(i32 -2147483625, %dx.types.LinAlgMatrixC9M16N16U0S1 %a, %dx.types.LinAlgMatrixC9M16N16U1S1 %b)
  %c3 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixAccumulate.mC9M16N16U2S1.mC9M16N16U2S1.mC9M16N16U0S1(i32 -2147483624, %dx.types.LinAlgMatrixC9M16N16U2S1 %c1, %dx.types.LinAlgMatrixC9M16N16U0S1 %a)
  ; element access
  %n = call i32 @dx.op.linAlgMatrixLength.mC9M16N16U2S1(i32 -2147483632, %dx.types.LinAlgMatrixC9M16N16U2S1 %c3)
  %xy = call <2 x i32> @dx.op.linAlgMatrixGetCoordinate.mC9M16N16U2S1(i32 -2147483631, %dx.types.LinAlgMatrixC9M16N16U2S1 %c3, i32 0)
  %e = call float @dx.op.linAlgMatrixGetElement.f32.mC9M16N16U2S1(i32 -2147483630, %dx.types.LinAlgMatrixC9M16N16U2S1 %c3, i32 0)
  %e2 = fmul float %e, 2.000000e+00
  %c4 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixSetElement.mC9M16N16U2S1.mC9M16N16U2S1.f32(i32 -2147483629, %dx.types.LinAlgMatrixC9M16N16U2S1 %c3, i32 0, float %e2)
  ; stores, conversion, accumulation
  call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M16N16U2S1 %c4, %dx.types.Handle %uav, i32 0, i32 64, i32 1, i32 128)
  call void @dx.op.linAlgMatrixStoreToMemory.mC9M16N16U2S1.f32(i32 -2147483627, %dx.types.LinAlgMatrixC9M16N16U2S1 %c2, float addrspace(3)* getelementptr inbounds ([256 x float], [256 x float] addrspace(3)* @Tile, i32 0, i32 0), i32 0, i32 16, i32 0)
  %h = call %dx.types.LinAlgMatrixC8M16N16U2S1 @dx.op.linAlgCopyConvertMatrix.mC8M16N16U2S1.mC9M16N16U2S1(i32 -2147483635, %dx.types.LinAlgMatrixC9M16N16U2S1 %c4, i1 true)
  call void @dx.op.linAlgMatrixAccumulateToMemory.mC9M16N16U2S1.f32(i32 -2147483620, %dx.types.LinAlgMatrixC9M16N16U2S1 %c4, float addrspace(3)* getelementptr inbounds ([256 x float], [256 x float] addrspace(3)* @Tile, i32 0, i32 0), i32 9, i32 0, i32 16, i32 0)
  call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M16N16U2S1(i32 -2147483621, %dx.types.LinAlgMatrixC9M16N16U2S1 %c4, %dx.types.Handle %uav, i32 0, i32 64, i32 0, i32 128)
  %layout = call i32 @dx.op.linAlgMatrixQueryAccumulatorLayout(i32 -2147483626)
  ; Thread scope: an 8x16 F16 A matrix in MulOptimal layout (stride 0)
  %w = call %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32 -2147483634, %dx.types.Handle %srv, i32 1024, i32 0, i32 2, i32 128)
  %y = call <8 x half> @dx.op.linAlgMatVecMul.v8f16.mC8M8N16U0S0.v16f16(i32 -2147483623, %dx.types.LinAlgMatrixC8M8N16U0S0 %w, i1 true, <16 x half> zeroinitializer, i32 8)
  %z = call <8 x half> @dx.op.linAlgMatVecMulAdd.v8f16.mC8M8N16U0S0.v16f16.v8f16(i32 -2147483622, %dx.types.LinAlgMatrixC8M8N16U0S0 %w, i1 true, <16 x half> zeroinitializer, i32 8, <8 x half> %y)
  ; sixteen F16 values as F8_E4M3FN: four per i32
  %packed = call <4 x i32> @dx.op.linAlgConvert.v4i32.v16f16(i32 -2147483618, <16 x half> zeroinitializer, i32 8, i32 21)
  %o = call %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgMatrixOuterProduct.mC8M8N4U2S0.v8f16.v4f16(i32 -2147483619, <8 x half> %z, <4 x half> zeroinitializer)
  call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC8M8N4U2S0(i32 -2147483621, %dx.types.LinAlgMatrixC8M8N4U2S0 %o, %dx.types.Handle %uav, i32 4096, i32 0, i32 4, i32 128)
  call void @dx.op.linAlgVectorAccumulateToDescriptor.v8f16(i32 -2147483617, %dx.types.Handle %uav, i32 8192, i32 64, <8 x half> %z)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #1
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #1
declare %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M16N16U0S1(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC9M16N16U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M16N16U1S1.f32(i32, float addrspace(3)*, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M16N16U2S1.mC9M16N16U0S1.mC9M16N16U1S1.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U0S1, %dx.types.LinAlgMatrixC9M16N16U1S1, %dx.types.LinAlgMatrixC9M16N16U2S1) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiply.mC9M16N16U2S1.mC9M16N16U0S1.mC9M16N16U1S1(i32, %dx.types.LinAlgMatrixC9M16N16U0S1, %dx.types.LinAlgMatrixC9M16N16U1S1) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixAccumulate.mC9M16N16U2S1.mC9M16N16U2S1.mC9M16N16U0S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, %dx.types.LinAlgMatrixC9M16N16U0S1) #0
declare i32 @dx.op.linAlgMatrixLength.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1) #0
declare <2 x i32> @dx.op.linAlgMatrixGetCoordinate.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, i32) #0
declare float @dx.op.linAlgMatrixGetElement.f32.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, i32) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixSetElement.mC9M16N16U2S1.mC9M16N16U2S1.f32(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, i32, float) #0
declare void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, %dx.types.Handle, i32, i32, i32, i32) #0
declare void @dx.op.linAlgMatrixStoreToMemory.mC9M16N16U2S1.f32(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, float addrspace(3)*, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC8M16N16U2S1 @dx.op.linAlgCopyConvertMatrix.mC8M16N16U2S1.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, i1) #0
declare void @dx.op.linAlgMatrixAccumulateToMemory.mC9M16N16U2S1.f32(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, float addrspace(3)*, i32, i32, i32, i32) #0
declare void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, %dx.types.Handle, i32, i32, i32, i32) #0
declare i32 @dx.op.linAlgMatrixQueryAccumulatorLayout(i32) #0
declare %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare <8 x half> @dx.op.linAlgMatVecMul.v8f16.mC8M8N16U0S0.v16f16(i32, %dx.types.LinAlgMatrixC8M8N16U0S0, i1, <16 x half>, i32) #0
declare <8 x half> @dx.op.linAlgMatVecMulAdd.v8f16.mC8M8N16U0S0.v16f16.v8f16(i32, %dx.types.LinAlgMatrixC8M8N16U0S0, i1, <16 x half>, i32, <8 x half>) #0
declare <4 x i32> @dx.op.linAlgConvert.v4i32.v16f16(i32, <16 x half>, i32, i32) #0
declare %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgMatrixOuterProduct.mC8M8N4U2S0.v8f16.v4f16(i32, <8 x half>, <4 x half>) #0
declare void @dx.op.linAlgMatrixAccumulateToDescriptor.mC8M8N4U2S0(i32, %dx.types.LinAlgMatrixC8M8N4U2S0, %dx.types.Handle, i32, i32, i32, i32) #0
declare void @dx.op.linAlgVectorAccumulateToDescriptor.v8f16(i32, %dx.types.Handle, i32, i32, <8 x half>) #0

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }

!dx.targetTypes = !{!0, !1, !2, !3, !4, !5}
!dx.version = !{!6}
!dx.valver = !{!6}
!dx.shaderModel = !{!7}
!dx.entryPoints = !{!8}

!0 = !{%dx.types.LinAlgMatrixC9M16N16U0S1 undef, i32 9, i32 16, i32 16, i32 0, i32 1}
!1 = !{%dx.types.LinAlgMatrixC9M16N16U1S1 undef, i32 9, i32 16, i32 16, i32 1, i32 1}
!2 = !{%dx.types.LinAlgMatrixC9M16N16U2S1 undef, i32 9, i32 16, i32 16, i32 2, i32 1}
!3 = !{%dx.types.LinAlgMatrixC8M16N16U2S1 undef, i32 8, i32 16, i32 16, i32 2, i32 1}
!4 = !{%dx.types.LinAlgMatrixC8M8N16U0S0 undef, i32 8, i32 8, i32 16, i32 0, i32 0}
!5 = !{%dx.types.LinAlgMatrixC8M8N4U2S0 undef, i32 8, i32 8, i32 4, i32 2, i32 0}
!6 = !{i32 1, i32 10}
!7 = !{!"cs", i32 6, i32 10}
!8 = !{void ()* @main, !"main", null, null, !9}
!9 = !{i32 4, !10}
!10 = !{i32 32, i32 1, i32 1}
