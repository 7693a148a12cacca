; atomicBinOp and atomicCompareExchange on a ByteAddressBuffer (an SRV): atomics on
; resources need a UAV (DXC's Instr.AtomicIntrinNonUAV).  The handle comes through a
; select of two SRVs.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-RESOURCE-KIND] atomicBinOp updates memory atomically, so its handle must be a UAV, but it is an SRV (RawBuffer)
; CHECK: error: [IR-RESOURCE-KIND] atomicCompareExchange updates memory atomically, so its handle must be a UAV, but it is an SRV (RawBuffer)
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }

define void @main() {
entry:
  %raw.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %raw = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %raw.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %raw2.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 0 }, i32 1, i1 false)
  %raw2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %raw2.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %odd = icmp ne i32 %tid, 0
  %h = select i1 %odd, %dx.types.Handle %raw, %dx.types.Handle %raw2
  %old = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %h, i32 0, i32 0, i32 undef, i32 undef, i32 1)
  %prev = call i32 @dx.op.atomicCompareExchange.i32(i32 79, %dx.types.Handle %raw, i32 4, i32 undef, i32 undef, i32 0, i32 %old)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare i32 @dx.op.atomicBinOp.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32)
declare i32 @dx.op.atomicCompareExchange.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
