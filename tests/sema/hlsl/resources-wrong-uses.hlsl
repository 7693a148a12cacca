// Wrong uses of resources, uniforms and descriptor heaps, each a located
// error in the user's terms.
// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify %s

struct S { float a; };

cbuffer Params : register(b0) { float Scale; }
float Bias;
StructuredBuffer<S> In : register(t0);
RWStructuredBuffer<S> Out : register(u0);
ByteAddressBuffer Raw : register(t1);
Texture2D<float4> Tex : register(t2);
AppendStructuredBuffer<S> App : register(u1);
RWBuffer<S> BadTyped; // expected-error {{elements of typed buffers and textures must be scalars or vectors, not 'S' (use a StructuredBuffer for structures)}}
Buffer<double4> TooWide; // expected-error {{'Buffer<double4>': an element of a typed buffer or texture holds at most 4 components and 16 bytes}}
ConstantBuffer<float> NotStruct; // expected-error {{'ConstantBuffer' needs a struct type as its template argument, not 'float'}}
StructuredBuffer Bare; // expected-error {{'StructuredBuffer' requires a template argument (its element type)}}

[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  Scale = 2; // expected-error {{cannot assign to 'Scale': it is a uniform value, read from constant buffer 'Params' (declare it 'static' for a variable of the shader's own)}}
  Bias += 1; // expected-error {{cannot assign to 'Bias': it is a uniform value, read from the implicit constant buffer '$Globals' (declare it 'static' for a variable of the shader's own)}}
  In[0].a = 1; // expected-error {{cannot assign to an element of read-only 'StructuredBuffer<S>'}}
  uint r = Raw[0]; // expected-error {{'ByteAddressBuffer' cannot be subscripted: use its Load/Store methods}}
  S s = App[0]; // expected-error {{'AppendStructuredBuffer<S>' cannot be subscripted; use its methods}}
  float4 t = Tex[tid.x]; // expected-error {{'Texture2D<float4>' is indexed by a 'uint2', not 'uint'}}
  Out = Out; // expected-error {{cannot assign to 'Out': a global resource is bound by the application (declare it 'static', or use a local variable)}}
  Out[tid.x].a = Scale + Bias + t.x + s.a + r;
}

RasterizerOrderedBuffer<float> Rov; // expected-error {{'RasterizerOrderedBuffer<float>' is a rasterizer-ordered view, which only pixel shaders may use; a compute shader uses 'RWBuffer<float>'}}
globallycoherent StructuredBuffer<S> Coherent; // expected-error {{'globallycoherent' applies to writable resources (UAVs), not 'StructuredBuffer<S>'}}
globallycoherent RWStructuredBuffer<S> Fine;
