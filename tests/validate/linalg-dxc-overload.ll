; The overload of a dx.op.linAlg* function comes from its types, each dimension
; from its source (DXC's Instr.Oload, Instr.CallOload): a groupshared element of
; i8 is no overload; a declaration with another signature than the operation's
; for its overload does not match; hlslc also wants the name that the types
; give (IR-SIGNATURE).
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-SIGNATURE] '@dx.op.linAlgFillMatrix.mC9M4N4U2S1.f32' has the types of LinAlgFillMatrix overload 'dx.op.linAlgFillMatrix.mC9M4N4U2S1.i32', so that is its name
; CHECK: error: [IR-OVERLOAD] DXIL intrinsic overload must be valid.
; CHECK: error: [IR-CALL-OVERLOAD] Call to DXIL intrinsic 'dx.op.linAlgMatrixLength.mC9M4N4U1S1' does not match an allowed overload signature.
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC9M4N4U1S1 = type { i8* }
%dx.types.LinAlgMatrixC9M4N4U2S1 = type { i8* }

@Bytes = external addrspace(3) global [64 x <4 x i8>], align 4

define void @main() {
entry:
  %m = call %dx.types.LinAlgMatrixC9M4N4U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M4N4U1S1.v4i8(i32 -2147483633, <4 x i8> addrspace(3)* getelementptr inbounds ([64 x <4 x i8>], [64 x <4 x i8>] addrspace(3)* @Bytes, i32 0, i32 0), i32 0, i32 4, i32 0)
  ; a length function declared with an operand too many
  %n = call i32 @dx.op.linAlgMatrixLength.mC9M4N4U1S1(i32 -2147483632, %dx.types.LinAlgMatrixC9M4N4U1S1 %m, i32 0)
  ; a function named .f32 that takes an i32
  %g = call %dx.types.LinAlgMatrixC9M4N4U2S1 @dx.op.linAlgFillMatrix.mC9M4N4U2S1.f32(i32 -2147483636, i32 1)
  ret void
}

declare %dx.types.LinAlgMatrixC9M4N4U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M4N4U1S1.v4i8(i32, <4 x i8> addrspace(3)*, i32, i32, i32) #0
declare i32 @dx.op.linAlgMatrixLength.mC9M4N4U1S1(i32, %dx.types.LinAlgMatrixC9M4N4U1S1, i32) #0
declare %dx.types.LinAlgMatrixC9M4N4U2S1 @dx.op.linAlgFillMatrix.mC9M4N4U2S1.f32(i32, i32) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0, !1}
!dx.version = !{!2}
!dx.valver = !{!2}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}

!0 = !{%dx.types.LinAlgMatrixC9M4N4U1S1 undef, i32 9, i32 4, i32 4, i32 1, i32 1}
!1 = !{%dx.types.LinAlgMatrixC9M4N4U2S1 undef, i32 9, i32 4, i32 4, i32 2, i32 1}
!2 = !{i32 1, i32 10}
!3 = !{!"cs", i32 6, i32 10}
!4 = !{void ()* @main, !"main", null, null, !5}
!5 = !{i32 4, !6}
!6 = !{i32 32, i32 1, i32 1}
