// What FXC took and DXC does not, with a note that says so: Direct3D 9's
// samplers and texture functions, a texture type spelt in another case, and
// a kernel that shares its name with a helper (FXC picked the overload with
// [numthreads]; DXC's "ambiguous entry point function").
// RUN: not %hlslc -T cs_6_0 -HV 2018 -fsyntax-only -DD3D9 %s 2>&1 | FileCheck %s --check-prefix=D3D9
// D3D9: error: use of undeclared identifier 'sampler2D'
// D3D9: note: 'sampler2D' is Direct3D 9's sampler syntax, which FXC still accepts and DXC does not compile: declare a Texture2D (or the texture type it samples) and a SamplerState, and call their SampleLevel or SampleGrad
// D3D9: error: use of undeclared identifier 'tex2Dlod'
// D3D9: note: 'tex2Dlod' is Direct3D 9's sampler syntax
// RUN: not %hlslc -T cs_6_0 -HV 2018 -fsyntax-only -DCASE %s 2>&1 | FileCheck %s --check-prefix=CASE
// CASE: error: use of undeclared identifier 'texture2D'
// CASE: note: did you mean 'Texture2D'? (type names are case-sensitive; FXC ignored the case of texture types)
// RUN: not %hlslc -T cs_6_0 -E Forces -fsyntax-only -DOVERLOAD %s 2>&1 | FileCheck %s --check-prefix=OVERLOAD
// OVERLOAD: fxc-only-spellings.hlsl:[[@LINE+19]]:7: error: ambiguous entry point function
// OVERLOAD: fxc-only-spellings.hlsl:[[@LINE+20]]:6: note: another function named 'Forces' is defined here

RWStructuredBuffer<float> Output : register(u0);

#ifdef D3D9
sampler2D Input;
[numthreads(8, 8, 1)]
void main(uint2 id : SV_DispatchThreadID) { Output[id.x] = tex2Dlod(Input, float4(id / 8.0, 0, 0)).r; }
#endif

#ifdef CASE
Texture2D<float> Mask : register(t0);
float Fetch(uint2 p, texture2D tex) { return tex.Load(int3(p, 0)).r; }
[numthreads(8, 8, 1)]
void main(uint2 id : SV_DispatchThreadID) { Output[id.x] = Fetch(id, Mask); }
#endif

#ifdef OVERLOAD
float Forces(float v) { return v - 9.8; }
[numthreads(64, 1, 1)]
void Forces(uint3 id : SV_DispatchThreadID) { Output[id.x] = Forces(Output[id.x]); }
#endif
