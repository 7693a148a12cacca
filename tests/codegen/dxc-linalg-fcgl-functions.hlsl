// RUN: %hlslc --linalg-revision=dxc -T lib_6_10 -enable-16bit-types -fcgl %s | FileCheck %s
// RUN: %hlslc --linalg-revision=dxc -T lib_6_x -enable-16bit-types %s | FileCheck %s --check-prefix=DXIL
// RUN: %hlslc -T lib_6_10 -fcgl %s -DSM610 -o %t.fcgl.ll && %hlslc -T lib_6_10 %s -DSM610 -o %t.ll && %python -c "import sys; sys.exit(open(sys.argv[1]).read() != open(sys.argv[2]).read())" %t.fcgl.ll %t.ll
// -fcgl in a library: the functions of the user's source stay functions,
// called where the source calls them, named as DXC names them (Microsoft
// ABI), `internal` unless exported, a template instantiation
// `linkonce_odr` and emitted after the functions that use it, a static
// function only when called.  Parameters passed by value are stored to
// allocas of their own (`%x` to `%x.addr`; a LinAlg matrix `%m.coerce` to
// `%m`), out and inout ones are pointers.  Classes are named types, made
// before the types of their fields.  Without -fcgl the calls are inlined
// (the same names; lib_6_x, whose functions may use any operation, since
// the entry they run in is known when the library is linked); under the
// other revisions -fcgl changes nothing.

#ifndef SM610
#include <dx/linalg.h>
using namespace dx::linalg;

typedef __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(ComponentType::F16, 8, 8, MatrixUse::A, MatrixScope::Wave)]] HandleA;
using MatA = Matrix<ComponentType::F16, 8, 8, MatrixUse::A, MatrixScope::Wave>;

// Types in the order code generation made them: the handle for the first
// function's parameter, the class for a local of the third.
// CHECK: %dx.types.LinAlgMatrixC8M8N8U0S1 = type { i8* }
// CHECK-NEXT: %"class.dx::linalg::Matrix<dx::linalg::ComponentType::ComponentEnum::F16, 8, 8, dx::linalg::MatrixUse::MatrixUseEnum::A, dx::linalg::MatrixScope::MatrixScopeEnum::Wave>" = type { %dx.types.LinAlgMatrixC8M8N8U0S1 }

// CHECK-LABEL: define internal i32 @"\01?length@@YAI$linalg_matrixC8M8N8U0S1@@Z"(%dx.types.LinAlgMatrixC8M8N8U0S1 %m.coerce)
// CHECK: %m = alloca %dx.types.LinAlgMatrixC8M8N8U0S1, align 4
// CHECK: store %dx.types.LinAlgMatrixC8M8N8U0S1 %m.coerce, %dx.types.LinAlgMatrixC8M8N8U0S1* %m, align 4
// CHECK: [[M:%[0-9]+]] = load %dx.types.LinAlgMatrixC8M8N8U0S1, %dx.types.LinAlgMatrixC8M8N8U0S1* %m, align 4
// CHECK: call i32 @"dx.hl.op..i32 (i32, %dx.types.LinAlgMatrixC8M8N8U0S1)"(i32 405, %dx.types.LinAlgMatrixC8M8N8U0S1 [[M]])
uint length(HandleA m) {
  return __builtin_LinAlg_MatrixLength(m);
}

// CHECK-LABEL: define internal void @"\01?fill@@YAXAIA$linalg_matrixC8M8N8U0S1@M@Z"(%dx.types.LinAlgMatrixC8M8N8U0S1* %m, float %v)
// CHECK: %v.addr = alloca float, align 4
// CHECK: call void @"dx.hl.op..void (i32, %dx.types.LinAlgMatrixC8M8N8U0S1*, float)"(i32 402, %dx.types.LinAlgMatrixC8M8N8U0S1* %m, float %{{[0-9]+}})
void fill(out HandleA m, float v) {
  __builtin_LinAlg_FillMatrix(m, v);
}

template <uint N> uint times(uint x) { return x * N; }

static uint helper(uint x) { return x + 1; }
static uint unused(uint x) { return x; }

// An exported function is external; its calls stay calls.
// CHECK-LABEL: define i32 @"\01?use@@YAII@Z"(i32 %x)
// CHECK: %x.addr = alloca i32, align 4
// CHECK: %h = alloca %dx.types.LinAlgMatrixC8M8N8U0S1, align 4
// CHECK: %mat = alloca %"class.dx::linalg::Matrix<{{.*}}>", align 4
// CHECK: call void @"\01?fill@@YAXAIA$linalg_matrixC8M8N8U0S1@M@Z"(%dx.types.LinAlgMatrixC8M8N8U0S1* %h, float 2.000000e+00), !dbg !{{[0-9]+}} ; line:[[@LINE+7]] col:3
// CHECK: call i32 @"\01?length@@YAI$linalg_matrixC8M8N8U0S1@@Z"(%dx.types.LinAlgMatrixC8M8N8U0S1 %{{[0-9]+}})
// CHECK: call i32 @"\01??$times@$02@@YAII@Z"(i32 %{{[0-9]+}})
// CHECK: call i32 @"\01?helper@@YAII@Z"(i32 %{{[0-9]+}})
export uint use(uint x) {
  HandleA h;
  MatA mat;
  fill(h, 2.0);
  return length(h) + times<3>(x) + helper(x);
}

// Functions first made by a call come after the ones defined before: the
// template instantiation `linkonce_odr`, the static function `internal`.
// CHECK-LABEL: define linkonce_odr i32 @"\01??$times@$02@@YAII@Z"(i32 %x)
// CHECK-LABEL: define internal i32 @"\01?helper@@YAII@Z"(i32 %x)
// CHECK-NOT: unused

// CHECK: !dx.targetTypes = !{![[T:[0-9]+]]}
// CHECK: !DISubprogram(name: "use", linkageName: "\01?use@@YAII@Z",

// DXIL: define i32 @"\01?use@@YAII@Z"(i32 %0)
// DXIL-NEXT: %2 = call %dx.types.LinAlgMatrixC8M8N8U0S1 @dx.op.linAlgFillMatrix.mC8M8N8U0S1.f32(i32 -2147483636, float 2.000000e+00)
// DXIL-NOT: call {{.*}} @"\01?
// DXIL: ret i32
// DXIL-NOT: dx.hl.op
#else
// The SM 6.10 revision: the same IR with -fcgl.
float scale(float x) { return x * 2; }
export float use(float x) { return scale(x) + 1; }
#endif
