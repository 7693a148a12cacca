; DXC's rules of the dx.op.linAlg* descriptor operations: the layout and
; alignment are immediate constants; Wave and ThreadGroup matrices use RowMajor
; or ColumnMajor; an opaque layout has stride 0; Thread matrices load from an
; SRV ByteAddressBuffer and accumulate in an OuterProductOptimal layout; stores
; and accumulates write a RWByteAddressBuffer; Align is a multiple of 128
; greater than 0. Messages are DXC's.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-LINALG-SCOPE-LAYOUT] Return matrix with scope 'Wave' requires layout RowMajor or ColumnMajor for LinAlgMatrixLoadFromDescriptor.
; CHECK: error: [IR-LINALG-LAYOUT-STRIDE] LinAlgMatrixLoadFromDescriptor with layout 'MulOptimal' requires stride 0.
; CHECK: error: [IR-PARAMETER-VALUE] parameter 'Align' must be a multiple of 128, got 64
; CHECK: error: [IR-LINALG-THREAD-LOAD] Loading matrix with Thread scope requires ByteAddressBuffer.
; CHECK: error: [IR-OPERAND-CONSTANT] Layout of LinAlgMatrixLoadFromDescriptor must be an immediate constant.
; CHECK: error: [IR-LINALG-LAYOUT] LinAlgMatrixStoreToDescriptor requires layout RowMajor or ColumnMajor.
; CHECK: error: [IR-LINALG-RWBAB] LinAlgMatrixStoreToDescriptor requires RWByteAddressBuffer.
; CHECK: error: [IR-PARAMETER-VALUE] parameter 'Align' must be greater than 0, got 0
; CHECK: error: [IR-LINALG-USE] Input matrix use 'A' does not match expected use Accumulator.
; CHECK: error: [IR-LINALG-SCOPE-LAYOUT] Input matrix with scope 'Thread' requires layout OuterProductOptimal or OuterProductOptimalTranspose for LinAlgMatrixAccumulateToDescriptor.
; CHECK: error: [IR-PARAMETER-VALUE] parameter 'Align' must be a multiple of 128, got 200
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC9M16N16U0S1 = type { i8* }
%dx.types.LinAlgMatrixC8M8N16U0S0 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U2S1 = type { i8* }
%dx.types.LinAlgMatrixC8M8N4U2S0 = type { i8* }

define void @main() {
entry:
  %srv.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %srv = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %srv.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %uav.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %uav = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %uav.b, %dx.types.ResourceProperties { i32 4107, i32 0 })
  ; Wave matrix in MulOptimal layout with a stride
  %a = call %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M16N16U0S1(i32 -2147483634, %dx.types.Handle %srv, i32 0, i32 64, i32 2, i32 128)
  ; Thread matrix from a RWByteAddressBuffer, Align 64
  %t = call %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32 -2147483634, %dx.types.Handle %uav, i32 0, i32 0, i32 2, i32 64)
  ; a layout that is not a constant
  %layout = call i32 @dx.op.linAlgMatrixQueryAccumulatorLayout(i32 -2147483626)
  %a2 = call %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M16N16U0S1(i32 -2147483634, %dx.types.Handle %srv, i32 0, i32 64, i32 %layout, i32 128)
  %c = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 1.000000e+00)
  ; a store in MulOptimal layout to an SRV, Align 0
  call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M16N16U2S1 %c, %dx.types.Handle %srv, i32 0, i32 64, i32 2, i32 0)
  ; an A matrix accumulated; a Thread accumulator in RowMajor layout, Align 200
  call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M16N16U0S1(i32 -2147483621, %dx.types.LinAlgMatrixC9M16N16U0S1 %a, %dx.types.Handle %uav, i32 0, i32 64, i32 1, i32 128)
  %o = call %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgMatrixOuterProduct.mC8M8N4U2S0.v8f16.v4f16(i32 -2147483619, <8 x half> zeroinitializer, <4 x half> zeroinitializer)
  call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC8M8N4U2S0(i32 -2147483621, %dx.types.LinAlgMatrixC8M8N4U2S0 %o, %dx.types.Handle %uav, i32 0, i32 0, i32 0, i32 200)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M16N16U0S1(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare i32 @dx.op.linAlgMatrixQueryAccumulatorLayout(i32) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32, float) #0
declare void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, %dx.types.Handle, i32, i32, i32, i32) #0
declare void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M16N16U0S1(i32, %dx.types.LinAlgMatrixC9M16N16U0S1, %dx.types.Handle, i32, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgMatrixOuterProduct.mC8M8N4U2S0.v8f16.v4f16(i32, <8 x half>, <4 x half>) #0
declare void @dx.op.linAlgMatrixAccumulateToDescriptor.mC8M8N4U2S0(i32, %dx.types.LinAlgMatrixC8M8N4U2S0, %dx.types.Handle, i32, i32, i32, i32) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0, !1, !2, !3}
!dx.version = !{!4}
!dx.valver = !{!4}
!dx.shaderModel = !{!5}
!dx.entryPoints = !{!6}

!0 = !{%dx.types.LinAlgMatrixC9M16N16U0S1 undef, i32 9, i32 16, i32 16, i32 0, i32 1}
!1 = !{%dx.types.LinAlgMatrixC8M8N16U0S0 undef, i32 8, i32 8, i32 16, i32 0, i32 0}
!2 = !{%dx.types.LinAlgMatrixC9M16N16U2S1 undef, i32 9, i32 16, i32 16, i32 2, i32 1}
!3 = !{%dx.types.LinAlgMatrixC8M8N4U2S0 undef, i32 8, i32 8, i32 4, i32 2, i32 0}
!4 = !{i32 1, i32 10}
!5 = !{!"cs", i32 6, i32 10}
!6 = !{void ()* @main, !"main", null, null, !7}
!7 = !{i32 4, !8}
!8 = !{i32 32, i32 1, i32 1}
