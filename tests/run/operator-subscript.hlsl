// A struct's `operator[]` (HLSL 2021), as engines write texture and grid
// wrappers: `s[i]` calls it, overloads chosen by the index's type (a uint,
// a float2), the result used as a value (`s[i].x`), and a `static const`
// wrapper around a texture.  The operator returns a value: assigning to a
// scalar result is an error; a vector, matrix or struct result is a
// temporary object to DXC, whose assignment it compiles and drops, and
// hlslc does the same with a warning.  Before HLSL 2021 the overload
// itself is DXC's error.
// RUN: %hlslc run %s --pipeline %S/operator-subscript.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify=bad %s
// RUN: %hlslc -T cs_6_0 -HV 2018 -fsyntax-only -verify=hv2018 %s
// DXC gives no warning there, so -WX (as projects build) leaves it one:
// RUN: %hlslc -T cs_6_0 -WX -DTEMPORARY %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=WX
// WX: warning: this assigns to the temporary 'float4' that 'operator[]' returns: the store has no effect

StructuredBuffer<float> Texels : register(t0);
RWStructuredBuffer<float4> Out : register(u0);

struct Grid {
  float4 cells[4];
  float4 operator[](uint i) { return cells[i & 3]; } // hv2018-error {{overloading 'operator[]' needs HLSL 2021 (-HV 2021); the language version is 2018}}
  float4 operator[](float2 p) { return cells[(uint)p.x & 3] * p.y; } // hv2018-error {{overloading 'operator[]' needs HLSL 2021 (-HV 2021); the language version is 2018}}
};

struct Sampled {
  float operator[](uint2 p) { return Texels[p.y * 2 + p.x] * 2; } // hv2018-error {{overloading 'operator[]' needs HLSL 2021 (-HV 2021); the language version is 2018}}
};
static const Sampled sampled;

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID) {
  Grid g;
  for (uint k = 0; k < 4; k++)
    g.cells[k] = float4(k, k * 10, 0, 1);
  Out[i] = g[i] + g[float2(i + 1, 2)].yyyy + g[i].x + sampled[uint2(i & 1, i >> 1)];
#ifdef TEMPORARY
  g[i] = 1;
#endif
#ifdef BAD
  g[i] = 0; // bad-warning {{this assigns to the temporary 'float4' that 'operator[]' returns: the store has no effect (return the element's resource and index it to write to it)}}
  sampled[uint2(0, 0)] = 1; // bad-error {{expression is not assignable: 'operator[]' returns a value}}
#endif
}
