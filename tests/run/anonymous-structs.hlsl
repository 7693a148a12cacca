// A struct declared in the declaration of its variables, without a name
// and with storage classes (the DirectX SDK's fluid sample:
// `groupshared struct { float2 position; float2 velocity; } shared[N];`),
// in a function too: its type is clang's `(anonymous struct at FILE:L:C)`.
// RUN: %hlslc run %s --pipeline %S/anonymous-structs.yaml | FileCheck %s
// CHECK: Swapped: pass
// RUN: %hlslc -T cs_6_8 --ast-dump %s | FileCheck %s --check-prefix=AST
// AST: StructDecl <{{.*}}anonymous-structs.hlsl:[[@LINE+3]]:13> keyword='struct' '(anonymous struct at {{.*}}anonymous-structs.hlsl:[[@LINE+3]]:13)'
// AST: VarDecl <{{.*}}> specifiers=[groupshared] 'Shared'

groupshared struct {
  float2 position;
  float2 velocity;
} Shared[4];

struct { float scale; } Settings;   // a uniform of $Globals

RWStructuredBuffer<float4> Particles : register(u0);

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Shared[i].position = Particles[i].xy;
  Shared[i].velocity = Particles[i].zw;
  GroupMemoryBarrierWithGroupSync();
  static struct { uint offset; } step = { 3 };
  struct { float2 p; float2 v; } mine;
  mine.p = Shared[(i + step.offset) % 4].position;
  mine.v = Shared[(i + step.offset) % 4].velocity;
  Particles[i] = float4(mine.p, mine.v * (Settings.scale + 1));
}
