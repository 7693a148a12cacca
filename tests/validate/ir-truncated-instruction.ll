; A module cut off in the middle of an instruction, inside a function: also
; IR-TRUNCATED, not a line the reader cannot read.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-TRUNCATED] line {{[0-9]+}}: the text ends inside the body of @main (begun at line {{[0-9]+}}), in the middle of an instruction: '%b = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %d'
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }

define void @main() {
entry:
  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %b = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.Resou
