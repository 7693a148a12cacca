; atomicrmw and cmpxchg on a local variable and on a global outside groupshared memory:
; LLVM atomics may only address groupshared memory (DXC's
; Instr.AtomicOpNonGroupsharedOrRecord).
; RUN: not %hlslc validate %s 2>&1 | FileCheck %s
; CHECK: error: [IR-ATOMIC-TARGET] atomicrmw may only address groupshared memory, but its address is the local variable %local (line {{[0-9]+}}: %local = alloca [4 x i32])
; CHECK: error: [IR-ATOMIC-TARGET] cmpxchg may only address groupshared memory, but its address is the global @Static (line {{[0-9]+}}), which is in address space 0, not groupshared address space 3
; CHECK-NOT: error:

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.f32 = type { float, float, float, float }

@Static = internal global [4 x i32] zeroinitializer

define void @main() {
entry:
  %local = alloca [4 x i32]
  %slot = getelementptr [4 x i32], [4 x i32]* %local, i32 0, i32 1
  %a = atomicrmw add i32* %slot, i32 1 seq_cst
  %b = cmpxchg i32* getelementptr inbounds ([4 x i32], [4 x i32]* @Static, i32 0, i32 0), i32 0, i32 %a seq_cst seq_cst
  ret void
}



!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{void ()* @main, !"main", null, null, !3}
!3 = !{i32 4, !4}
!4 = !{i32 64, i32 1, i32 1}
