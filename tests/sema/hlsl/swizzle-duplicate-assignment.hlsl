// A swizzle that names a component twice cannot be assigned to (reading it
// is fine), also when passed to an out/inout parameter.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

void update(inout float2 v) { v += 1; }

void f() {
  float4 v = 0;
  v.xx = float2(1, 2); // expected-error {{vector is not assignable (contains duplicate components)}}
  update(v.yy); // expected-error {{vector is not assignable (contains duplicate components)}}
  float2 read = v.xx;
  v.xy = read;
  update(v.zw);
}
