; A small module that passes every rule of the IR validator; the tests in
; test_validate.py break one rule at a time by editing one line of it.
target triple = "dxil-ms-dx"

%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.Handle = type { i8* }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.MatrixRef = type { i8* }

@Tile = internal addrspace(3) global [1024 x half] undef

define void @main() {
entry:
  %acc.slot = alloca %dx.types.MatrixRef*
  %srv.0 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %srv = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %srv.0, %dx.types.ResourceProperties { i32 11, i32 0 })
  %uav.0 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %uav = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %uav.0, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %a = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 32, i32 0, i32 1)
  call void @dx.op.matrixLoadFromDescriptor(i32 405, %dx.types.MatrixRef* %a, %dx.types.Handle %srv, i32 0, i32 64, i32 0)
  %b = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 32, i32 16, i32 1, i32 1)
  %gs = getelementptr [1024 x half], [1024 x half] addrspace(3)* @Tile, i32 0, i32 0
  call void @dx.op.matrixLoadFromMemory.p3f16(i32 406, %dx.types.MatrixRef* %b, half addrspace(3)* %gs, i32 0, i32 16, i32 0)
  %c = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
  call void @dx.op.fillMatrix.f32(i32 401, %dx.types.MatrixRef* %c, float 0.0)
  store %dx.types.MatrixRef* %c, %dx.types.MatrixRef** %acc.slot
  %c.1 = load %dx.types.MatrixRef*, %dx.types.MatrixRef** %acc.slot
  call void @dx.op.matrixOp(i32 413, %dx.types.MatrixRef* %a, %dx.types.MatrixRef* %b, %dx.types.MatrixRef* %c.1)
  call void @dx.op.matrixElementwiseBinaryOp.f32(i32 404, i32 3, %dx.types.MatrixRef* %c.1, float 2.0)
  call void @dx.op.matrixElementwiseUnaryOp(i32 403, i32 2, %dx.types.MatrixRef* %c.1)
  %h = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 16, i32 2, i32 1)
  call void @dx.op.castMatrix(i32 402, %dx.types.MatrixRef* %h, %dx.types.MatrixRef* %c.1)
  call void @dx.op.matrixStoreToDescriptor(i32 408, %dx.types.MatrixRef* %h, %dx.types.Handle %uav, i32 0, i32 64, i32 0)
  %v = call <16 x half> @dx.op.matrixExtractToThreads.v16f16(i32 410, %dx.types.MatrixRef* %a, i32 0)
  call void @dx.op.matrixLoadFromThreads.v16f16(i32 407, %dx.types.MatrixRef* %a, <16 x half> %v)
  %w = call %dx.types.MatrixRef* @dx.op.createMatrix(i32 400, i32 8, i32 16, i32 8, i32 1, i32 0)
  call void @dx.op.matrixLoadFromDescriptor(i32 405, %dx.types.MatrixRef* %w, %dx.types.Handle %srv, i32 4096, i32 0, i32 2)
  %y = call <8 x float> @dx.op.matvecmul.v8f32.v16f16(i32 415, <16 x half> %v, %dx.types.MatrixRef* %w)
  %x8 = fptrunc <8 x float> %y to <8 x half>
  %o = call %dx.types.MatrixRef* @dx.op.matrixOuterProduct.v16f16.v8f16(i32 419, i32 8, i32 16, i32 8, i32 0, <16 x half> %v, <8 x half> %x8)
  call void @dx.op.matrixAccumulateToDescriptor(i32 417, %dx.types.MatrixRef* %o, %dx.types.Handle %uav, i32 8192, i32 0, i32 3)
  %cond = icmp ult i32 %tid, 8
  br i1 %cond, label %then, label %done

then:
  call void @dx.op.barrier(i32 80, i32 2)
  br label %done

done:
  call void @dx.op.barrier(i32 80, i32 9)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) nounwind readnone
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) nounwind readnone
declare i32 @dx.op.threadId.i32(i32, i32) nounwind readnone
declare %dx.types.MatrixRef* @dx.op.createMatrix(i32, i32, i32, i32, i32, i32) nounwind
declare void @dx.op.matrixLoadFromDescriptor(i32, %dx.types.MatrixRef*, %dx.types.Handle, i32, i32, i32) nounwind
declare void @dx.op.matrixLoadFromMemory.p3f16(i32, %dx.types.MatrixRef*, half addrspace(3)*, i32, i32, i32) nounwind
declare void @dx.op.fillMatrix.f32(i32, %dx.types.MatrixRef*, float) nounwind
declare void @dx.op.matrixOp(i32, %dx.types.MatrixRef*, %dx.types.MatrixRef*, %dx.types.MatrixRef*) nounwind
declare void @dx.op.matrixElementwiseBinaryOp.f32(i32, i32, %dx.types.MatrixRef*, float) nounwind
declare void @dx.op.matrixElementwiseUnaryOp(i32, i32, %dx.types.MatrixRef*) nounwind
declare void @dx.op.castMatrix(i32, %dx.types.MatrixRef*, %dx.types.MatrixRef*) nounwind
declare void @dx.op.matrixStoreToDescriptor(i32, %dx.types.MatrixRef*, %dx.types.Handle, i32, i32, i32) nounwind
declare <16 x half> @dx.op.matrixExtractToThreads.v16f16(i32, %dx.types.MatrixRef*, i32) nounwind
declare void @dx.op.matrixLoadFromThreads.v16f16(i32, %dx.types.MatrixRef*, <16 x half>) nounwind
declare <8 x float> @dx.op.matvecmul.v8f32.v16f16(i32, <16 x half>, %dx.types.MatrixRef*) nounwind readonly
declare %dx.types.MatrixRef* @dx.op.matrixOuterProduct.v16f16.v8f16(i32, i32, i32, i32, i32, <16 x half>, <8 x half>) nounwind
declare void @dx.op.matrixAccumulateToDescriptor(i32, %dx.types.MatrixRef*, %dx.types.Handle, i32, i32, i32) nounwind
declare void @dx.op.barrier(i32, i32) noduplicate nounwind

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!dx.linalg.matrixUses = !{!5, !6}
!0 = !{i32 1, i32 10}
!1 = !{!"cs", i32 6, i32 10}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4, i32 23, !7}
!4 = !{i32 64, i32 1, i32 1}
!7 = !{i32 32, i32 0, i32 0}
!5 = !{i32 16, i32 16, i32 32, i32 1, i32 8, i32 9}
!6 = !{i32 1, i32 8, i32 16, i32 0, i32 8, i32 9}
