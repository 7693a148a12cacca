// C++11 attributes are accepted wherever real shaders write them (before
// global and local declarations, cbuffers and their members, struct members,
// functions and parameters) and kept for reflection; the Vulkan-only
// constructs with no DirectX meaning are refused by name, and attributes nobody knows are warned
// about and ignored.
// RUN: %hlslc -T cs_6_0 -verify %s

[[vk::binding(1, 0)]] RWStructuredBuffer<uint> Out : register(u0);
[[vk::binding(0, 0)]]
cbuffer Constants : register(b0) {
  [[vk::offset(0)]] uint Condition;
}
struct S { [[vk::offset(16)]] uint b; };
[[vk::binding(2)]] [[vk::counter_binding(3)]] RWStructuredBuffer<S> Counted : register(u1);

struct Push { uint x; };
[[vk::push_constant]] Push Constants2;   // a constant buffer of its own (push-constant-errors.hlsl)
[[vk::constant_id(3)]] const uint SpecValue = 1; // a specialization constant (spec-constant-errors.hlsl)
[[vk::ext_instruction(1)]] uint Inline(); // expected-error {{inline SPIR-V ('vk::ext_*') is a Vulkan-only feature; hlslc compiles for DirectX (DXIL)}}
[[nodiscard]] uint Twice([[vk::location(0)]] uint x) { return 2 * x; } // expected-warning {{unknown attribute 'nodiscard' ignored}}

[numthreads(8, 1, 1)]
void main(uint tid : SV_DispatchThreadID) {
  [[vk::ext_extension("SPV_KHR_whatever")]] uint v = tid; // expected-error {{inline SPIR-V ('vk::ext_*') is a Vulkan-only feature; hlslc compiles for DirectX (DXIL)}}
  [unroll] for (int i = 0; i < 2; i++) v++;
  Out[tid] = Twice(v) + Condition + SpecValue + Constants2.x;
  Counted[tid].b = v;
}
