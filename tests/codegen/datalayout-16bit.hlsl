// RUN: %hlslc -T cs_6_10 %s | FileCheck %s --check-prefix=NATIVE
// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s --check-prefix=NATIVE
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s --check-prefix=MINPREC
// DXC's data layouts: with native 16-bit types (always on for SM 6.10) half
// is an LLVM half with 16-bit alignment; without them half is a float.

RWByteAddressBuffer Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    half h = (half)gi;
    Out.Store(0, (uint)(h * 2));
}

// NATIVE: target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
// NATIVE: %"h" = alloca half
// NATIVE: uitofp i32 %{{.*}} to half

// MINPREC: target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
// MINPREC: %"h" = alloca float
// MINPREC: uitofp i32 %{{.*}} to float
