// `(Base)derived` as an `inout Base` argument names the derived object's
// base part, as DXC takes it: the function reads and writes the base's
// members of the object (a local, a groupshared one); the derived
// members are left as they are.
// RUN: %hlslc run %s --pipeline %S/base-cast-inout-argument.yaml | FileCheck %s
// CHECK: Values: pass
// RUN: not %hlslc -T cs_6_0 -DBAD %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: expression is not assignable

struct Base {
  uint3 u;
  void SetY(uint value) { u.y = value; }
};
struct Derived : Base {
  float bar;
};
struct Other { uint3 u; };

groupshared Derived Shared;
RWStructuredBuffer<uint> Out : register(u0);

void Bump(inout Base b, uint value) {
  b.u.z += value;
  b.SetY(b.u.x * 10);
}

[numthreads(2, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Derived local;
  local.u = uint3(1 + i, 2, 3);
  local.bar = 7.5;
  Bump((Base)local, 5);
  if (i == 0) {
    Shared.u = uint3(4, 0, 0);
    Shared.bar = 2;
    Bump((Base)Shared, 6);
  }
  GroupMemoryBarrierWithGroupSync();
#ifdef BAD
  Other o = (Other)local;
  Bump((Base)o, 1);
#endif
  Out[i * 4] = local.u.y;
  Out[i * 4 + 1] = local.u.z;
  Out[i * 4 + 2] = (uint)(local.bar * 2);
  Out[i * 4 + 3] = Shared.u.y + Shared.u.z + (uint)Shared.bar;
}
