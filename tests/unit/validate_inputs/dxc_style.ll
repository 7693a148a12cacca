; IR in the style of DXC (LLVM 3.7): unnamed blocks as '; <label>:N' comments,
; !dbg attachments, attribute groups, tail calls, an opaque struct, a switch over
; several lines.  A Wave-scope createMatrix under a branch on the thread ID.
; ModuleID = 'main'
source_filename = "main"
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%struct.RWByteAddressBuffer = type { i32 }
%dx.types.MatrixRef = type opaque

@"\01?g@@3PAMA" = external addrspace(3) global [64 x float], align 4
@llvm.used = appending global [1 x i8*] [i8* bitcast (void ()* @main to i8*)], section "llvm.metadata"

define void @main() #0 {
  %1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false), !dbg !20
  %2 = tail call i32 @dx.op.threadId.i32(i32 93, i32 0), !dbg !20
  %3 = icmp eq i32 %2, 0, !dbg !20
  br i1 %3, label %4, label %6, !dbg !20

; <label>:4                                       ; preds = %0
  %5 = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1), !dbg !21
  br label %6

; <label>:6                                       ; preds = %4, %0
  switch i32 %2, label %7 [
    i32 0, label %7
    i32 1, label %7
  ]

; <label>:7
  ret void, !dbg !20
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #1
declare %dx.types.MatrixRef* @dx.op.createMatrix(i32, i32, i32, i32, i32, i32) #2

attributes #0 = { nounwind "hlsl.numthreads"="64,1,1" }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}
!0 = !{!"dxc"}
!1 = !{i32 1, i32 10}
!2 = !{!"cs", i32 6, i32 10}
!3 = !{void ()* @main, !"main", null, null, !4}
!4 = !{i32 4, !5}
!5 = !{i32 64, i32 1, i32 1}
!20 = !DILocation(line: 7, column: 3, scope: !22)
!21 = !DILocation(line: 9, column: 5, scope: !22)
!22 = distinct !DISubprogram(name: "main", file: !23)
!23 = !DIFile(filename: "t.hlsl", directory: "/")
