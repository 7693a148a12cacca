; gemm_wave.ll -- a GEMM against DXC's dx::linalg (the amended proposal
; 0035, hlslc's --linalg-revision=dxc), in the DXIL DXC 1.10 emits for it:
; value-typed %dx.types.LinAlgMatrix... matrices, the experimental
; dx.op.linAlg* opcodes, !dx.targetTypes.  C = 0.5 * A x B, A 64x96 and B
; 96x48 fp16 row-major, C fp32; one wave per 16x16 tile of C, the K loop
; multiply-accumulating in fp32, the scale done element by element on each
; lane's slice of the accumulator (Length, Get, Set).
;
; The HLSL it is compiled from:
;
;   #include <dx/linalg.h>
;   using namespace dx::linalg;
;   using TileA = Matrix<ComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
;   using TileB = Matrix<ComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
;   using TileC = Matrix<ComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
;   ByteAddressBuffer MatA : register(t0);     // 64 x 96 halves
;   ByteAddressBuffer MatB : register(t1);     // 96 x 48 halves
;   RWByteAddressBuffer MatC : register(u0);   // 64 x 48 floats
;   [numthreads(32, 1, 1)]
;   void main(uint3 group : SV_GroupID) {
;     uint row = group.y * 16, col = group.x * 16;
;     TileC acc = TileC::Splat(0.0f);
;     for (uint k = 0; k < 96; k += 16) {
;       TileA a = TileA::Load(MatA, (row * 96 + k) * 2, 96 * 2, MatrixLayout::RowMajor);
;       TileB b = TileB::Load(MatB, (k * 48 + col) * 2, 48 * 2, MatrixLayout::RowMajor);
;       acc.MultiplyAccumulate(a, b);
;     }
;     for (uint i = 0; i < acc.Length(); ++i)
;       acc.Set(i, acc.Get(i) * 0.5f);
;     acc.Store(MatC, (row * 48 + col) * 4, 48 * 4, MatrixLayout::RowMajor);
;   }
;
; Run:  hlslc run tests/run/dxc/gemm_wave.ll --pipeline samples/dxc_gemm_wave.yaml
; (the pipeline is made by samples/gen_dxc_gemm_wave.py).

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC9M16N16U2S1 = type { i8* }
%dx.types.LinAlgMatrixC8M16N16U0S1 = type { i8* }
%dx.types.LinAlgMatrixC8M16N16U1S1 = type { i8* }
%struct.ByteAddressBuffer = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
entry:
  %0 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniformIndex)
  %1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 0 }, i32 1, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind zeroinitializer, i32 0, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniformIndex)
  %3 = call i32 @dx.op.groupId.i32(i32 94, i32 0)  ; GroupId(component)
  %4 = call i32 @dx.op.groupId.i32(i32 94, i32 1)  ; GroupId(component)
  %5 = shl i32 %4, 4
  %6 = shl i32 %3, 4
  %7 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 0.000000e+00)  ; LinAlgFillMatrix(value)
  %8 = mul i32 %5, 96
  %9 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %2, %dx.types.ResourceProperties { i32 11, i32 0 })  ; AnnotateHandle(res,props)  resource: ByteAddressBuffer
  %10 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %1, %dx.types.ResourceProperties { i32 11, i32 0 })  ; AnnotateHandle(res,props)  resource: ByteAddressBuffer
  br label %11

; <label>:11                                      ; preds = %11, %entry
  %12 = phi i32 [ 0, %entry ], [ %21, %11 ]
  %13 = phi %dx.types.LinAlgMatrixC9M16N16U2S1 [ %7, %entry ], [ %22, %11 ]
  %14 = add i32 %12, %8
  %15 = shl i32 %14, 1
  %16 = call %dx.types.LinAlgMatrixC8M16N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M16N16U0S1(i32 -2147483634, %dx.types.Handle %9, i32 %15, i32 192, i32 0, i32 128)  ; LinAlgMatrixLoadFromDescriptor(handle,offset,stride,layout,align)
  %17 = mul i32 %12, 48
  %18 = add i32 %17, %6
  %19 = shl i32 %18, 1
  %20 = call %dx.types.LinAlgMatrixC8M16N16U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M16N16U1S1(i32 -2147483634, %dx.types.Handle %10, i32 %19, i32 96, i32 0, i32 128)  ; LinAlgMatrixLoadFromDescriptor(handle,offset,stride,layout,align)
  %21 = add i32 %12, 16
  %22 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M16N16U2S1.mC8M16N16U0S1.mC8M16N16U1S1.mC9M16N16U2S1(i32 -2147483637, %dx.types.LinAlgMatrixC8M16N16U0S1 %16, %dx.types.LinAlgMatrixC8M16N16U1S1 %20, %dx.types.LinAlgMatrixC9M16N16U2S1 %13)  ; LinAlgMatrixMultiplyAccumulate(matrixA,matrixB,matrixC)
  %23 = icmp ult i32 %21, 96
  br i1 %23, label %11, label %24

; <label>:24                                      ; preds = %11
  %25 = call i32 @dx.op.linAlgMatrixLength.mC9M16N16U2S1(i32 -2147483632, %dx.types.LinAlgMatrixC9M16N16U2S1 %22)  ; LinAlgMatrixLength(matrix)
  %26 = icmp eq i32 %25, 0
  br i1 %26, label %36, label %27

; <label>:27                                      ; preds = %27, %24
  %28 = phi i32 [ %33, %27 ], [ 0, %24 ]
  %29 = phi %dx.types.LinAlgMatrixC9M16N16U2S1 [ %32, %27 ], [ %22, %24 ]
  %30 = call float @dx.op.linAlgMatrixGetElement.f32.mC9M16N16U2S1(i32 -2147483630, %dx.types.LinAlgMatrixC9M16N16U2S1 %29, i32 %28)  ; LinAlgMatrixGetElement(matrix,threadLocalIndex)
  %31 = fmul fast float %30, 5.000000e-01
  %32 = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixSetElement.mC9M16N16U2S1.mC9M16N16U2S1.f32(i32 -2147483629, %dx.types.LinAlgMatrixC9M16N16U2S1 %29, i32 %28, float %31)  ; LinAlgMatrixSetElement(matrix,threadLocalIndex,value)
  %33 = add i32 %28, 1
  %34 = call i32 @dx.op.linAlgMatrixLength.mC9M16N16U2S1(i32 -2147483632, %dx.types.LinAlgMatrixC9M16N16U2S1 %32)  ; LinAlgMatrixLength(matrix)
  %35 = icmp ult i32 %33, %34
  br i1 %35, label %27, label %36

; <label>:36                                      ; preds = %27, %24
  %37 = phi %dx.types.LinAlgMatrixC9M16N16U2S1 [ %22, %24 ], [ %32, %27 ]
  %38 = mul i32 %5, 48
  %39 = add i32 %38, %6
  %40 = shl i32 %39, 2
  %41 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %0, %dx.types.ResourceProperties { i32 4107, i32 0 })  ; AnnotateHandle(res,props)  resource: RWByteAddressBuffer
  call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M16N16U2S1 %37, %dx.types.Handle %41, i32 %40, i32 192, i32 0, i32 128)  ; LinAlgMatrixStoreToDescriptor(matrix,handle,offset,stride,layout,align)
  ret void
}

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #1

; Function Attrs: nounwind readnone
declare i32 @dx.op.groupId.i32(i32, i32) #1

; Function Attrs: nounwind
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32, float) #0

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #1

; Function Attrs: nounwind
declare %dx.types.LinAlgMatrixC8M16N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M16N16U0S1(i32, %dx.types.Handle, i32, i32, i32, i32) #0

; Function Attrs: nounwind
declare %dx.types.LinAlgMatrixC8M16N16U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M16N16U1S1(i32, %dx.types.Handle, i32, i32, i32, i32) #0

; Function Attrs: nounwind
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M16N16U2S1.mC8M16N16U0S1.mC8M16N16U1S1.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC8M16N16U0S1, %dx.types.LinAlgMatrixC8M16N16U1S1, %dx.types.LinAlgMatrixC9M16N16U2S1) #0

; Function Attrs: nounwind
declare i32 @dx.op.linAlgMatrixLength.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1) #0

; Function Attrs: nounwind
declare float @dx.op.linAlgMatrixGetElement.f32.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, i32) #0

; Function Attrs: nounwind
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixSetElement.mC9M16N16U2S1.mC9M16N16U2S1.f32(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, i32, float) #0

; Function Attrs: nounwind
declare void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32, %dx.types.LinAlgMatrixC9M16N16U2S1, %dx.types.Handle, i32, i32, i32, i32) #0

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }

!dx.targetTypes = !{!0, !1, !2}
!llvm.ident = !{!3}
!dx.version = !{!4}
!dx.valver = !{!4}
!dx.shaderModel = !{!5}
!dx.resources = !{!6}
!dx.entryPoints = !{!12}

!0 = !{%dx.types.LinAlgMatrixC9M16N16U2S1 undef, i32 9, i32 16, i32 16, i32 2, i32 1}
!1 = !{%dx.types.LinAlgMatrixC8M16N16U0S1 undef, i32 8, i32 16, i32 16, i32 0, i32 1}
!2 = !{%dx.types.LinAlgMatrixC8M16N16U1S1 undef, i32 8, i32 16, i32 16, i32 1, i32 1}
!3 = !{!"hlslc samples: hand-lowered as DXC 1.10 lowers it"}
!4 = !{i32 1, i32 10}
!5 = !{!"cs", i32 6, i32 10}
!6 = !{!7, !10, null, null}
!7 = !{!8, !9}
!8 = !{i32 0, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i32 0, null}
!9 = !{i32 1, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 1, i32 1, i32 11, i32 0, null}
!10 = !{!11}
!11 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!12 = !{void ()* @main, !"main", null, !6, !13}
!13 = !{i32 0, i64 8598323248, i32 4, !14}
!14 = !{i32 32, i32 1, i32 1}
