; IR as another producer (DXC) writes loops: rotated, with phis whose
; back-edge values do not exist the first time, and a break out of the
; loop; the wave operation in the body counts the threads still in the loop
; in each iteration, and the one after it every thread.
target triple = "dxil-ms-dx"

%"dx.types.Handle" = type {i8*}
%"struct.RWStructuredBuffer<uint>" = type {i32}
define void @main()
{
entry:
  %Out = call %"dx.types.Handle" @"dx.op.createHandle"(i32 57, i8 1, i32 0, i32 0, i1 0)
  %i = call i32 @"dx.op.flattenedThreadIdInGroup.i32"(i32 96)
  %lim = and i32 %i, 3
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %latch ]
  %brk = icmp eq i32 %k, %lim
  br i1 %brk, label %exit, label %body
body:
  %cnt = call i32 @"dx.op.waveAllOp"(i32 135, i1 true)
  %acc1 = add i32 %acc, %cnt
  %k1 = add i32 %k, 1
  br label %latch
latch:
  %more = icmp ult i32 %k1, 4
  br i1 %more, label %loop, label %exit
exit:
  %r = phi i32 [ %acc, %loop ], [ %acc1, %latch ]
  %all = call i32 @"dx.op.waveAllOp"(i32 135, i1 true)
  %hi = mul i32 %r, 100
  %v = add i32 %hi, %all
  call void @"dx.op.bufferStore.i32"(i32 69, %"dx.types.Handle" %Out, i32 %i, i32 0, i32 %v, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare i32 @"dx.op.flattenedThreadIdInGroup.i32"(i32) nounwind readnone
declare i32 @"dx.op.waveAllOp"(i32, i1) nounwind
declare %"dx.types.Handle" @"dx.op.createHandle"(i32, i8, i32, i32, i1) nounwind readonly
declare void @"dx.op.bufferStore.i32"(i32, %"dx.types.Handle", i32, i32, i32, i32, i32, i32, i8) nounwind

!dx.version = !{ !0 }
!dx.shaderModel = !{ !1 }
!dx.resources = !{ !5 }
!dx.entryPoints = !{ !8 }
!0 = !{ i32 1, i32 0 }
!1 = !{ !"cs", i32 6, i32 0 }
!2 = !{ i32 1, i32 4 }
!3 = !{ i32 0, %"struct.RWStructuredBuffer<uint>"* undef, !"Out", i32 0, i32 0, i32 1, i32 12, i1 0, i1 0, i1 0, !2 }
!4 = !{ !3 }
!5 = !{ null, !4, null, null }
!6 = !{ i32 32, i32 1, i32 1 }
!7 = !{ i32 4, !6 }
!8 = !{ void ()* @main, !"main", null, !5, !7 }
