// Constant buffers declare globals; `Load<T>` / `Store<T>` take a template
// argument after '.'.
// RUN: %hlslc -T cs_6_10 -fsyntax-only -verify %s
// expected-no-diagnostics

cbuffer Params : register(b0) {
  float scale;
  uint count;
};

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  if (id.x >= count)
    return;
  float4 v = In.Load<float4>(id.x * 16);
  Out.Store<float4>(id.x * 16, v * scale);
}
