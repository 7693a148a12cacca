; sampleLevel given the texture twice: its second handle must be a sampler (DXC checks it
; with Instr.SamplerModeForSample), and a UAV texture cannot be sampled
; (Instr.ResourceClassForSamplerGather).
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-RESOURCE-KIND] sampleLevel takes its sampler state from its second handle, so that handle must be a Sampler, but it is an SRV (Texture2D) (in function '@main', line {{[0-9]+}}: %s = call
; CHECK: error: [IR-RESOURCE-KIND] sampleLevel samples a texture, so its texture handle must be an SRV, but it is a UAV (Texture2D) (in function '@main', line {{[0-9]+}}: %s.1 = call
; CHECK: error: [IR-RESOURCE-KIND] sampleLevel takes its sampler state from its second handle, so that handle must be a Sampler, but it is an SRV (Texture2D) (in function '@main', line {{[0-9]+}}: %s.1 = call
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }

define void @main() {
entry:
  %tex.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %tex = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %tex.b, %dx.types.ResourceProperties { i32 2, i32 1033 })
  %image.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %image = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %image.b, %dx.types.ResourceProperties { i32 4098, i32 1033 })
  %s = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %tex, %dx.types.Handle %tex, float 5.000000e-01, float 5.000000e-01, float undef, float undef, i32 0, i32 0, i32 undef, float 0.000000e+00)
  %s.1 = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %image, %dx.types.Handle %tex, float 5.000000e-01, float 5.000000e-01, float undef, float undef, i32 0, i32 0, i32 undef, float 0.000000e+00)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
