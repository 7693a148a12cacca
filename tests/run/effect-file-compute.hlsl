// A compute shader in an FX-era effect file, as the Direct3D 11 samples
// ship them: effect objects (blend, depth and rasterizer states, compiled
// shaders) and technique blocks are ignored with DXC's warnings, and a
// brace after a declarator is an effect state block (ignored: the
// variable keeps no initializer, as in DXC).  The compute entry compiles
// and computes; struct, namespace, cbuffer and function braces are no
// state blocks, `texture` or `PixelShader` may still name variables, and
// a struct of the unit named `Texture` is that struct.
// RUN: %hlslc run %s --pipeline %S/effect-file-compute.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -verify %s

[[vk::binding(0)]] RWStructuredBuffer<float> Out : register(u0);
[[vk::binding(1)]] cbuffer Params : register(b0) { float Scale; }
namespace Util { float twice(float x) { return 2 * x; } }
struct Pair { float a; float b; };
struct Texture { float scale; };   // the unit's own type of that name: no effect object

BlendState NoBlend { BlendEnable[0] = FALSE; };            // expected-warning {{effect object ignored - effect syntax is deprecated}}
DepthStencilState NoDepth { DepthEnable = FALSE; };         // expected-warning {{effect object ignored - effect syntax is deprecated}}
RasterizerState Cull < string Name = "cull"; > { CullMode = None; }; // expected-warning {{effect object ignored - effect syntax is deprecated}}

float weigh(float PixelShader) {
  float texture = PixelShader;
  return texture;
}

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  Pair p = { 1, 2 };
  Texture textures[2];
  textures[1].scale = 0;
  float3 ignored { 7, 8, 9 };                               // expected-warning {{effect state block ignored - effect syntax is deprecated}}
  Out[tid.x] = Util::twice(weigh(tid.x)) + p.b + textures[1].scale;
}

ComputeShader Compiled = CompileShader(cs_5_0, main());   // expected-warning {{effect object ignored - effect syntax is deprecated}}
technique11 Main                                            // expected-warning {{effect technique ignored - effect syntax is deprecated}}
{
  pass P0
  {
    SetComputeShader(CompileShader(cs_5_0, main()));
    SetBlendState(NoBlend, float4(0, 0, 0, 0), 0xFFFFFFFF);
  }
}
