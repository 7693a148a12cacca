// `export` marks a library function as visible outside the library (every
// non-static function of a lib_* target is exported; the keyword is
// accepted and changes nothing else).
// RUN: %hlslc -T lib_6_10 %s | FileCheck %s
#include <dx/linalg.h>
using namespace dx::linalg;
RWByteAddressBuffer Out : register(u0);
using WC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

// CHECK: define %"dx.types.MatrixRef"* @"Make"(float
export WC Make(float x) { return WC::Splat(x); }

// CHECK: define void @"Use"(%"dx.types.MatrixRef"*
export void Use(WC c) { c.Store(Out, 0, 64, MatrixLayout::RowMajor); }

// CHECK: define float @"Twice"(float
export inline float Twice(float x) { return 2 * x; }

// `out` and `inout` parameters are the caller's storage: pointers, written
// through.
// CHECK: define void @"Split"(<4 x float> %"{{[.0-9]+}}", <2 x float>* [[LO:%"[.0-9]+"]], <2 x float>* [[HI:%"[.0-9]+"]])
// CHECK: store <2 x float> %"{{[.0-9]+}}", <2 x float>* [[LO]]
// CHECK: load <2 x float>, <2 x float>* [[HI]]
// CHECK: store <2 x float> %"{{[.0-9]+}}", <2 x float>* [[HI]]
export void Split(float4 v, out float2 lo, inout float2 hi) { lo = v.xy; hi += v.zw; }
