; bufferUpdateCounter on a RWByteAddressBuffer: only structured buffers have a counter
; (DXC's Sm.CounterOnlyOnStructBuf); on a StructuredBuffer SRV it needs a UAV
; (Instr.BufferUpdateCounterOnUAV).
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-RESOURCE-KIND] bufferUpdateCounter changes the counter only structured buffers have, so its handle must be a StructuredBuffer, but it is a UAV (RawBuffer)
; CHECK: error: [IR-RESOURCE-KIND] bufferUpdateCounter changes a buffer's hidden counter, so its handle must be a UAV, but it is an SRV (StructuredBuffer)
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }

define void @main() {
entry:
  %rwraw.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %rwraw = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rwraw.b, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %structured.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %structured = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %structured.b, %dx.types.ResourceProperties { i32 12, i32 4 })
  %n = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %rwraw, i8 1)
  %m = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %structured, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
