// The legacy lighting intrinsics DXC keeps: dst(a, b) is the distance
// vector (1, a.y * b.y, a.z, b.w); lit(n.l, n.h, m) the lighting
// coefficients (1, diffuse, specular, 1), diffuse n.l unless it is
// negative, specular (n.h)^m unless n.l or n.h is negative.
// RUN: %hlslc run %s --pipeline %S/legacy-lighting-intrinsics.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify %s

[[vk::binding(0)]] RWStructuredBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = dst(float4(1, 2, 3, 4), float4(5, 6, 7, 8));
  Out[1] = lit(0.5, 2.0, 3.0);
  Out[2] = lit(-0.5, 2.0, 3.0);
  Out[3] = lit(0.5, -2.0, 3.0);
  half4 h = dst(half4(1, 2, 3, 4), half4(1, 1, 1, 1));
  Out[4] = h;
#ifdef BAD
  float2 d = dst(float2(1, 2), float2(3, 4)); // expected-error {{no matching function for call to 'dst'}} expected-note {{candidate function not viable: no known conversion from 'float2' to 'float4' for 1st argument}}
#endif
}
