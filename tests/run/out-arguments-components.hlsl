// `out` and `inout` arguments bound to a vector's components, a matrix
// member or a struct field's swizzle (FidelityFX RCAS: `FsrRcasF(c.r, c.g,
// c.b, ...)`): HLSL passes them by copy in and out, so each component gets
// what the callee wrote, as in DXC.
// RUN: %hlslc run %s --pipeline %S/out-arguments-components.yaml | FileCheck %s
// CHECK: Written: pass

RWStructuredBuffer<float4> Out : register(u0);

void Sharpen(out float r, out float g, out float b, uint2 position, float amount) {
  r = position.x * amount;
  g = position.y * amount;
  b = r + g;
}

void Accumulate(inout float2 sum, inout float weight, float2 value) {
  sum += value;
  weight += 1;
}

struct Pixel {
  float4 color;
};

[numthreads(2, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  float4 c = float4(0, 0, 0, 1);
  Sharpen(c.r, c.g, c.b, uint2(i + 1, 2 * i + 3), 0.5);
  Pixel p;
  p.color = float4(10, 20, 30, 40);
  float2x2 m = float2x2(1, 2, 3, 4);
  Accumulate(p.color.yx, m._m11, float2(i, 100));
  Out[2 * i] = c;
  Out[2 * i + 1] = float4(p.color.xy, m._m11, m._m00);
}
