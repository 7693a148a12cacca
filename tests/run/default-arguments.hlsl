// Default arguments of any type, as DXC takes them (NVIDIA donut's
// `uint Pack(float4 v, float4 d = float4(0.5f, 0.5f, 0.5f, 0.5f))`): a
// constant scalar, a vector constructor, a splatted scalar, a static
// constant's value; each computed where a call leaves it out.  A default
// that does not convert to its parameter's type is an error at it.  A
// prototype's defaults hold for the definition after it, as in C++ (NVIDIA
// RTXPT declares `void DebugDrawLight(..., float3 colMul = float3(1,1,1))`
// and defines it without them further down).  A function template's default
// is checked only where a call uses it, as in C++ (kajiya's
// `template<typename Remap> ... Remap remap = IdentityImageRemap::create()`
// called with another remap).
// RUN: %hlslc run %s --pipeline %S/default-arguments.yaml | FileCheck %s
// CHECK: Values: pass
// RUN: not %hlslc -T cs_6_0 -DBAD %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: default-arguments.hlsl:[[@LINE+25]]:32: error: cannot initialize a variable of type 'float4' with a value of type 'RWStructuredBuffer<float>'

RWStructuredBuffer<float> Out : register(u0);
static const float3 Bias = float3(10, 20, 30);

float Pack(float4 v, float4 d = float4(0.5f, 0.25f, 0.125f, 1.0f), float scale = 2) {
  return dot(v, d) * scale;
}

float Shift(float3 v, float3 by = Bias, float2 also = 3) {
  return v.x + by.y + also.y;
}

float Later(float a, float3 c = float3(1, 2, 3), float d = 10);

struct Identity {
  static Identity create() { Identity r; return r; }
  float remap(float v) { return v; }
};
struct Doubler {
  float remap(float v) { return 2 * v; }
};
template <typename Remap> float Apply(float v, Remap remap = Identity::create()) { return remap.remap(v); }

#ifdef BAD
float Bad(float4 v, float4 d = Out) { return v.x; }
#endif

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Out[0] = Pack(float4(1, 2, 3, 4) + i);      // (0.5 + 0.5 + 0.375 + 4) * 2
  Out[1] = Pack(float4(1, 2, 3, 4), 1);       // 10 * 2
  Out[2] = Pack(float4(1, 1, 1, 1), 2, 0.5);  // 8 * 0.5
  Out[3] = Shift(float3(1, 2, 3));            // 1 + 20 + 3
  Out[4] = Later(1) + Later(1, 0);            // 1 + 2 + 10, 1 + 0 + 10
  Doubler twice;
  Out[5] = Apply(3, twice) + Apply<Identity>(5);   // 6 + 5
}

float Later(float a, float3 c, float d) { return a + c.y + d; }
