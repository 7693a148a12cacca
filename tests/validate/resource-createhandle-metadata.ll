; Handles made the pre-SM 6.6 way: createHandle's class operand gives the class
; and its range id the !dx.resources record, whose shape field gives the kind.
; bufferStore through SRV range 0 (a Buffer<float4>) and textureLoad of UAV range 0
; (a RWByteAddressBuffer) are errors; the bufferLoad of SRV range 1 (a
; ByteAddressBuffer) and the bufferStore to UAV range 0 are fine.
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-RESOURCE-KIND] bufferStore writes memory, so its handle must be a UAV, but it is an SRV (TypedBuffer) (in function '@main', line {{[0-9]+}}: call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %typed,
; CHECK: error: [IR-RESOURCE-KIND] textureLoad reads a texture, so its handle must be a Texture1D, Texture1DArray, Texture2D, Texture2DArray, Texture3D, Texture2DMS or Texture2DMSArray, but it is a UAV (RawBuffer)
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%struct.Buffer = type { <4 x float> }
%struct.ByteAddressBuffer = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
entry:
  %typed = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %raw = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 1, i32 1, i1 false)
  %rwraw = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %v = call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %raw, i32 0, i32 undef)
  %x = extractvalue %dx.types.ResRet.f32 %v, 0
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %typed, i32 0, i32 undef, float %x, float %x, float %x, float %x, i8 15)
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %rwraw, i32 0, i32 undef, float %x, float undef, float undef, float undef, i8 1)
  %t = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %rwraw, i32 undef, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 undef)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32, %dx.types.Handle, i32, i32)
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8)
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!9}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{!3, !6, null, null}
!3 = !{!4, !5}
!4 = !{i32 0, %struct.Buffer* undef, !"Typed", i32 0, i32 0, i32 1, i32 10, i32 0, null}
!5 = !{i32 1, %struct.ByteAddressBuffer* undef, !"Raw", i32 0, i32 1, i32 1, i32 11, i32 0, null}
!6 = !{!7}
!7 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"RWRaw", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!9 = !{void ()* @main, !"main", null, !2, !10}
!10 = !{i32 4, !11}
!11 = !{i32 1, i32 1, i32 1}
