// `struct [raypayload] Payload { ... }`: an attribute between the class key
// and the name (ray-tracing payloads, in headers compute shaders include
// too) leaves the struct a type of that name, as in DXC; the attribute
// means nothing to a compute shader.
// RUN: %hlslc run %s --pipeline %S/struct-attribute-names-type.yaml | FileCheck %s
// CHECK: Values: pass

struct [raypayload] Payload {
  float t;
  uint hits;
};

struct [raypayload] class_like { uint v; };

RWStructuredBuffer<float> Out : register(u0);

Payload make(float t) {
  Payload p = (Payload)0;
  p.t = t;
  p.hits = 2;
  return p;
}

[numthreads(1, 1, 1)]
void main() {
  Payload p = make(1.5);
  class_like c = { 4 };
  Out[0] = p.t * p.hits + c.v;
}
