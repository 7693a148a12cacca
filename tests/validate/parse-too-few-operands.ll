; An instruction with too few operands (a store without its address, an
; atomicrmw without its value) is an IR-PARSE error naming the line, not a crash.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-PARSE] cannot read the IR: line 9: cannot read the instruction 'store i32 0': too few operands

define void @main() {
entry:
  %x = alloca i32
  store i32 0
  ret void
}
