; A library: each function's operations are checked against its entry's shader
; kind (entry property 8), and a function that is no entry against 'library'
; (lib_6_10(lib)), which the Wave and ThreadGroup scope operations do not
; allow. An any-hit entry that calls such a function gets DXC's summary at the
; entry and the stage and group conflicts at the function that introduces
; them.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; RUN: not %hlslc validate -fdiagnostics-format=dxv %s | FileCheck --check-prefix=DXV %s
; CHECK: error: [IR-STAGE] Opcode LinAlgFillMatrix not valid in shader model lib_6_10(lib).
; CHECK: error: [IR-STAGE] Opcode LinAlgMatrixLoadFromMemory not valid in shader model lib_6_10(lib).
; CHECK: error: [IR-GROUPSHARED-STAGE] Thread Group Shared Memory not supported from non-compute entry points.
; CHECK: error: [IR-ENTRY-INCOMPATIBLE] Entry function calls one or more functions using incompatible features.  See other errors for details.
; CHECK: error: [IR-FUNCTION-STAGE] Function uses features incompatible with the shader stage (anyhit) of the entry function.
; CHECK: error: [IR-FUNCTION-GROUP] Function requires a visible group, but is called from a shader without one.
; CHECK-NOT: error:
; DXV: Function: helper: error: Thread Group Shared Memory not supported from non-compute entry points.
; DXV-NEXT: note: at {{.*}}@dx.op.linAlgMatrixLoadFromMemory
; DXV-NEXT: Function: helper: error: Opcode LinAlgFillMatrix not valid in shader model lib_6_10(lib).
; DXV-NEXT: note: at {{.*}}@dx.op.linAlgFillMatrix
; DXV-NEXT: Function: helper: error: Opcode LinAlgMatrixLoadFromMemory not valid in shader model lib_6_10(lib).
; DXV-NEXT: note: at {{.*}}@dx.op.linAlgMatrixLoadFromMemory
; DXV-NEXT: Function: main: error: Entry function calls one or more functions using incompatible features.  See other errors for details.
; DXV-NEXT: Function: helper: error: Function uses features incompatible with the shader stage (anyhit) of the entry function.
; DXV-NEXT: Function: helper: error: Function requires a visible group, but is called from a shader without one.
; DXV-NEXT: Validation failed.

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.LinAlgMatrixC8M8N16U0S0 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U0S1 = type { i8* }
%dx.types.LinAlgMatrixC9M16N16U1S1 = type { i8* }

@Tile = external addrspace(3) global [256 x float], align 4

define void @main() {
entry:
  %srv.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %srv = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %srv.b, %dx.types.ResourceProperties { i32 11, i32 0 })
  %w = call %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32 -2147483634, %dx.types.Handle %srv, i32 0, i32 0, i32 2, i32 128)
  call void @helper()
  ret void
}
define void @helper() {
entry:
  %a = call %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgFillMatrix.mC9M16N16U0S1.f32(i32 -2147483636, float 1.000000e+00)
  %b = call %dx.types.LinAlgMatrixC9M16N16U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M16N16U1S1.f32(i32 -2147483633, float addrspace(3)* getelementptr inbounds ([256 x float], [256 x float] addrspace(3)* @Tile, i32 0, i32 0), i32 0, i32 16, i32 0)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare %dx.types.LinAlgMatrixC8M8N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M8N16U0S0(i32, %dx.types.Handle, i32, i32, i32, i32) #0
declare %dx.types.LinAlgMatrixC9M16N16U0S1 @dx.op.linAlgFillMatrix.mC9M16N16U0S1.f32(i32, float) #0
declare %dx.types.LinAlgMatrixC9M16N16U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M16N16U1S1.f32(i32, float addrspace(3)*, i32, i32, i32) #0

attributes #0 = { nounwind }

!dx.targetTypes = !{!0, !1, !2}
!dx.version = !{!3}
!dx.valver = !{!3}
!dx.shaderModel = !{!4}
!dx.entryPoints = !{!5}

!0 = !{%dx.types.LinAlgMatrixC8M8N16U0S0 undef, i32 8, i32 8, i32 16, i32 0, i32 0}
!1 = !{%dx.types.LinAlgMatrixC9M16N16U0S1 undef, i32 9, i32 16, i32 16, i32 0, i32 1}
!2 = !{%dx.types.LinAlgMatrixC9M16N16U1S1 undef, i32 9, i32 16, i32 16, i32 1, i32 1}
!3 = !{i32 1, i32 10}
!4 = !{!"lib", i32 6, i32 10}
!5 = !{void ()* @main, !"main", null, null, !6}
!6 = !{i32 8, i32 9, i32 4, !7}
!7 = !{i32 32, i32 1, i32 1}
