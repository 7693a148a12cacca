; The barriers' flag operands, as DXC's validator checks them: SM 6.8's
; BarrierByMemoryType and BarrierByMemoryHandle take memory-type flags within
; ALL_MEMORY (0xF) and semantic flags within 0x7 (SM 6.9 adds 0x8), node
; memory only in node shaders and libraries (ALL_MEMORY excepted); the old
; Barrier must fence some memory, and not UAVs both globally and per group.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-BARRIER-FLAGS] invalid memory type flags 0x10 on BarrierByMemoryType (valid: 0xF)
; CHECK: error: [IR-BARRIER-FLAGS] invalid semantic flags 0x8 on BarrierByMemoryType (valid: 0x7)
; CHECK: error: [IR-BARRIER-FLAGS] BarrierByMemoryType names node memory (NODE_INPUT_MEMORY or NODE_OUTPUT_MEMORY) in a compute shader, which has none
; CHECK: error: [IR-BARRIER-FLAGS] invalid semantic flags 0xFFFFFFFF on BarrierByMemoryHandle (valid: 0x7)
; CHECK: error: [IR-BARRIER-FLAGS] Barrier fences UAVs both globally (UAVFenceGlobal) and for the thread group (UAVFenceThreadGroup): the group fence is useless
; CHECK: error: [IR-BARRIER-FLAGS] Barrier fences no memory (it needs UAVFenceGlobal, UAVFenceThreadGroup or TGSMFence)
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }

define void @main() {
entry:
  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %a = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h, %dx.types.ResourceProperties { i32 4108, i32 4 })
  call void @dx.op.barrierByMemoryType(i32 244, i32 3, i32 7)
  call void @dx.op.barrierByMemoryType(i32 244, i32 15, i32 1)
  call void @dx.op.barrierByMemoryType(i32 244, i32 16, i32 0)
  call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 8)
  call void @dx.op.barrierByMemoryType(i32 244, i32 4, i32 0)
  call void @dx.op.barrierByMemoryHandle(i32 245, %dx.types.Handle %a, i32 -1)
  call void @dx.op.barrier(i32 80, i32 9)
  call void @dx.op.barrier(i32 80, i32 7)
  call void @dx.op.barrier(i32 80, i32 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare void @dx.op.barrierByMemoryType(i32, i32, i32)
declare void @dx.op.barrierByMemoryHandle(i32, %dx.types.Handle, i32)
declare void @dx.op.barrier(i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!5}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 8}
!1 = !{!"cs", i32 6, i32 8}
!2 = !{void ()* @main, !"main", null, !5, !3}
!3 = !{i32 4, !4}
!4 = !{i32 8, i32 1, i32 1}
!5 = !{null, !6, null, null}
!6 = !{!7}
!7 = !{i32 0, %dx.types.Handle* undef, !"U", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !8}
!8 = !{i32 0, i32 5}
