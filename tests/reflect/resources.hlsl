// --reflect: every resource kind, with its class, register and space
// (explicit, or as hlslc assigned it: the lowest free range of the class in
// space 0, in declaration order), array dimensions, Vulkan binding, element.
// RUN: %hlslc %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json
// RUN: %hlslc-subprocess %s -o %t.ll --reflect=%t.2.json
// RUN: FileCheck %s --input-file=%t.2.json

struct Particle { float3 pos; float mass; };

cbuffer Params : register(b2) { float4 tint; };
tbuffer Lookup { float4 table[4]; };
ConstantBuffer<Particle> Single;
ByteAddressBuffer Raw;
[[vk::binding(3, 1)]] RWByteAddressBuffer RawOut : register(u4, space1);
StructuredBuffer<float4> Colors;
[[vk::binding(7)]] RWStructuredBuffer<Particle> Particles;
AppendStructuredBuffer<uint> Queue;
Buffer<float4> Typed;
RWBuffer<uint> TypedOut;
Texture2D<float4> Albedo : register(t10);
Texture2D<float> Layers[4] : register(t20, space2);
Texture2D<float4> Bindless[] : register(t0, space3);
globallycoherent RWTexture2D<float> Target;
Texture2DMS<float4, 4> Msaa;
TextureCube<half4> Sky;
SamplerState Linear;
SamplerComparisonState Shadow : register(s3);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 c = Albedo.SampleLevel(Linear, float2(0, 0), 0) + Layers[id.z % 4].Load(int3(id.xy, 0)) + tint
           + table[id.x % 4] + Colors[id.x] + Typed[id.x] + Bindless[id.y].Load(int3(0, 0, 0))
           + Msaa.Load(int2(0, 0), 0) + Sky.SampleLevel(Linear, float3(0, 0, 1), 0)
           + Albedo.SampleCmpLevelZero(Shadow, float2(0, 0), 0.5);
  Particles[id.x].mass = c.x + Single.mass + asfloat(Raw.Load(0));
  RawOut.Store(0, asuint(c.y));
  Queue.Append(id.x);
  TypedOut[id.x] = id.y;
  Target[id.xy] = c.z;
}

// CHECK-LABEL: "resources": [
// CHECK:      "name": "Params",
// CHECK-NEXT: "type": "cbuffer",
// CHECK-NEXT: "kind": "cbuffer",
// CHECK-NEXT: "class": "CBV",
// CHECK-NEXT: "dxil_kind": "CBuffer",
// CHECK-NEXT: "register": "b2",
// CHECK-NEXT: "space": 0,
// CHECK-NEXT: "register_count": 1,
// CHECK-NEXT: "explicit": true,
// CHECK-NEXT: "array_dims": [],
// CHECK-NEXT: "vulkan": null,
// CHECK-NEXT: "element": null,
// CHECK-NEXT: "globally_coherent": false,
// CHECK-NEXT: "has_counter": false,
// CHECK-NEXT: "size": 16,
// CHECK-NEXT: "members": [

// A tbuffer is an SRV with cbuffer packing.
// CHECK:      "name": "Lookup",
// CHECK-NEXT: "type": "tbuffer",
// CHECK-NEXT: "kind": "tbuffer",
// CHECK-NEXT: "class": "SRV",
// CHECK-NEXT: "dxil_kind": "TBuffer",
// CHECK-NEXT: "register": "t0",
// CHECK:      "size": 64,

// CHECK:      "name": "Single",
// CHECK-NEXT: "type": "ConstantBuffer<Particle>",
// CHECK-NEXT: "kind": "ConstantBuffer",
// CHECK-NEXT: "class": "CBV",
// CHECK-NEXT: "dxil_kind": "CBuffer",
// CHECK-NEXT: "register": "b0",
// CHECK:      "size": 16,
// CHECK-NEXT: "members": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "pos",
// CHECK-NEXT:     "type": "float3",
// CHECK-NEXT:     "kind": "vector",
// CHECK-NEXT:     "offset": 0,
// CHECK-NEXT:     "size": 12
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "mass",
// CHECK-NEXT:     "type": "float",
// CHECK-NEXT:     "kind": "scalar",
// CHECK-NEXT:     "offset": 12,
// CHECK-NEXT:     "size": 4

// CHECK:      "name": "Raw",
// CHECK-NEXT: "type": "ByteAddressBuffer",
// CHECK-NEXT: "kind": "ByteAddressBuffer",
// CHECK-NEXT: "class": "SRV",
// CHECK-NEXT: "dxil_kind": "RawBuffer",
// CHECK-NEXT: "register": "t1",
// CHECK-NEXT: "space": 0,
// CHECK-NEXT: "register_count": 1,
// CHECK-NEXT: "explicit": false,
// CHECK-NEXT: "array_dims": [],
// CHECK-NEXT: "vulkan": null,
// CHECK-NEXT: "element": null,

// CHECK:      "name": "RawOut",
// CHECK-NEXT: "type": "RWByteAddressBuffer",
// CHECK-NEXT: "kind": "RWByteAddressBuffer",
// CHECK-NEXT: "class": "UAV",
// CHECK-NEXT: "dxil_kind": "RawBuffer",
// CHECK-NEXT: "register": "u4",
// CHECK-NEXT: "space": 1,
// CHECK-NEXT: "register_count": 1,
// CHECK-NEXT: "explicit": true,
// CHECK-NEXT: "array_dims": [],
// CHECK-NEXT: "vulkan": {
// CHECK-NEXT:   "binding": 3,
// CHECK-NEXT:   "set": 1
// CHECK-NEXT: },

// CHECK:      "name": "Colors",
// CHECK-NEXT: "type": "StructuredBuffer<float4>",
// CHECK:      "register": "t2",
// CHECK:      "element": {
// CHECK-NEXT:   "type": "float4",
// CHECK-NEXT:   "stride": 16,
// CHECK-NEXT:   "component_type": null,
// CHECK-NEXT:   "components": null,
// CHECK-NEXT:   "layout": {
// CHECK-NEXT:     "type": "float4",
// CHECK-NEXT:     "kind": "vector",
// CHECK-NEXT:     "offset": 0,
// CHECK-NEXT:     "size": 16

// A structured element's layout: natural alignment, no 16-byte rows.  The
// Vulkan set defaults to 0.
// CHECK:      "name": "Particles",
// CHECK-NEXT: "type": "RWStructuredBuffer<Particle>",
// CHECK-NEXT: "kind": "RWStructuredBuffer",
// CHECK-NEXT: "class": "UAV",
// CHECK-NEXT: "dxil_kind": "StructuredBuffer",
// CHECK-NEXT: "register": "u0",
// CHECK:      "vulkan": {
// CHECK-NEXT:   "binding": 7,
// CHECK-NEXT:   "set": 0
// CHECK-NEXT: },
// CHECK-NEXT: "element": {
// CHECK-NEXT:   "type": "Particle",
// CHECK-NEXT:   "stride": 16,
// CHECK:          "kind": "struct",
// CHECK:          "members": [
// CHECK:            "name": "pos",
// CHECK:            "name": "mass",
// CHECK-NEXT:       "type": "float",
// CHECK-NEXT:       "kind": "scalar",
// CHECK-NEXT:       "offset": 12,

// Append and consume buffers have a counter.
// CHECK:      "name": "Queue",
// CHECK-NEXT: "type": "AppendStructuredBuffer<uint>",
// CHECK:      "register": "u1",
// CHECK:      "has_counter": true,

// Typed buffers and textures: the element's DXIL component type and count.
// CHECK:      "name": "Typed",
// CHECK-NEXT: "type": "Buffer<float4>",
// CHECK-NEXT: "kind": "Buffer",
// CHECK-NEXT: "class": "SRV",
// CHECK-NEXT: "dxil_kind": "TypedBuffer",
// CHECK-NEXT: "register": "t3",
// CHECK:      "element": {
// CHECK-NEXT:   "type": "float4",
// CHECK-NEXT:   "stride": null,
// CHECK-NEXT:   "component_type": "F32",
// CHECK-NEXT:   "components": 4,
// CHECK-NEXT:   "layout": null
// CHECK:      "name": "TypedOut",
// CHECK-NEXT: "type": "RWBuffer<uint>",
// CHECK:      "register": "u2",
// CHECK:        "component_type": "U32",
// CHECK-NEXT:   "components": 1,

// CHECK:      "name": "Albedo",
// CHECK-NEXT: "type": "Texture2D<float4>",
// CHECK-NEXT: "kind": "Texture2D",
// CHECK-NEXT: "class": "SRV",
// CHECK-NEXT: "dxil_kind": "Texture2D",
// CHECK-NEXT: "register": "t10",

// Arrays: the range covers every element; an unbounded one has no count.
// CHECK:      "name": "Layers",
// CHECK-NEXT: "type": "Texture2D<float>",
// CHECK:      "register": "t20",
// CHECK-NEXT: "space": 2,
// CHECK-NEXT: "register_count": 4,
// CHECK-NEXT: "explicit": true,
// CHECK-NEXT: "array_dims": [4],
// CHECK:      "name": "Bindless",
// CHECK:      "register": "t0",
// CHECK-NEXT: "space": 3,
// CHECK-NEXT: "register_count": null,
// CHECK-NEXT: "explicit": true,
// CHECK-NEXT: "array_dims": [null],

// CHECK:      "name": "Target",
// CHECK-NEXT: "type": "RWTexture2D<float>",
// CHECK:      "register": "u3",
// CHECK:      "globally_coherent": true,

// CHECK:      "name": "Msaa",
// CHECK-NEXT: "type": "Texture2DMS<float4, 4>",
// CHECK-NEXT: "kind": "Texture2DMS",
// CHECK-NEXT: "class": "SRV",
// CHECK-NEXT: "dxil_kind": "Texture2DMS",
// CHECK:      "name": "Sky",
// CHECK-NEXT: "type": "TextureCube<half4>",
// CHECK-NEXT: "kind": "TextureCube",
// CHECK:        "component_type": "F16",

// CHECK:      "name": "Linear",
// CHECK-NEXT: "type": "SamplerState",
// CHECK-NEXT: "kind": "SamplerState",
// CHECK-NEXT: "class": "Sampler",
// CHECK-NEXT: "dxil_kind": "Sampler",
// CHECK-NEXT: "register": "s0",
// CHECK-NEXT: "space": 0,
// CHECK-NEXT: "register_count": 1,
// CHECK-NEXT: "explicit": false,
// CHECK:      "name": "Shadow",
// CHECK-NEXT: "type": "SamplerComparisonState",
// CHECK-NEXT: "kind": "SamplerComparisonState",
// CHECK-NEXT: "class": "Sampler",
// CHECK-NEXT: "dxil_kind": "Sampler",
// CHECK-NEXT: "register": "s3",
// CHECK-NEXT: "space": 0,
// CHECK-NEXT: "register_count": 1,
// CHECK-NEXT: "explicit": true,
