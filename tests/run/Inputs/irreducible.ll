; IR as another producer might write it: phis, and a cycle with two
; entries (irreducible: no structure to find), which the executor runs with
; the immediate post-dominators as merge points.
target triple = "dxil-ms-dx"

%"dx.types.Handle" = type {i8*}
%"struct.RWStructuredBuffer<uint>" = type {i32}
define void @main()
{
entry:
  %Out = call %"dx.types.Handle" @"dx.op.createHandle"(i32 57, i8 1, i32 0, i32 0, i1 0)
  %i = call i32 @"dx.op.flattenedThreadIdInGroup.i32"(i32 96)
  %odd = and i32 %i, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %a, label %b
a:
  %n.a = phi i32 [ 0, %entry ], [ %n.b1, %b ]
  %n.a1 = add i32 %n.a, 1
  br label %b
b:
  %n.b = phi i32 [ 0, %entry ], [ %n.a1, %a ]
  %n.b1 = add i32 %n.b, 10
  %done = icmp ugt i32 %n.b1, 25
  br i1 %done, label %exit, label %a
exit:
  %cnt = call i32 @"dx.op.waveAllOp"(i32 135, i1 true)
  %hi = mul i32 %n.b1, 100
  %v = add i32 %hi, %cnt
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
