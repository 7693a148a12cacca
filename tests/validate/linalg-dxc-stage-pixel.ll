; A pixel shader with dx.op.linAlg* operations: the Thread scope ones are
; allowed in every stage; the 13 Wave and ThreadGroup scope ones only in
; compute shaders (Sm.Opcode), and groupshared memory needs a thread group
; (Sm.TGSMUnsupported); DXC then sums up the entry's incompatibilities.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; RUN: not %hlslc validate -fdiagnostics-format=dxv %s | FileCheck --check-prefix=DXV %s
; CHECK: error: [IR-STAGE] Opcode LinAlgFillMatrix not valid in shader model ps_6_10.
; CHECK: error: [IR-STAGE] Opcode LinAlgMatrixLoadFromMemory not valid in shader model ps_6_10.
; CHECK: error: [IR-STAGE] Opcode LinAlgMatrixMultiply not valid in shader model ps_6_10.
; CHECK: error: [IR-GROUPSHARED-STAGE] Thread Group Shared Memory not supported from non-compute entry points.
; CHECK: error: [IR-ENTRY-INCOMPATIBLE] Entry function performs some operation that is incompatible with the shader stage or other entry properties.  See other errors for details.
; CHECK: error: [IR-FUNCTION-STAGE] Function uses features incompatible with the shader stage (ps) of the entry function.
; CHECK: error: [IR-FUNCTION-GROUP] Function requires a visible group, but is called from a shader without one.
; CHECK-NOT: error:
; DXV: Function: main: error: Thread Group Shared Memory not supported from non-compute entry points.
; DXV-NEXT: note: at {{.*}}@dx.op.linAlgMatrixLoadFromMemory
; DXV-NEXT: Function: main: error: Opcode LinAlgFillMatrix not valid in shader model ps_6_10.
; DXV-NEXT: note: at {{.*}}@dx.op.linAlgFillMatrix
; DXV-NEXT: Function: main: error: Opcode LinAlgMatrixLoadFromMemory not valid in shader model ps_6_10.
; DXV-NEXT: note: at {{.*}}@dx.op.linAlgMatrixLoadFromMemory
; DXV-NEXT: Function: main: error: Opcode LinAlgMatrixMultiply not valid in shader model ps_6_10.
; DXV-NEXT: note: at {{.*}}@dx.op.linAlgMatrixMultiply
; DXV-NEXT: Function: main: error: Entry function performs some operation that is incompatible with the shader stage or other entry properties.  See other errors for details.
; DXV-NEXT: Function: main: error: Function uses features incompatible with the shader stage (ps) of the entry function.
; DXV-NEXT: Function: main: error: Function requires a visible group, but is called from a shader without one.
; DXV-NEXT: Validation failed.

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC8M8N16U0S0 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U0S1 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U1S1 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U2S1 = type { i8* }

@Tile = external addrspace(3) global [256 x float], align 4

define void @main() {
entry:
  %srv.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %srv = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %srv.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %uav.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %uav = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %uav.b, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %w = call %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32 -2147483634, %dx.types.Handle %srv, i32 0, i32 0, i32 2, i32 128)
  %y = call <8 x half> @dx.op.linAlgMatVecMul.v8f16.mC8M8N16U0S0.v16f16(i32 -2147483623, %dx.types.LinAlgMatrixC8M8N16U0S0 %w, i1 true, <16 x half> zeroinitializer, i32 8)
  %a = call %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgFillMatrix.mC9M16N16U0S1.f32(i32 -2147483636, float 1.000000e+00)
  %b = call %dx.types.LinAlgMatrixC9M16N16U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M16N16U1S1.f32(i32 -2147483633, float addrspace(3)* getelementptr inbounds ([256 x float], [256 x float] addrspace(3)* @Tile, i32 0, i32 0), i32 0, i32 16, i32 0)
  %c = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiply.mC9M16N16U2S1.mC9M16N16U0S1.mC9M16N16U1S1(i32 -2147483625, %dx.types.LinAlgMatrixC9M16N16U0S1 %a, %dx.types.LinAlgMatrixC9M16N16U1S1 %b)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare <8 x half> @dx.op.linAlgMatVecMul.v8f16.mC8M8N16U0S0.v16f16(i32, %dx.types.LinAlgMatrixC8M8N16U0S0, i1, <16 x half>, i32) #0
declare %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgFillMatrix.mC9M16N16U0S1.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC9M16N16U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M16N16U1S1.f32(i32, float addrspace(3)*, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiply.mC9M16N16U2S1.mC9M16N16U0S1.mC9M16N16U1S1(i32, %dx.types.LinAlgMatrixC9M16N16U0S1, %dx.types.LinAlgMatrixC9M16N16U1S1) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0, !1, !2, !3}
!dx.version = !{!4}
!dx.valver = !{!4}
!dx.shaderModel = !{!5}
!dx.entryPoints = !{!6}

!0 = !{%dx.types.LinAlgMatrixC8M8N16U0S0 undef, i32 8, i32 8, i32 16, i32 0, i32 0}
!1 = !{%dx.types.LinAlgMatrixC9M16N16U0S1 undef, i32 9, i32 16, i32 16, i32 0, i32 1}
!2 = !{%dx.types.LinAlgMatrixC9M16N16U1S1 undef, i32 9, i32 16, i32 16, i32 1, i32 1}
!3 = !{%dx.types.LinAlgMatrixC9M16N16U2S1 undef, i32 9, i32 16, i32 16, i32 2, i32 1}
!4 = !{i32 1, i32 10}
!5 = !{!"ps", i32 6, i32 10}
!6 = !{void ()* @main, !"main", null, null, !7}
!7 = !{i32 4, !8}
!8 = !{i32 32, i32 1, i32 1}
