// Local structs and arrays that hold resources beside data (a parameter
// block: buffers, a scale, an offset), copied whole, passed to helpers,
// changed field by field and stored in arrays read at constant indices.
// For SPIR-V each handle is followed statically and each data part gets a
// variable of its own, as DXC's legalization does; the CPU executor and
// (with a device) Vulkan must agree.
// RUN: %hlslc run %s --pipeline %S/struct-resources-and-data.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<float> A : register(u0);
RWStructuredBuffer<float> B : register(u1);

struct Target {
  RWStructuredBuffer<float> buf;
  float scale;
  uint2 span;           // first index, count
};

struct Pair { Target t[2]; float bias; };

void Fill(Target t, uint lane) {
  if (lane < t.span.y)
    t.buf[t.span.x + lane] = t.scale * (lane + 1);
}

Target Make(RWStructuredBuffer<float> b, float s, uint first) {
  Target t;
  t.buf = b;
  t.scale = s;
  t.span = uint2(first, 4);
  return t;
}

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  Pair p;
  p.t[0] = Make(A, 2.0, 0);
  p.t[1] = Make(B, 10.0, 4);
  p.bias = 0.5;
  Target c = p.t[1];          // a copy: changing it leaves p.t[1] as it was
  c.scale = -1.0;
  c.span.x = 0;
  p.t[0].span.y = 3;          // one field of a part that holds no resource
  Fill(p.t[0], i);
  Fill(p.t[1], i);
  Fill(c, i);
  A[4 + i] = p.t[1].scale + p.bias + p.t[0].span.y;
}
