; DXC's rules of linAlgMatrixMultiply, linAlgMatrixMultiplyAccumulate,
; linAlgMatrixAccumulate and linAlgCopyConvertMatrix: the uses (A, B,
; Accumulator), one Wave or ThreadGroup scope for all matrices, K of A (its N)
; equal to K of B (its M), a result (and C) of A.M x B.N; an accumulate returns
; its accumulator's type and adds an A or B matrix of the same scope and
; dimensions; a copy keeps the scope and the dimensions (swapped when
; transposed).
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-LINALG-USE] A matrix use 'B' does not match expected use A.
; CHECK: error: [IR-LINALG-USE] B matrix use 'A' does not match expected use B.
; CHECK: error: [IR-LINALG-SCOPES-MATCH-3] Matrix scope must be the same for all matrices. A 'Wave', B 'ThreadGroup', Return 'Wave'.
; CHECK: error: [IR-LINALG-K-MATCH] K dim of A matrix '16x16' must match K dim of B matrix '8x16'. 16 != 8.
; CHECK: error: [IR-LINALG-USE] C matrix use 'A' does not match expected use Accumulator.
; CHECK: error: [IR-LINALG-RESULT-DIM] Return matrix dimension '16x8' must match A.MxB.N '16x16'.
; CHECK: error: [IR-LINALG-SCOPES-MATCH-4] Matrix scope must be the same for all matrices. A 'Wave', B 'ThreadGroup', C 'Wave', Return 'Wave'.
; CHECK: error: [IR-LINALG-K-MATCH] K dim of A matrix '16x16' must match K dim of B matrix '8x16'. 16 != 8.
; CHECK: error: [IR-LINALG-EXACT-MATCH] Return matrix 'dx.types.LinAlgMatrixC8M16N16U2S1' must exactly match arg 1 matrix 'dx.types.LinAlgMatrixC9M16N16U2S1'.
; CHECK: error: [IR-LINALG-USE-2] Arg 2 matrix use 'Accumulator' does not match expected use A or B.
; CHECK: error: [IR-LINALG-PARTS-MATCH] Return matrix scope 'Wave' must match Arg 2 matrix scope 'ThreadGroup'.
; CHECK: error: [IR-LINALG-PARTS-MATCH] Arg 2 matrix dimension '8x16' must match return matrix dimension '16x16'.
; CHECK: error: [IR-LINALG-PARTS-MATCH] Destination matrix scope 'ThreadGroup' must match source matrix scope 'Wave'.
; CHECK: error: [IR-LINALG-PARTS-MATCH] Destination matrix dimension '8x16' must match source matrix dimension '16x8'.
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC9M16N16U0S1 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U1S1 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U2S1 = type { i8* }
%dx.types.LinAlgMatrixC9M8N16U1S2 = type { i8* }
%dx.types.LinAlgMatrixC9M16N8U2S1 = type { i8* }
%dx.types.LinAlgMatrixC8M16N16U2S1 = type { i8* }
%dx.types.LinAlgMatrixC8M16N16U0S2 = type { i8* }
%dx.types.LinAlgMatrixC8M8N16U1S2 = type { i8* }

define void @main() {
entry:
  %a = call %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgFillMatrix.mC9M16N16U0S1.f32(i32 -2147483636, float 1.000000e+00)
  %b = call %dx.types.LinAlgMatrixC9M16N16U1S1 @dx.op.linAlgFillMatrix.mC9M16N16U1S1.f32(i32 -2147483636, float 1.000000e+00)
  %c = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 0.000000e+00)
  %bg = call %dx.types.LinAlgMatrixC9M8N16U1S2 @dx.op.linAlgFillMatrix.mC9M8N16U1S2.f32(i32 -2147483636, float 1.000000e+00)
  ; the operands swapped: A is a B matrix, B an A matrix
  %p1 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiply.mC9M16N16U2S1.mC9M16N16U1S1.mC9M16N16U0S1(i32 -2147483625, %dx.types.LinAlgMatrixC9M16N16U1S1 %b, %dx.types.LinAlgMatrixC9M16N16U0S1 %a)
  ; B is a ThreadGroup matrix with 8 rows: scopes differ, and K 16 != 8
  %p2 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiply.mC9M16N16U2S1.mC9M16N16U0S1.mC9M8N16U1S2(i32 -2147483625, %dx.types.LinAlgMatrixC9M16N16U0S1 %a, %dx.types.LinAlgMatrixC9M8N16U1S2 %bg)
  ; a 16x8 result of a 16x16 product; C passed as an A matrix
  %p3 = call %dx.types.LinAlgMatrixC9M16N8U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M16N8U2S1.mC9M16N16U0S1.mC9M16N16U1S1.mC9M16N16U0S1(i32 -2147483637, %dx.types.LinAlgMatrixC9M16N16U0S1 %a, %dx.types.LinAlgMatrixC9M16N16U1S1 %b, %dx.types.LinAlgMatrixC9M16N16U0S1 %a)
  ; MultiplyAccumulate with a ThreadGroup B
  %p4 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M16N16U2S1.mC9M16N16U0S1.mC9M8N16U1S2.mC9M16N16U2S1(i32 -2147483637, %dx.types.LinAlgMatrixC9M16N16U0S1 %a, %dx.types.LinAlgMatrixC9M8N16U1S2 %bg, %dx.types.LinAlgMatrixC9M16N16U2S1 %c)
  ; Accumulate returning another type than its accumulator, adding an Accumulator
  %s1 = call %dx.types.LinAlgMatrixC8M16N16U2S1 @dx.op.linAlgMatrixAccumulate.mC8M16N16U2S1.mC9M16N16U2S1.mC9M16N16U2S1(i32 -2147483624, %dx.types.LinAlgMatrixC9M16N16U2S1 %c, %dx.types.LinAlgMatrixC9M16N16U2S1 %c)
  ; Accumulate of a ThreadGroup 8x16 B matrix into a Wave 16x16 accumulator
  %s2 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixAccumulate.mC9M16N16U2S1.mC9M16N16U2S1.mC9M8N16U1S2(i32 -2147483624, %dx.types.LinAlgMatrixC9M16N16U2S1 %c, %dx.types.LinAlgMatrixC9M8N16U1S2 %bg)
  ; a copy that changes the scope; a transposed copy whose shape is not swapped
  %k1 = call %dx.types.LinAlgMatrixC8M16N16U0S2 @dx.op.linAlgCopyConvertMatrix.mC8M16N16U0S2.mC9M16N16U0S1(i32 -2147483635, %dx.types.LinAlgMatrixC9M16N16U0S1 %a, i1 false)
  %k2 = call %dx.types.LinAlgMatrixC8M8N16U1S2 @dx.op.linAlgCopyConvertMatrix.mC8M8N16U1S2.mC9M8N16U1S2(i32 -2147483635, %dx.types.LinAlgMatrixC9M8N16U1S2 %bg, i1 true)
  ret void
}

declare %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgFillMatrix.mC9M16N16U0S1.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC9M16N16U1S1 @dx.op.linAlgFillMatrix.mC9M16N16U1S1.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC9M8N16U1S2 @dx.op.linAlgFillMatrix.mC9M8N16U1S2.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiply.mC9M16N16U2S1.mC9M16N16U1S1.mC9M16N16U0S1(i32, %dx.types.LinAlgMatrixC9M16N16U1S1, %dx.types.LinAlgMatrixC9M16N16U0S1) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiply.mC9M16N16U2S1.mC9M16N16U0S1.mC9M8N16U1S2(i32, %dx.types.LinAlgMatrixC9M16N16U0S1, %dx.types.LinAlgMatrixC9M8N16U1S2) #0
declare %dx.types.LinAlgMatrixC9M16N8U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M16N8U2S1.mC9M16N16U0S1.mC9M16N16U1S1.mC9M16N16U0S1(i32, %dx.types.LinAlgMatrixC9M16N16U0S1, %dx.types.LinAlgMatrixC9M16N16U1S1, %dx.types.LinAlgMatrixC9M16N16U0S1) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M16N16U2S1.mC9M16N16U0S1.mC9M8N16U1S2.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U0S1, %dx.types.LinAlgMatrixC9M8N16U1S2, %dx.types.LinAlgMatrixC9M16N16U2S1) #0
declare %dx.types.LinAlgMatrixC8M16N16U2S1 @dx.op.linAlgMatrixAccumulate.mC8M16N16U2S1.mC9M16N16U2S1.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, %dx.types.LinAlgMatrixC9M16N16U2S1) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixAccumulate.mC9M16N16U2S1.mC9M16N16U2S1.mC9M8N16U1S2(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, %dx.types.LinAlgMatrixC9M8N16U1S2) #0
declare %dx.types.LinAlgMatrixC8M16N16U0S2 @dx.op.linAlgCopyConvertMatrix.mC8M16N16U0S2.mC9M16N16U0S1(i32, %dx.types.LinAlgMatrixC9M16N16U0S1, i1) #0
declare %dx.types.LinAlgMatrixC8M8N16U1S2 @dx.op.linAlgCopyConvertMatrix.mC8M8N16U1S2.mC9M8N16U1S2(i32, %dx.types.LinAlgMatrixC9M8N16U1S2, i1) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0, !1, !2, !3, !4, !5, !6, !7}
!dx.version = !{!8}
!dx.valver = !{!8}
!dx.shaderModel = !{!9}
!dx.entryPoints = !{!10}

!0 = !{%dx.types.LinAlgMatrixC9M16N16U0S1 undef, i32 9, i32 16, i32 16, i32 0, i32 1}
!1 = !{%dx.types.LinAlgMatrixC9M16N16U1S1 undef, i32 9, i32 16, i32 16, i32 1, i32 1}
!2 = !{%dx.types.LinAlgMatrixC9M16N16U2S1 undef, i32 9, i32 16, i32 16, i32 2, i32 1}
!3 = !{%dx.types.LinAlgMatrixC9M8N16U1S2 undef, i32 9, i32 8, i32 16, i32 1, i32 2}
!4 = !{%dx.types.LinAlgMatrixC9M16N8U2S1 undef, i32 9, i32 16, i32 8, i32 2, i32 1}
!5 = !{%dx.types.LinAlgMatrixC8M16N16U2S1 undef, i32 8, i32 16, i32 16, i32 2, i32 1}
!6 = !{%dx.types.LinAlgMatrixC8M16N16U0S2 undef, i32 8, i32 16, i32 16, i32 0, i32 2}
!7 = !{%dx.types.LinAlgMatrixC8M8N16U1S2 undef, i32 8, i32 8, i32 16, i32 1, i32 2}
!8 = !{i32 1, i32 10}
!9 = !{!"cs", i32 6, i32 10}
!10 = !{void ()* @main, !"main", null, null, !11}
!11 = !{i32 4, !12}
!12 = !{i32 32, i32 1, i32 1}
