; mlp_layer_thread.ll -- an MLP layer against DXC's dx::linalg (the
; amended proposal 0035, hlslc's --linalg-revision=dxc), in the DXIL DXC
; 1.10 emits for it: Thread-scope matrices as values, the experimental
; dx.op.linAlg* opcodes, !dx.targetTypes.  One sample per thread:
;
;   h = relu(W1 x + b1)      x: 16 floats, W1: 32 x 16 fp16 in the device's
;                            MulOptimal layout, b1: 32 floats
;   y = W2 h8 + b2           h8: h converted to packed F8_E4M3FN (Convert),
;                            W2: 8 x 32 F8_E4M3FN row-major, b2: 8 floats
;   Sum += y                 (the batch's sum, InterlockedAccumulate)
;
; The HLSL it is compiled from:
;
;   #include <dx/linalg.h>
;   using namespace dx::linalg;
;   using Layer1 = Matrix<ComponentType::F16, 32, 16, MatrixUse::A, MatrixScope::Thread>;
;   using Layer2 = Matrix<ComponentType::F8_E4M3FN, 8, 32, MatrixUse::A, MatrixScope::Thread>;
;   ByteAddressBuffer Weights : register(t0);  // W1 @0, b1 @1024, W2 @1152, b2 @1408
;   ByteAddressBuffer Inputs : register(t1);   // 16 floats per sample
;   RWByteAddressBuffer Outputs : register(u0); // 8 floats per sample
;   RWByteAddressBuffer Sum : register(u1);     // 8 floats
;   [numthreads(64, 1, 1)]
;   void main(uint3 id : SV_DispatchThreadID) {
;     if (id.x >= 100) return;
;     vector<float, 16> x;                       // four Load4s
;     [unroll] for (uint i = 0; i < 4; ++i) { float4 q = asfloat(Inputs.Load4(id.x * 64 + i * 16)); x[4*i] = q.x; ... }
;     Layer1 w1 = Layer1::Load<MatrixLayout::MulOptimal>(Weights, 0, 0);
;     vector<float, 32> h = max(MultiplyAdd<float>(w1, x, LoadFloats<32>(Weights, 1024)), 0.0f);
;     Layer2 w2 = Layer2::Load<MatrixLayout::RowMajor>(Weights, 1152, 32);
;     vector<float, 8> y = MultiplyAdd<float>(w2, Convert<ComponentType::F8_E4M3FN, ComponentType::F32>(h),
;                                             LoadFloats<8>(Weights, 1408));
;     [unroll] for (uint i = 0; i < 2; ++i) Outputs.Store4(id.x * 32 + i * 16, asuint(y.xyzw...));
;     InterlockedAccumulate(Sum, 0, y);
;   }
;
; Run:  hlslc run tests/run/dxc/mlp_layer_thread.ll --pipeline samples/dxc_mlp_layer_thread.yaml
; (the pipeline is made by samples/gen_dxc_mlp_layer_thread.py).

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.LinAlgMatrixC8M32N16U0S0 = type { i8* }
%dx.types.LinAlgMatrixC21M8N32U0S0 = type { i8* }
%struct.ByteAddressBuffer = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }


define void @main() {
  %1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind zeroinitializer, i32 0, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniformIndex)
  %2 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 0 }, i32 1, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniformIndex)
  %3 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniformIndex)
  %4 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }, i32 1, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniformIndex)
  %5 = call i32 @dx.op.threadId.i32(i32 93, i32 0)  ; ThreadId(component)
  %6 = icmp ult i32 %5, 100
  br i1 %6, label %7, label %159

; <label>:7                                      ; preds = %0
  %8 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %2, %dx.types.ResourceProperties { i32 11, i32 0 })  ; AnnotateHandle(res,props)  resource: ByteAddressBuffer
  %9 = shl i32 %5, 6
  %10 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %8, i32 %9, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %11 = extractvalue %dx.types.ResRet.f32 %10, 0
  %12 = insertelement <16 x float> undef, float %11, i64 0
  %13 = extractvalue %dx.types.ResRet.f32 %10, 1
  %14 = insertelement <16 x float> %12, float %13, i64 1
  %15 = extractvalue %dx.types.ResRet.f32 %10, 2
  %16 = insertelement <16 x float> %14, float %15, i64 2
  %17 = extractvalue %dx.types.ResRet.f32 %10, 3
  %18 = insertelement <16 x float> %16, float %17, i64 3
  %19 = add i32 %9, 16
  %20 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %8, i32 %19, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %21 = extractvalue %dx.types.ResRet.f32 %20, 0
  %22 = insertelement <16 x float> %18, float %21, i64 4
  %23 = extractvalue %dx.types.ResRet.f32 %20, 1
  %24 = insertelement <16 x float> %22, float %23, i64 5
  %25 = extractvalue %dx.types.ResRet.f32 %20, 2
  %26 = insertelement <16 x float> %24, float %25, i64 6
  %27 = extractvalue %dx.types.ResRet.f32 %20, 3
  %28 = insertelement <16 x float> %26, float %27, i64 7
  %29 = add i32 %9, 32
  %30 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %8, i32 %29, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %31 = extractvalue %dx.types.ResRet.f32 %30, 0
  %32 = insertelement <16 x float> %28, float %31, i64 8
  %33 = extractvalue %dx.types.ResRet.f32 %30, 1
  %34 = insertelement <16 x float> %32, float %33, i64 9
  %35 = extractvalue %dx.types.ResRet.f32 %30, 2
  %36 = insertelement <16 x float> %34, float %35, i64 10
  %37 = extractvalue %dx.types.ResRet.f32 %30, 3
  %38 = insertelement <16 x float> %36, float %37, i64 11
  %39 = add i32 %9, 48
  %40 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %8, i32 %39, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %41 = extractvalue %dx.types.ResRet.f32 %40, 0
  %42 = insertelement <16 x float> %38, float %41, i64 12
  %43 = extractvalue %dx.types.ResRet.f32 %40, 1
  %44 = insertelement <16 x float> %42, float %43, i64 13
  %45 = extractvalue %dx.types.ResRet.f32 %40, 2
  %46 = insertelement <16 x float> %44, float %45, i64 14
  %47 = extractvalue %dx.types.ResRet.f32 %40, 3
  %48 = insertelement <16 x float> %46, float %47, i64 15
  %49 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %1, %dx.types.ResourceProperties { i32 11, i32 0 })  ; AnnotateHandle(res,props)  resource: ByteAddressBuffer
  %50 = call %dx.types.LinAlgMatrixC8M32N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M32N16U0S0(i32 -2147483634, %dx.types.Handle %49, i32 0, i32 0, i32 2, i32 128)  ; LinAlgMatrixLoadFromDescriptor(handle,offset,stride,layout,align)
  %51 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1024, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %52 = extractvalue %dx.types.ResRet.f32 %51, 0
  %53 = insertelement <32 x float> undef, float %52, i64 0
  %54 = extractvalue %dx.types.ResRet.f32 %51, 1
  %55 = insertelement <32 x float> %53, float %54, i64 1
  %56 = extractvalue %dx.types.ResRet.f32 %51, 2
  %57 = insertelement <32 x float> %55, float %56, i64 2
  %58 = extractvalue %dx.types.ResRet.f32 %51, 3
  %59 = insertelement <32 x float> %57, float %58, i64 3
  %60 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1040, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %61 = extractvalue %dx.types.ResRet.f32 %60, 0
  %62 = insertelement <32 x float> %59, float %61, i64 4
  %63 = extractvalue %dx.types.ResRet.f32 %60, 1
  %64 = insertelement <32 x float> %62, float %63, i64 5
  %65 = extractvalue %dx.types.ResRet.f32 %60, 2
  %66 = insertelement <32 x float> %64, float %65, i64 6
  %67 = extractvalue %dx.types.ResRet.f32 %60, 3
  %68 = insertelement <32 x float> %66, float %67, i64 7
  %69 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1056, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %70 = extractvalue %dx.types.ResRet.f32 %69, 0
  %71 = insertelement <32 x float> %68, float %70, i64 8
  %72 = extractvalue %dx.types.ResRet.f32 %69, 1
  %73 = insertelement <32 x float> %71, float %72, i64 9
  %74 = extractvalue %dx.types.ResRet.f32 %69, 2
  %75 = insertelement <32 x float> %73, float %74, i64 10
  %76 = extractvalue %dx.types.ResRet.f32 %69, 3
  %77 = insertelement <32 x float> %75, float %76, i64 11
  %78 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1072, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %79 = extractvalue %dx.types.ResRet.f32 %78, 0
  %80 = insertelement <32 x float> %77, float %79, i64 12
  %81 = extractvalue %dx.types.ResRet.f32 %78, 1
  %82 = insertelement <32 x float> %80, float %81, i64 13
  %83 = extractvalue %dx.types.ResRet.f32 %78, 2
  %84 = insertelement <32 x float> %82, float %83, i64 14
  %85 = extractvalue %dx.types.ResRet.f32 %78, 3
  %86 = insertelement <32 x float> %84, float %85, i64 15
  %87 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1088, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %88 = extractvalue %dx.types.ResRet.f32 %87, 0
  %89 = insertelement <32 x float> %86, float %88, i64 16
  %90 = extractvalue %dx.types.ResRet.f32 %87, 1
  %91 = insertelement <32 x float> %89, float %90, i64 17
  %92 = extractvalue %dx.types.ResRet.f32 %87, 2
  %93 = insertelement <32 x float> %91, float %92, i64 18
  %94 = extractvalue %dx.types.ResRet.f32 %87, 3
  %95 = insertelement <32 x float> %93, float %94, i64 19
  %96 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1104, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %97 = extractvalue %dx.types.ResRet.f32 %96, 0
  %98 = insertelement <32 x float> %95, float %97, i64 20
  %99 = extractvalue %dx.types.ResRet.f32 %96, 1
  %100 = insertelement <32 x float> %98, float %99, i64 21
  %101 = extractvalue %dx.types.ResRet.f32 %96, 2
  %102 = insertelement <32 x float> %100, float %101, i64 22
  %103 = extractvalue %dx.types.ResRet.f32 %96, 3
  %104 = insertelement <32 x float> %102, float %103, i64 23
  %105 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1120, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %106 = extractvalue %dx.types.ResRet.f32 %105, 0
  %107 = insertelement <32 x float> %104, float %106, i64 24
  %108 = extractvalue %dx.types.ResRet.f32 %105, 1
  %109 = insertelement <32 x float> %107, float %108, i64 25
  %110 = extractvalue %dx.types.ResRet.f32 %105, 2
  %111 = insertelement <32 x float> %109, float %110, i64 26
  %112 = extractvalue %dx.types.ResRet.f32 %105, 3
  %113 = insertelement <32 x float> %111, float %112, i64 27
  %114 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1136, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %115 = extractvalue %dx.types.ResRet.f32 %114, 0
  %116 = insertelement <32 x float> %113, float %115, i64 28
  %117 = extractvalue %dx.types.ResRet.f32 %114, 1
  %118 = insertelement <32 x float> %116, float %117, i64 29
  %119 = extractvalue %dx.types.ResRet.f32 %114, 2
  %120 = insertelement <32 x float> %118, float %119, i64 30
  %121 = extractvalue %dx.types.ResRet.f32 %114, 3
  %122 = insertelement <32 x float> %120, float %121, i64 31
  %123 = call <32 x float> @dx.op.linAlgMatVecMulAdd.v32f32.mC8M32N16U0S0.v16f32.v32f32(i32 -2147483622, %dx.types.LinAlgMatrixC8M32N16U0S0 %50, i1 true, <16 x float> %48, i32 9, <32 x float> %122)  ; LinAlgMatVecMulAdd(matrix,isOutputSigned,inputVector,inputInterpretation,biasVector)
  %124 = fcmp fast ogt <32 x float> %123, zeroinitializer
  %125 = select <32 x i1> %124, <32 x float> %123, <32 x float> zeroinitializer
  %126 = call <8 x i32> @dx.op.linAlgConvert.v8i32.v32f32(i32 -2147483618, <32 x float> %125, i32 9, i32 21)  ; LinAlgConvert(inputVector,inputInterpretation,outputInterpretation)
  %127 = call %dx.types.LinAlgMatrixC21M8N32U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC21M8N32U0S0(i32 -2147483634, %dx.types.Handle %49, i32 1152, i32 32, i32 0, i32 128)  ; LinAlgMatrixLoadFromDescriptor(handle,offset,stride,layout,align)
  %128 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1408, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %129 = extractvalue %dx.types.ResRet.f32 %128, 0
  %130 = insertelement <8 x float> undef, float %129, i64 0
  %131 = extractvalue %dx.types.ResRet.f32 %128, 1
  %132 = insertelement <8 x float> %130, float %131, i64 1
  %133 = extractvalue %dx.types.ResRet.f32 %128, 2
  %134 = insertelement <8 x float> %132, float %133, i64 2
  %135 = extractvalue %dx.types.ResRet.f32 %128, 3
  %136 = insertelement <8 x float> %134, float %135, i64 3
  %137 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %49, i32 1424, i32 undef, i8 15, i32 4)  ; RawBufferLoad(srv,index,elementOffset,mask,alignment)
  %138 = extractvalue %dx.types.ResRet.f32 %137, 0
  %139 = insertelement <8 x float> %136, float %138, i64 4
  %140 = extractvalue %dx.types.ResRet.f32 %137, 1
  %141 = insertelement <8 x float> %139, float %140, i64 5
  %142 = extractvalue %dx.types.ResRet.f32 %137, 2
  %143 = insertelement <8 x float> %141, float %142, i64 6
  %144 = extractvalue %dx.types.ResRet.f32 %137, 3
  %145 = insertelement <8 x float> %143, float %144, i64 7
  %146 = call <8 x float> @dx.op.linAlgMatVecMulAdd.v8f32.mC21M8N32U0S0.v8i32.v8f32(i32 -2147483622, %dx.types.LinAlgMatrixC21M8N32U0S0 %127, i1 true, <8 x i32> %126, i32 21, <8 x float> %145)  ; LinAlgMatVecMulAdd(matrix,isOutputSigned,inputVector,inputInterpretation,biasVector)
  %147 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %3, %dx.types.ResourceProperties { i32 4107, i32 0 })  ; AnnotateHandle(res,props)  resource: RWByteAddressBuffer
  %148 = shl i32 %5, 5
  %149 = extractelement <8 x float> %146, i64 0
  %150 = extractelement <8 x float> %146, i64 1
  %151 = extractelement <8 x float> %146, i64 2
  %152 = extractelement <8 x float> %146, i64 3
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %147, i32 %148, i32 undef, float %149, float %150, float %151, float %152, i8 15, i32 4)  ; RawBufferStore(uav,index,elementOffset,value0,value1,value2,value3,mask,alignment)
  %153 = extractelement <8 x float> %146, i64 4
  %154 = extractelement <8 x float> %146, i64 5
  %155 = extractelement <8 x float> %146, i64 6
  %156 = extractelement <8 x float> %146, i64 7
  %157 = add i32 %148, 16
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %147, i32 %157, i32 undef, float %153, float %154, float %155, float %156, i8 15, i32 4)  ; RawBufferStore(uav,index,elementOffset,value0,value1,value2,value3,mask,alignment)
  %158 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %4, %dx.types.ResourceProperties { i32 4107, i32 0 })  ; AnnotateHandle(res,props)  resource: RWByteAddressBuffer
  call void @dx.op.linAlgVectorAccumulateToDescriptor.v8f32(i32 -2147483617, %dx.types.Handle %158, i32 0, i32 64, <8 x float> %146)  ; LinAlgVectorAccumulateToDescriptor(handle,offset,align,vector)
  br label %159

; <label>:159                                      ; preds = %7, %0
  ret void
}


; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #1

; Function Attrs: nounwind readnone
declare i32 @dx.op.threadId.i32(i32, i32) #1

; Function Attrs: nounwind readnone
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #1

; Function Attrs: nounwind readonly
declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32) #2

; Function Attrs: nounwind
declare %dx.types.LinAlgMatrixC8M32N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M32N16U0S0(i32, %dx.types.Handle, i32, i32, i32, i32) #0

; Function Attrs: nounwind
declare <32 x float> @dx.op.linAlgMatVecMulAdd.v32f32.mC8M32N16U0S0.v16f32.v32f32(i32, %dx.types.LinAlgMatrixC8M32N16U0S0, i1, <16 x float>, i32, <32 x float>) #0

; Function Attrs: nounwind
declare <8 x i32> @dx.op.linAlgConvert.v8i32.v32f32(i32, <32 x float>, i32, i32) #0

; Function Attrs: nounwind
declare %dx.types.LinAlgMatrixC21M8N32U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC21M8N32U0S0(i32, %dx.types.Handle, i32, i32, i32, i32) #0

; Function Attrs: nounwind
declare <8 x float> @dx.op.linAlgMatVecMulAdd.v8f32.mC21M8N32U0S0.v8i32.v8f32(i32, %dx.types.LinAlgMatrixC21M8N32U0S0, i1, <8 x i32>, i32, <8 x float>) #0

; Function Attrs: nounwind
declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32) #0

; Function Attrs: nounwind
declare void @dx.op.linAlgVectorAccumulateToDescriptor.v8f32(i32, %dx.types.Handle, i32, i32, <8 x float>) #0

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind readonly }

!dx.targetTypes = !{!0, !1}
!llvm.ident = !{!2}
!dx.version = !{!3}
!dx.valver = !{!3}
!dx.shaderModel = !{!4}
!dx.resources = !{!5}
!dx.entryPoints = !{!12}

!0 = !{%dx.types.LinAlgMatrixC8M32N16U0S0 undef, i32 8, i32 32, i32 16, i32 0, i32 0}
!1 = !{%dx.types.LinAlgMatrixC21M8N32U0S0 undef, i32 21, i32 8, i32 32, i32 0, i32 0}
!2 = !{!"hlslc samples: hand-lowered as DXC 1.10 lowers it"}
!3 = !{i32 1, i32 10}
!4 = !{!"cs", i32 6, i32 10}
!5 = !{!6, !9, null, null}
!6 = !{!7, !8}
!7 = !{i32 0, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i32 0, null}
!8 = !{i32 1, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 1, i32 1, i32 11, i32 0, null}
!9 = !{!10, !11}
!10 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!11 = !{i32 1, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 1, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!12 = !{void ()* @main, !"main", null, !5, !13}
!13 = !{i32 0, i64 8598323248, i32 4, !14}
!14 = !{i32 64, i32 1, i32 1}
