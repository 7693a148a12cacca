; DXC's checks of every matrix a dx.op.linAlg* call takes or returns: its
; !dx.targetTypes entry, a K within its scope's bounds (A: N, B: M; 4-128 at
; Thread and Wave scope, 1-1024 at ThreadGroup scope), an allowed component
; type; no undef operand; the Wave and ThreadGroup scope operations (fill,
; element access, length) on Thread matrices. hlslc also checks each
; !dx.targetTypes entry against its type's name (IR-TARGET-TYPES).
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-LINALG-METADATA] Return matrix must have well-formed metadata.
; CHECK: error: [IR-LINALG-K-DIM] Return matrix K dimension out of bounds. K=256 must be >= 4 and <= 128.
; CHECK: error: [IR-LINALG-K-DIM] Return matrix K dimension out of bounds. K=2 must be >= 4 and <= 128.
; CHECK: error: [IR-LINALG-COMPONENT-TYPE] Component type 'I1' from return matrix not allowed in LinAlg Matrix operations.
; CHECK: error: [IR-LINALG-COMPONENT-TYPE] Component type 'PackedS8x32' from return matrix not allowed in LinAlg Matrix operations.
; CHECK: error: [IR-LINALG-SCOPE-2] Return matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.
; CHECK: error: [IR-LINALG-SCOPE-2] Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.
; CHECK: error: [IR-LINALG-SCOPE-2] Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.
; CHECK: error: [IR-LINALG-SCOPE-2] Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.
; CHECK: error: [IR-LINALG-SCOPE-2] Return matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.
; CHECK: error: [IR-UNDEF-OPERAND] Instructions should not read uninitialized value.
; CHECK: error: [IR-LINALG-SCOPE-2] Input matrix scope 'Thread' does not match expected scope Wave or ThreadGroup.
; CHECK: error: [IR-TARGET-TYPES] !dx.targetTypes entry !5 = !{%dx.types.LinAlgMatrixC9M4N4U0S1 undef, i32 9, i32 4} is not !{%dx.types.LinAlgMatrix... undef, i32 C, i32 M, i32 N, i32 U, i32 S}
; CHECK: error: [IR-TARGET-TYPES] !dx.targetTypes entry !6 gives %dx.types.LinAlgMatrixC4M4N4U0S1 component type 4, 8x4, use 0 and scope 1, but the type's name spells C4 M4 N4 U0 S1
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC9M16N16U1S2 = type { i8* }
%dx.types.LinAlgMatrixC9M16N256U0S1 = type { i8* }
%dx.types.LinAlgMatrixC9M2N16U1S1 = type { i8* }
%dx.types.LinAlgMatrixC1M16N16U2S1 = type { i8* }
%dx.types.LinAlgMatrixC17M16N16U2S1 = type { i8* }
%dx.types.LinAlgMatrixC8M8N4U2S0 = type { i8* }
%dx.types.LinAlgMatrixC9M4N4U0S1 = type { i8* }
%dx.types.LinAlgMatrixC4M4N4U0S1 = type { i8* }

define void @main() {
entry:
  %srv.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %srv = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %srv.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %uav.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %uav = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %uav.b, %dx.types.ResourceProperties { i32 4107, i32 0 })
  ; no !dx.targetTypes entry for this type
  %m = call %dx.types.LinAlgMatrixC9M16N16U1S2 @dx.op.linAlgFillMatrix.mC9M16N16U1S2.f32(i32 -2147483636, float 1.000000e+00)
  ; K = 256 for a Wave A matrix; K = 2 for a Wave B matrix; I1 and PackedS8x32 components
  %k1 = call %dx.types.LinAlgMatrixC9M16N256U0S1 @dx.op.linAlgFillMatrix.mC9M16N256U0S1.f32(i32 -2147483636, float 1.000000e+00)
  %k2 = call %dx.types.LinAlgMatrixC9M2N16U1S1 @dx.op.linAlgFillMatrix.mC9M2N16U1S1.f32(i32 -2147483636, float 1.000000e+00)
  %i1 = call %dx.types.LinAlgMatrixC1M16N16U2S1 @dx.op.linAlgFillMatrix.mC1M16N16U2S1.i32(i32 -2147483636, i32 1)
  %pk = call %dx.types.LinAlgMatrixC17M16N16U2S1 @dx.op.linAlgFillMatrix.mC17M16N16U2S1.i32(i32 -2147483636, i32 1)
  ; fill, length and element access of a Thread matrix; an undef matrix
  %t = call %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgFillMatrix.mC8M8N4U2S0.f32(i32 -2147483636, float 0.000000e+00)
  %o = call %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgMatrixOuterProduct.mC8M8N4U2S0.v8f16.v4f16(i32 -2147483619, <8 x half> zeroinitializer, <4 x half> zeroinitializer)
  %len = call i32 @dx.op.linAlgMatrixLength.mC8M8N4U2S0(i32 -2147483632, %dx.types.LinAlgMatrixC8M8N4U2S0 %o)
  %e = call half @dx.op.linAlgMatrixGetElement.f16.mC8M8N4U2S0(i32 -2147483630, %dx.types.LinAlgMatrixC8M8N4U2S0 %o, i32 0)
  %s = call %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgMatrixSetElement.mC8M8N4U2S0.mC8M8N4U2S0.f16(i32 -2147483629, %dx.types.LinAlgMatrixC8M8N4U2S0 %o, i32 0, half %e)
  %xy = call <2 x i32> @dx.op.linAlgMatrixGetCoordinate.mC8M8N4U2S0(i32 -2147483631, %dx.types.LinAlgMatrixC8M8N4U2S0 undef, i32 0)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare %dx.types.LinAlgMatrixC9M16N16U1S2 @dx.op.linAlgFillMatrix.mC9M16N16U1S2.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC9M16N256U0S1 @dx.op.linAlgFillMatrix.mC9M16N256U0S1.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC9M2N16U1S1 @dx.op.linAlgFillMatrix.mC9M2N16U1S1.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC1M16N16U2S1 @dx.op.linAlgFillMatrix.mC1M16N16U2S1.i32(i32, i32) #0
declare %dx.types.LinAlgMatrixC17M16N16U2S1 @dx.op.linAlgFillMatrix.mC17M16N16U2S1.i32(i32, i32) #0
declare %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgFillMatrix.mC8M8N4U2S0.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgMatrixOuterProduct.mC8M8N4U2S0.v8f16.v4f16(i32, <8 x half>, <4 x half>) #0
declare i32 @dx.op.linAlgMatrixLength.mC8M8N4U2S0(i32, %dx.types.LinAlgMatrixC8M8N4U2S0) #0
declare half @dx.op.linAlgMatrixGetElement.f16.mC8M8N4U2S0(i32, %dx.types.LinAlgMatrixC8M8N4U2S0, i32) #0
declare %dx.types.LinAlgMatrixC8M8N4U2S0 @dx.op.linAlgMatrixSetElement.mC8M8N4U2S0.mC8M8N4U2S0.f16(i32, %dx.types.LinAlgMatrixC8M8N4U2S0, i32, half) #0
declare <2 x i32> @dx.op.linAlgMatrixGetCoordinate.mC8M8N4U2S0(i32, %dx.types.LinAlgMatrixC8M8N4U2S0, i32) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0, !1, !2, !3, !4, !5, !6}
!dx.version = !{!7}
!dx.valver = !{!7}
!dx.shaderModel = !{!8}
!dx.entryPoints = !{!9}

!0 = !{%dx.types.LinAlgMatrixC9M16N256U0S1 undef, i32 9, i32 16, i32 256, i32 0, i32 1}
!1 = !{%dx.types.LinAlgMatrixC9M2N16U1S1 undef, i32 9, i32 2, i32 16, i32 1, i32 1}
!2 = !{%dx.types.LinAlgMatrixC1M16N16U2S1 undef, i32 1, i32 16, i32 16, i32 2, i32 1}
!3 = !{%dx.types.LinAlgMatrixC17M16N16U2S1 undef, i32 17, i32 16, i32 16, i32 2, i32 1}
!4 = !{%dx.types.LinAlgMatrixC8M8N4U2S0 undef, i32 8, i32 8, i32 4, i32 2, i32 0}
!5 = !{%dx.types.LinAlgMatrixC9M4N4U0S1 undef, i32 9, i32 4}
!6 = !{%dx.types.LinAlgMatrixC4M4N4U0S1 undef, i32 4, i32 8, i32 4, i32 0, i32 1}
!7 = !{i32 1, i32 10}
!8 = !{!"cs", i32 6, i32 10}
!9 = !{void ()* @main, !"main", null, null, !10}
!10 = !{i32 4, !11}
!11 = !{i32 32, i32 1, i32 1}
