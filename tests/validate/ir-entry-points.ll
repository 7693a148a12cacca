; !dx.entryPoints lists the module's entries: here one names a function the
; module only declares, and one is not a tuple of five operands.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-ENTRY-POINTS] !dx.entryPoints entry !2 names @main, which the module declares but does not define (in line {{[0-9]+}})
; CHECK: error: [IR-ENTRY-POINTS] !dx.entryPoints entry !4 is !{void ()* @other, !"other"}, not !{function, name, signatures, resources, properties}
; CHECK-NOT: error:

define void @other() {
entry:
  ret void
}

declare void @main()

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !4}
!0 = !{i32 1, i32 6}
!1 = !{!"lib", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 8, i32 5}
!4 = !{void ()* @other, !"other"}
