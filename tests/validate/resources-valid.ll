; Every resource operation on a handle of a class and kind it accepts, and an
; atomicrmw/cmpxchg on groupshared memory: no IR-RESOURCE-KIND or
; IR-ATOMIC-TARGET finding.  Handles made as from SM 6.6
; (createHandleFromBinding + annotateHandle), one merged by a phi.
; RUN: %hlslc validate %s | FileCheck %s
; CHECK: Validation succeeded.

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }

@Shared = internal addrspace(3) global [64 x i32] undef

define void @main() {
entry:
  %typed.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %typed = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %typed.b, %dx.types.ResourceProperties { i32 10, i32 1033 })
  %raw.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 0 }, i32 1, i1 false)
  %raw = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %raw.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %tex.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 0, i8 0 }, i32 2, i1 false)
  %tex = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %tex.b, %dx.types.ResourceProperties { i32 2, i32 1033 })
  %samp.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 3 }, i32 0, i1 false)
  %samp = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %samp.b, %dx.types.ResourceProperties { i32 14, i32 0 })
  %cb.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 2 }, i32 0, i1 false)
  %cb = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %cb.b, %dx.types.ResourceProperties { i32 13, i32 16 })
  %rwtyped.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %rwtyped = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rwtyped.b, %dx.types.ResourceProperties { i32 4106, i32 1033 })
  %rwraw.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }, i32 1, i1 false)
  %rwraw = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %rwraw.b, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %counted.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 0, i8 1 }, i32 2, i1 false)
  %counted = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %counted.b, %dx.types.ResourceProperties { i32 36876, i32 4 })
  %image.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 3, i32 3, i32 0, i8 1 }, i32 3, i1 false)
  %image = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %image.b, %dx.types.ResourceProperties { i32 4098, i32 1033 })
  %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %odd = and i32 %tid, 1
  %pick = icmp eq i32 %odd, 0
  br i1 %pick, label %left, label %join

left:
  br label %join

join:
  %either = phi %dx.types.Handle [ %raw, %left ], [ %rwraw, %entry ]
  %v = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %typed, i32 %tid, i32 undef)
  %c = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %cb, i32 0)
  %r = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %either, i32 0, i32 undef, i8 1, i32 4)
  %s = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %tex, %dx.types.Handle %samp, float 5.000000e-01, float 5.000000e-01, float undef, float undef, i32 0, i32 0, i32 undef, float 0.000000e+00)
  %t = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %tex, i32 0, i32 %tid, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  %x = extractvalue %dx.types.ResRet.f32 %s, 0
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwtyped, i32 %tid, i32 undef, float %x, float %x, float %x, float %x, i8 15)
  call void @dx.op.textureStore.f32(i32 67, %dx.types.Handle %image, i32 %tid, i32 0, i32 undef, float %x, float %x, float %x, float %x, i8 15)
  %old = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %rwraw, i32 0, i32 0, i32 undef, i32 undef, i32 1)
  %prev = call i32 @dx.op.atomicCompareExchange.i32(i32 79, %dx.types.Handle %rwraw, i32 4, i32 undef, i32 undef, i32 0, i32 %old)
  %n = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %counted, i8 1)
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %counted, i32 %n, i32 0, i32 %prev, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  %slot = getelementptr [64 x i32], [64 x i32] addrspace(3)* @Shared, i32 0, i32 %tid
  %a = atomicrmw add i32 addrspace(3)* %slot, i32 1 seq_cst
  %b = cmpxchg i32 addrspace(3)* getelementptr inbounds ([64 x i32], [64 x i32] addrspace(3)* @Shared, i32 0, i32 0), i32 0, i32 %a seq_cst seq_cst
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32)
declare %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32, %dx.types.Handle, i32)
declare %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32, %dx.types.Handle, i32, i32, i8, i32)
declare %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float)
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32)
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8)
declare void @dx.op.textureStore.f32(i32, %dx.types.Handle, i32, i32, i32, float, float, float, float, i8)
declare i32 @dx.op.atomicBinOp.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32)
declare i32 @dx.op.atomicCompareExchange.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32)
declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8)
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
