// A `const` local declared without an initializer, as DXC takes it (HLSL
// has no default constructors, and DXC's initialization skips C++'s rule):
// NVIDIA RTXPT declares `const RayHitInfo hitInfo;` and fills it with its
// methods.  Methods called on it write its members.
// RUN: %hlslc run %s --pipeline %S/const-local-without-initializer.yaml | FileCheck %s
// CHECK: Values: pass

struct Hit {
  void Init(uint id) { instanceID = id; kind = 2; }
  void InitNone() { instanceID = 0; kind = 0; }
  uint instanceID;
  uint kind;
};

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(2, 1, 1)]
void main(uint i : SV_GroupIndex) {
  const Hit hit;
  if (i == 0)
    hit.Init(7);
  else
    hit.InitNone();
  Out[i] = hit.kind + hit.instanceID;
}
