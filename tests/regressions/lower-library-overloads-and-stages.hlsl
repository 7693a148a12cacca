// Overloaded functions of a library get distinct symbols (their parameter
// types in the name); an entry of another stage than compute is a located
// error, not an internal one.
// RUN: %hlslc -T lib_6_10 %s | FileCheck %s
// RUN: not %hlslc -T lib_6_10 -DPIXEL %s 2>&1 | FileCheck %s --check-prefix=STAGE
// RUN: not %hlslc -T lib_6_10 -DBADREG %s 2>&1 | FileCheck %s --check-prefix=REG

float Overloaded(float x) { return x; }
float Overloaded(int x, int y) { return (float)(x * y); }

#ifdef PIXEL
[shader("pixel")]
float4 PS() : SV_Target { return 1; }
#endif

#ifdef BADREG
RWByteAddressBuffer Bad : register(u);
[shader("compute")] [numthreads(1, 1, 1)] void CS() { Bad.Store(0, 1); }
#endif

// CHECK: define float @"Overloaded(float)"(float
// CHECK: define float @"Overloaded(int, int)"(i32
// STAGE: error: hlslc generates code for compute shaders only; 'PS' is a 'pixel' shader
// REG: error: invalid register binding 'register(u)'
