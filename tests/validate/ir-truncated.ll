; A module cut off in the middle of a function (a write that stopped early):
; the text ends before the body's closing brace. Nothing else is checked.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; RUN: not %hlslc validate -fdiagnostics-format=dxv %s | FileCheck --check-prefix=DXV %s
; CHECK: error: [IR-TRUNCATED] line {{[0-9]+}}: the text ends inside the body of @main (begun at line {{[0-9]+}}): no closing '}'
; CHECK-NOT: error:
; DXV: shader: line {{[0-9]+}}: the text ends inside the body of @main

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }

define void @main() {
entry:
  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
