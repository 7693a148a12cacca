RWByteAddressBuffer Out : register(u3);
[numthreads(4, 1, 1)]
void main() { Out.Store(0, 1); }
