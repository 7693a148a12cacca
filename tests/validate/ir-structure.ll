; What LLVM itself requires of a module, checked by hlslc's own rules (on every
; compile too): every name an instruction uses is defined (a value, a declared
; function), every block ends in a terminator, and a call passes the argument
; types its function declares (typed pointers compared as written).
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-UNDEFINED-VALUE] %missing is not defined in @main (no instruction, parameter or named type has that name) (in function '@main', line {{[0-9]+}}: %sum = add i32 %t, %missing)
; CHECK: error: [IR-TERMINATOR] block 'entry' of @helper ends with 'add', not a terminator (ret, br, switch or unreachable) (in function '@helper', line {{[0-9]+}}: %y = add i32 %x, 1)
; CHECK: error: [IR-UNDEFINED-VALUE] the call names @notDeclared, which the module neither declares nor defines
; CHECK: error: [IR-CALL-TYPES] the call passes 'void (i32, i32 addrspace(3)*)', but @sink is declared 'void (i32, float addrspace(3)*)' (line {{[0-9]+}})
; CHECK: error: [IR-CALL-TYPES] the call passes 'i32 (i32)', but @dx.op.threadId.i32 is declared 'i32 (i32, i32)' (line {{[0-9]+}})
; CHECK: error: [IR-SIGNATURE] call of ThreadId passes 'i32 (i32)', but the operation is 'i32 (i32, i32)'
; CHECK-NOT: error:

@Counts = internal addrspace(3) global [4 x i32] undef

define void @main() {
entry:
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %sum = add i32 %t, %missing
  call void @notDeclared(i32 %sum)
  call void @sink(i32 1, i32 addrspace(3)* getelementptr inbounds ([4 x i32], [4 x i32] addrspace(3)* @Counts, i32 0, i32 0))
  %u = call i32 @dx.op.threadId.i32(i32 93)
  ret void
}

define void @helper(i32 %x) {
entry:
  %y = add i32 %x, 1
}

declare void @sink(i32, float addrspace(3)*)
declare i32 @dx.op.threadId.i32(i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 1, i32 1}
