; Handles kept in local variables (an array of handles stored whole, as hlslc
; writes a local resource array) are followed to the handles stored there: an
; atomicBinOp on an element of an array of ByteAddressBuffers is an error.  A
; handle the validator cannot follow (a parameter of an exported function, a
; variable whose address escapes into a call) is never reported.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-RESOURCE-KIND] atomicBinOp updates memory atomically, so its handle must be a UAV, but it is an SRV (RawBuffer) (in function '@main', line {{[0-9]+}}: %old = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %h,
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }

define void @main() {
entry:
  %list = alloca [2 x %dx.types.Handle]
  %escaped = alloca %dx.types.Handle
  %a.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 1, i32 0, i8 0 }, i32 0, i1 false)
  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %a.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %b.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 1, i32 0, i8 0 }, i32 1, i1 false)
  %b = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %l.0 = insertvalue [2 x %dx.types.Handle] undef, %dx.types.Handle %a, 0
  %l.1 = insertvalue [2 x %dx.types.Handle] %l.0, %dx.types.Handle %b, 1
  store [2 x %dx.types.Handle] %l.1, [2 x %dx.types.Handle]* %list
  %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %slot = getelementptr [2 x %dx.types.Handle], [2 x %dx.types.Handle]* %list, i32 0, i32 %tid
  %h = load %dx.types.Handle, %dx.types.Handle* %slot
  %old = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %h, i32 0, i32 0, i32 undef, i32 undef, i32 1)
  store %dx.types.Handle %a, %dx.types.Handle* %escaped
  call void @fill(%dx.types.Handle* %escaped)
  %e = load %dx.types.Handle, %dx.types.Handle* %escaped
  %old.1 = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %e, i32 0, i32 0, i32 undef, i32 undef, i32 1)
  ret void
}

define void @fill(%dx.types.Handle* %out) {
entry:
  ret void
}

define void @exported(%dx.types.Handle %param) {
entry:
  %old = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %param, i32 0, i32 0, i32 undef, i32 undef, i32 1)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare i32 @dx.op.atomicBinOp.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"lib", i32 6, i32 6}
!2 = !{null, !"", null, null, null}
