; A dx.op function the operation table does not know is an error, not a call
; that passes unchecked: a misspelt name (whose opcode is a known operation's),
; and an operation hlslc's table does not list.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-UNKNOWN-OPERATION] '@dx.op.threadID.i32' is not a DXIL operation the operation table knows (no function 'dx.op.threadID' in docs/operations.md); opcode 93 is ThreadId, whose function is 'dx.op.threadId'
; CHECK: error: [IR-UNKNOWN-OPERATION] '@dx.op.quantumEntangle' is not a DXIL operation the operation table knows (no function 'dx.op.quantumEntangle' in docs/operations.md); opcode 9999 is no operation either
; CHECK-NOT: error:

define void @main() {
entry:
  %t = call i32 @dx.op.threadID.i32(i32 93, i32 0)
  call void @dx.op.quantumEntangle(i32 9999)
  ret void
}

declare i32 @dx.op.threadID.i32(i32, i32)
declare void @dx.op.quantumEntangle(i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 1, i32 1}
