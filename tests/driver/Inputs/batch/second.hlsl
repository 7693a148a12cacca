// An input of tests/driver/batch.hlsl: a plain compute shader.
RWByteAddressBuffer Out;

[numthreads(1, 1, 1)]
void main() { Out.Store(0, 7u); }
