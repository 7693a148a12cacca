; A module without !dx.entryPoints: the runtime cannot load it (a library has
; one too, whose first entry has a null function).
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-ENTRY-POINTS] the module has no !dx.entryPoints: a DXIL module lists its entry functions there (a library: a first entry with a null function) (in line {{[0-9]+}})
; CHECK-NOT: error:

define void @main() {
entry:
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
