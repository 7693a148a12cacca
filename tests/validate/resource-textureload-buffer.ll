; textureLoad on a typed buffer and textureStore on a TextureCube UAV: texture loads and
; stores need a texture of a shape they accept (DXC's Instr.ResourceKindForTextureLoad,
; Instr.ResourceKindForTextureStore).  The buffer handle reaches the load through a phi.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-RESOURCE-KIND] textureLoad reads a texture, so its handle must be a Texture1D, Texture1DArray, Texture2D, Texture2DArray, Texture3D, Texture2DMS or Texture2DMSArray, but it is an SRV (TypedBuffer)
; CHECK: error: [IR-RESOURCE-KIND] textureStore stores to a texture, so its handle must be a Texture1D, Texture1DArray, Texture2D, Texture2DArray, Texture3D, Texture2DMS or Texture2DMSArray, but it is a UAV (TextureCube)
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }

define void @main() {
entry:
  %typed.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %typed = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %typed.b, %dx.types.ResourceProperties { i32 10, i32 1033 })
  %typed2.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 0 }, i32 1, i1 false)
  %typed2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %typed2.b, %dx.types.ResourceProperties { i32 10, i32 1033 })
  %cube.b = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %cube = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %cube.b, %dx.types.ResourceProperties { i32 4101, i32 1033 })
  %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %odd = icmp ne i32 %tid, 0
  br i1 %odd, label %then, label %join

then:
  br label %join

join:
  %h = phi %dx.types.Handle [ %typed, %then ], [ %typed2, %entry ]
  %t = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %h, i32 0, i32 %tid, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  call void @dx.op.textureStore.f32(i32 67, %dx.types.Handle %cube, i32 0, i32 0, i32 0, float 1.0, float 1.0, float 1.0, float 1.0, i8 15)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32)
declare void @dx.op.textureStore.f32(i32, %dx.types.Handle, i32, i32, i32, float, float, float, float, i8)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
