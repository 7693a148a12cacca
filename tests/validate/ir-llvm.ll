; LLVM's own parser and verifier (hlslc validate asks them when hlslc's
; structural rules find nothing): fadd takes floating-point operands, which
; none of hlslc's rules checks; LLVM says so at the line.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; RUN: %hlslc validate --no-llvm-verify %s | FileCheck --check-prefix=SKIPPED %s
; CHECK: error: [IR-LLVM] LLVM's parser: floating point constant invalid for type (in line 14)
; CHECK-NOT: error:
; SKIPPED: Validation succeeded.

define void @main() {
entry:
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %u = add i32 %t, 1
  %v = fadd i32 %u, 2.5
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #0

attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 1, i32 1}
