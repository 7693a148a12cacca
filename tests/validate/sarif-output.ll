; -fdiagnostics-format=sarif: the findings as one SARIF 2.1.0 log on stderr,
; each at the line of the .ll file (tests/sarif/test_sarif.py validates such
; logs against the schema).
; RUN: not %hlslc validate -fdiagnostics-format=sarif %s 2>&1 | FileCheck %s
; CHECK: "version": "2.1.0",
; CHECK: "results": [
; CHECK: "ruleId": "IR-RESOURCE-KIND",
; CHECK: "level": "error",
; CHECK: "text": "bufferStore writes memory, so its handle must be a UAV, but it is an SRV (TypedBuffer)
; CHECK: "uri": "sarif-output.ll",
; CHECK-NEXT: "uriBaseId": "%SRCROOT%"
; CHECK: "startLine": 25
; CHECK: "text": "the handle is made at line 24:
; CHECK-NOT: "ruleId"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }

define void @main() {
entry:
  %typed.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %typed = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %typed.b, %dx.types.ResourceProperties { i32 10, i32 1033 })
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %typed, i32 0, i32 undef, float 1.0, float 1.0, float 1.0, float 1.0, i8 15)
  ret void
}
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
