; Arithmetic and comparisons on arrays (an HLSL matrix is an array of rows):
; LLVM defines them on integers, floats and vectors only, so the validator
; rejects them; the same operation on one row is fine.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-OPERAND-TYPE] 'fmul' on a value of type '[2 x <2 x float>]'
; CHECK: error: [IR-OPERAND-TYPE] 'icmp' on a value of type
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }

define void @main() {
entry:
  %m = alloca [2 x <2 x float>]
  %v = load [2 x <2 x float>], [2 x <2 x float>]* %m
  %w = fmul [2 x <2 x float>] %v, %v
  %r = extractvalue [2 x <2 x float>] %v, 0
  %s = fmul <2 x float> %r, %r
  %c = icmp eq [2 x i32] zeroinitializer, zeroinitializer
  ret void
}



!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
