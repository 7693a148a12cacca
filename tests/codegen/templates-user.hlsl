// User templates through code generation: a function template, a class
// template with a member function (checked and emitted per instantiation),
// member operators (HLSL 2021) and a non-member operator (HLSL 202x).
// RUN: %hlslc -T cs_6_8 -HV 202x %s | FileCheck %s

RWStructuredBuffer<float4> Out : register(u0);

template <typename T> T twice(T x) { return x + x; }

template <typename T, int N> struct Arr {
  T v[N];
  T sum() {
    T s = (T)0;
    for (int i = 0; i < N; i++)
      s += v[i];
    return s;
  }
};

struct P {
  float a;
  float b;
  P operator*(float k) { P r; r.a = a * k; r.b = b * k; return r; }
};

P operator+(P x, P y) { P r; r.a = x.a + y.a; r.b = x.b + y.b; return r; }

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  Arr<float, 3> a;
  a.v[0] = 1;
  a.v[1] = 2;
  a.v[2] = i;
  Arr<int, 2> b;
  b.v[0] = 5;
  b.v[1] = (int)i;
  P p = {1, 2};
  P q = p + p * 3;
  // The float instance adds floats, the int instance ints.
  // CHECK-DAG: fadd float
  // CHECK-DAG: add i32
  // CHECK: call void @"dx.op.rawBufferStore.f32"(i32 140,
  Out[i] = float4(twice(a.sum()), twice(b.sum()), q.a, q.b);
}
