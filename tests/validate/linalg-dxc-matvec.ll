; DXC's rules of linAlgMatVecMul and linAlgMatVecMulAdd: a Thread scope A
; matrix (MxK); an interpretation that is a constant LinAlg component type; an
; input vector of K elements of that interpretation, packed (four 8-bit
; elements per i32); M output and bias elements, the bias of the output's
; element type; a float output is signed.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-LINALG-SCOPE] Input matrix scope 'ThreadGroup' does not match expected scope Thread.
; CHECK: error: [IR-LINALG-COMPONENT-TYPE] Component type 'I1' from InputInterp not allowed in LinAlg Matrix operations.
; CHECK: error: [IR-LINALG-VECTOR-K] Input vector size '16' must be 4 for input matrix with K '16' and Type 'I1'
; CHECK: error: [IR-LINALG-FLOAT-SIGNED] Float-like type 'half' must be signed
; CHECK: error: [IR-LINALG-VECTOR-K] Input vector size '16' must be 4 for input matrix with K '16' and Type 'U8'
; CHECK: error: [IR-LINALG-VECTOR-M] Output vector size '4' must match input matrix M dimension '8'
; CHECK: error: [IR-LINALG-VECTOR-M] Bias vector size '4' must match input matrix M dimension '8'
; CHECK: error: [IR-LINALG-BIAS-TYPE] Output vector element type 'half' must match bias vector element type 'float'
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC8M8N16U0S0 = type { i8* }
%dx.types.LinAlgMatrixC8M8N16U0S2 = type { i8* }

define void @main() {
entry:
  %srv.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %srv = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %srv.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %uav.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %uav = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %uav.b, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %w = call %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32 -2147483634, %dx.types.Handle %srv, i32 0, i32 0, i32 2, i32 128)
  %g = call %dx.types.LinAlgMatrixC8M8N16U0S2 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S2(i32 -2147483634, %dx.types.Handle %srv, i32 0, i32 32, i32 0, i32 128)
  ; a ThreadGroup matrix
  %y1 = call <8 x half> @dx.op.linAlgMatVecMul.v8f16.mC8M8N16U0S2.v16f16(i32 -2147483623, %dx.types.LinAlgMatrixC8M8N16U0S2 %g, i1 true, <16 x half> zeroinitializer, i32 8)
  ; I1 interpretation; a float output marked unsigned
  %y2 = call <8 x half> @dx.op.linAlgMatVecMul.v8f16.mC8M8N16U0S0.v16f16(i32 -2147483623, %dx.types.LinAlgMatrixC8M8N16U0S0 %w, i1 false, <16 x half> zeroinitializer, i32 1)
  ; 16 elements of U8 take 4 lanes, not 16; an output of 4 elements
  %y3 = call <4 x half> @dx.op.linAlgMatVecMul.v4f16.mC8M8N16U0S0.v16i32(i32 -2147483623, %dx.types.LinAlgMatrixC8M8N16U0S0 %w, i1 true, <16 x i32> zeroinitializer, i32 20)
  ; a bias of 4 floats for an 8-element half output
  %y4 = call <8 x half> @dx.op.linAlgMatVecMulAdd.v8f16.mC8M8N16U0S0.v16f16.v4f32(i32 -2147483622, %dx.types.LinAlgMatrixC8M8N16U0S0 %w, i1 true, <16 x half> zeroinitializer, i32 8, <4 x float> zeroinitializer)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC8M8N16U0S2 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S2(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare <8 x half> @dx.op.linAlgMatVecMul.v8f16.mC8M8N16U0S2.v16f16(i32, %dx.types.LinAlgMatrixC8M8N16U0S2, i1, <16 x half>, i32) #0
declare <8 x half> @dx.op.linAlgMatVecMul.v8f16.mC8M8N16U0S0.v16f16(i32, %dx.types.LinAlgMatrixC8M8N16U0S0, i1, <16 x half>, i32) #0
declare <4 x half> @dx.op.linAlgMatVecMul.v4f16.mC8M8N16U0S0.v16i32(i32, %dx.types.LinAlgMatrixC8M8N16U0S0, i1, <16 x i32>, i32) #0
declare <8 x half> @dx.op.linAlgMatVecMulAdd.v8f16.mC8M8N16U0S0.v16f16.v4f32(i32, %dx.types.LinAlgMatrixC8M8N16U0S0, i1, <16 x half>, i32, <4 x float>) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0, !1}
!dx.version = !{!2}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!0 = !{%dx.types.LinAlgMatrixC8M8N16U0S0 undef, i32 8, i32 8, i32 16, i32 0, i32 0}
!1 = !{%dx.types.LinAlgMatrixC8M8N16U0S2 undef, i32 8, i32 8, i32 16, i32 0, i32 2}
!2 = !{i32 1, i32 10}
!3 = !{!"cs", i32 6, i32 10}
!4 = !{void ()* @main, !"main", null, null, !5}
!5 = !{i32 4, !6}
!6 = !{i32 32, i32 1, i32 1}
