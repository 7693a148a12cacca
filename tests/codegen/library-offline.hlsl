// RUN: %hlslc --linalg-revision=dxc -T lib_6_x %s | FileCheck %s
// RUN: %hlslc --linalg-revision=dxc -T lib_6_x -DMACROS %s -Fo %t.ll && FileCheck %s --check-prefix=MACROS < %t.ll
// RUN: not %hlslc --linalg-revision=dxc -T lib_6_10 -DDEFINED %s 2>&1 | FileCheck %s --check-prefix=LIB610
// RUN: not %hlslc --linalg-revision=dxc -T lib_6_10 %s 2>&1 | FileCheck %s --check-prefix=LIB610-EXTERNAL
// -T lib_6_x is DXC's library for offline linking: no fixed shader model
// (DXC writes its minor version as 15, `x`), the newest DXIL version and
// validator version 0.0 (DXC validates the linked shader, not the
// library).  Its functions keep external linkage, may call functions that
// another library defines (declared, named as DXC names them, so that the
// linker finds them), and may use any operation: which stage a function
// runs in is known once it is linked into an entry.  Under lib_6_10 the
// same Wave-scope operation in a function that is no compute entry is an
// error, and a function declared but not defined cannot be called.

#ifdef MACROS
// MACROS: define i32 @"\01?target@@YAIXZ"()
// MACROS-NEXT: ret i32 61506
uint target() { return __SHADER_TARGET_MAJOR * 10000 + __SHADER_TARGET_MINOR * 100 + __SHADER_TARGET_STAGE; }
#else

// Defined in another library.
uint elsewhere(uint x, out float y);
#ifdef DEFINED
uint elsewhere(uint x, out float y) { y = 1; return x; }
#endif

// CHECK: %dx.types.LinAlgMatrixC9M16N16U2S1 = type { i8* }

// CHECK-LABEL: define i32 @"\01?fill@@YAIXZ"()
// LIB610: library-offline.hlsl:[[@LINE+4]]:3: error: Opcode LinAlgFillMatrix not valid in shader model lib_6_10(lib). [IR-STAGE]
// CHECK: call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 1.000000e+00)
uint fill() {
  __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 16, 16, 2, 1)]] acc;
  __builtin_LinAlg_FillMatrix(acc, 1.0f);
  return __builtin_LinAlg_MatrixLength(acc);
}

RWByteAddressBuffer Out : register(u0);

// CHECK-LABEL: define void @main()
// CHECK: %[[Y:[0-9]+]] = alloca float
// CHECK: call i32 @"\01?elsewhere@@YAIIAIAM@Z"(i32 7, float* %[[Y]])
// LIB610-EXTERNAL: library-offline.hlsl:[[@LINE+5]]:16: error: function 'elsewhere' is declared but never defined
[shader("compute")]
[numthreads(32, 1, 1)]
void main() {
  float y;
  Out.Store(0, elsewhere(7, y) + fill());
  Out.Store(4, asuint(y));
}

// CHECK: declare i32 @"\01?elsewhere@@YAIIAIAM@Z"(i32, float*)

// CHECK: !dx.targetTypes = !{![[T:[0-9]+]]}
// CHECK: !dx.version = !{![[VERSION:[0-9]+]]}
// CHECK: !dx.valver = !{![[VALVER:[0-9]+]]}
// CHECK: !dx.shaderModel = !{![[SM:[0-9]+]]}
// CHECK-DAG: ![[VERSION]] = !{i32 1, i32 10}
// CHECK-DAG: ![[VALVER]] = !{i32 0, i32 0}
// CHECK-DAG: ![[SM]] = !{!"lib", i32 6, i32 15}
#endif
