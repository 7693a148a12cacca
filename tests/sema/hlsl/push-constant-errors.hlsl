// [[vk::push_constant]]: a global struct read by the shader, one a shader.
// RUN: %hlslc -T cs_6_0 -fsyntax-only -verify %s

struct S { uint a; float4 b; };

[[vk::push_constant]] S Block;
[[vk::push_constant]] S Other; // expected-error {{a second push constant block: 'Block' is already one (a shader has at most one)}}
[[vk::push_constant]] uint4 NotAStruct; // expected-error {{'vk::push_constant' applies to a variable of struct type, not 'uint4'}}
[[vk::push_constant]] static S Private; // expected-error {{'vk::push_constant' applies to a global variable read by the shader (not static, groupshared or in a cbuffer); 'Private' is not one}}
struct WithBuffer { RWStructuredBuffer<uint> b; };
[[vk::push_constant]] WithBuffer Holds; // expected-error {{a push constant block holds data only; 'Holds' ('WithBuffer') holds a resource}}
cbuffer C {
  [[vk::push_constant]] S Inside; // expected-error {{'vk::push_constant' applies to a global variable read by the shader (not static, groupshared or in a cbuffer); 'Inside' is not one}}
};

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Block = (S)0; // expected-error {{cannot assign to 'Block': it is a uniform value, read from the push constant block 'Block'}}
  Out[0] = Block.a + Other.a + NotAStruct.x + Private.a + Inside.a;
}
