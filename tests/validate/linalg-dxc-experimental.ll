; DXC numbers the dx.op.linAlg* operations in its experimental table
; (0x80000000 | n); only an experimental shader model, 6.10, may use them
; (Instr.ExpDXILOpCodeRequiresExpSM). The rest of the call is not checked.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-EXPERIMENTAL-OPCODE] Use of experimental DXILOpCode requires an experimental shader model.
; CHECK: error: [IR-EXPERIMENTAL-OPCODE] Use of experimental DXILOpCode requires an experimental shader model.
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC9M16N16U0S1 = type { i8* }

define void @main() {
entry:
  %a = call %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgFillMatrix.mC9M16N16U0S1.f32(i32 -2147483636, float 1.000000e+00)
  %n = call i32 @dx.op.linAlgMatrixLength.mC9M16N16U0S1(i32 -2147483632, %dx.types.LinAlgMatrixC9M16N16U0S1 %a)
  ret void
}

declare %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgFillMatrix.mC9M16N16U0S1.f32(i32, float) #0
declare i32 @dx.op.linAlgMatrixLength.mC9M16N16U0S1(i32, %dx.types.LinAlgMatrixC9M16N16U0S1) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0}
!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}

!0 = !{%dx.types.LinAlgMatrixC9M16N16U0S1 undef, i32 9, i32 16, i32 16, i32 0, i32 1}
!1 = !{i32 1, i32 9}
!2 = !{!"cs", i32 6, i32 9}
!3 = !{void ()* @main, !"main", null, null, !4}
!4 = !{i32 4, !5}
!5 = !{i32 32, i32 1, i32 1}
