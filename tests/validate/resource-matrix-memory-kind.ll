; dx::linalg and Wave Matrix memory operations take (RW)ByteAddressBuffers:
; matrixLoadFromDescriptor from a StructuredBuffer and waveMatrix_StoreRawBuf
; through an SRV are errors.  (A linalg store to an SRV is LINALG-RESOURCE-KIND's.)
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-RESOURCE-KIND] matrixLoadFromDescriptor reads a byte-address buffer, so its handle must be a RawBuffer, but it is an SRV (StructuredBuffer)
; CHECK: error: [IR-RESOURCE-KIND] waveMatrix_StoreRawBuf writes memory, so its handle must be a UAV, but it is an SRV (RawBuffer)
; CHECK-NOT: error:

%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.Handle = type { i8* }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.MatrixRef = type { i8* }
%dx.types.waveMatrix = type { i8*, i32 }
%dx.types.waveMatProps = type { i8, i8, i32, i32 }

define void @main() {
entry:
  %wm = alloca %dx.types.waveMatrix
  %structured.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %structured = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %structured.b, %dx.types.ResourceProperties { i32 12, i32 4 })
  %raw.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 0 }, i32 1, i1 false)
  %raw = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %raw.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %a = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 16, i32 0, i32 1)
  call void @dx.op.matrixLoadFromDescriptor(i32 405, %dx.types.MatrixRef* %a, %dx.types.Handle %structured, i32 0, i32 32, i32 0)
  call void @dx.op.waveMatrix_Annotate(i32 226, %dx.types.waveMatrix* %wm, %dx.types.waveMatProps { i8 4, i8 9, i32 16, i32 16 })
  call void @dx.op.waveMatrix_StoreRawBuf(i32 231, %dx.types.waveMatrix* %wm, %dx.types.Handle %raw, i32 0, i32 64, i8 0, i1 false)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare %dx.types.MatrixRef* @dx.op.createMatrix(i32, i32, i32, i32, i32, i32)
declare void @dx.op.matrixLoadFromDescriptor(i32, %dx.types.MatrixRef*, %dx.types.Handle, i32, i32, i32)
declare void @dx.op.waveMatrix_Annotate(i32, %dx.types.waveMatrix*, %dx.types.waveMatProps)
declare void @dx.op.waveMatrix_StoreRawBuf(i32, %dx.types.waveMatrix*, %dx.types.Handle, i32, i32, i8, i1)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 10}
!1 = !{!"cs", i32 6, i32 10}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
