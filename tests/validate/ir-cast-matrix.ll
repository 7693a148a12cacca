; LLVM's casts take scalars, vectors and pointers: a LinAlg matrix (a struct)
; can be neither bitcast to another matrix type or to an integer nor made from
; a pointer. LLVM's parser rejects the module, with the message hlslc repeats
; (DXC's tools print it after "shader:").
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; RUN: not %hlslc validate -fdiagnostics-format=dxv %s | FileCheck --check-prefix=DXV %s
; CHECK: error: [IR-CAST] invalid cast opcode for cast from '%dx.types.LinAlgMatrixC9M8N8U2S1 = type { i8* }' to '%dx.types.LinAlgMatrixC4M8N8U2S1 = type { i8* }'
; CHECK: error: [IR-CAST] invalid cast opcode for cast from '%dx.types.LinAlgMatrixC9M8N8U2S1 = type { i8* }' to 'i64'
; CHECK: error: [IR-CAST] invalid cast opcode for cast from 'i8*' to '%dx.types.LinAlgMatrixC9M8N8U2S1 = type { i8* }'
; CHECK-NOT: error:
; DXV: shader: invalid cast opcode for cast from '%dx.types.LinAlgMatrixC9M8N8U2S1 = type { i8* }' to '%dx.types.LinAlgMatrixC4M8N8U2S1 = type { i8* }'
; DXV-NOT: Validation

%dx.types.LinAlgMatrixC9M8N8U2S1 = type { i8* }
%dx.types.LinAlgMatrixC4M8N8U2S1 = type { i8* }

define void @main() {
entry:
  %p = alloca i8
  %m = call %dx.types.LinAlgMatrixC9M8N8U2S1 @dx.op.linAlgFillMatrix.mC9M8N8U2S1.f32(i32 -2147483636, float 1.000000e+00)
  %i = bitcast %dx.types.LinAlgMatrixC9M8N8U2S1 %m to %dx.types.LinAlgMatrixC4M8N8U2S1
  %n = bitcast %dx.types.LinAlgMatrixC9M8N8U2S1 %m to i64
  %q = bitcast i8* %p to %dx.types.LinAlgMatrixC9M8N8U2S1
  ret void
}

declare %dx.types.LinAlgMatrixC9M8N8U2S1 @dx.op.linAlgFillMatrix.mC9M8N8U2S1.f32(i32, float) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0, !1}
!dx.version = !{!2}
!dx.shaderModel = !{!3}
!dx.entryPoints = !{!4}
!0 = !{%dx.types.LinAlgMatrixC9M8N8U2S1 undef, i32 9, i32 8, i32 8, i32 2, i32 1}
!1 = !{%dx.types.LinAlgMatrixC4M8N8U2S1 undef, i32 4, i32 8, i32 8, i32 2, i32 1}
!2 = !{i32 1, i32 10}
!3 = !{!"cs", i32 6, i32 10}
!4 = !{void ()* @main, !"main", null, null, !5}
!5 = !{i32 4, !6}
!6 = !{i32 8, i32 1, i32 1}
