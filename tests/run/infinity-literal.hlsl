// `1.#INF`, the infinity literal DXC (and FXC) accept: a float of infinite
// value, negated with `-`, swizzled like other literals (`1.#INF.xxx`),
// with a float suffix; a constant in folding too.  No other mantissa is
// one (`0.#INF` is DXC's error as well).
// RUN: %hlslc run %s --pipeline %S/infinity-literal.yaml | FileCheck %s
// CHECK: Bits: pass
// RUN: not %hlslc -T cs_6_0 -DBAD %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: invalid suffix '#INF' on floating constant (the infinity literal is `1.#INF`)

RWStructuredBuffer<uint> Out : register(u0);
static const float Far = 1.#INF;

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  float3 v = 1.#INF.xxx;
  Out[0] = asuint(1.#INF);
  Out[1] = asuint(-1.#INF);
  Out[2] = asuint(v.y + i);
  Out[3] = asuint(1.#INFf);
  Out[4] = min(Far, 2.0) == 2.0 ? 1 : 0;
#ifdef BAD
  Out[5] = asuint(0.#INF);
#endif
}
