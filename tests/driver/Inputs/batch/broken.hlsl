// An input of tests/driver/batch.hlsl: a shader with an error.
[numthreads(1, 1, 1)]
void main() { undeclared = 1; }
