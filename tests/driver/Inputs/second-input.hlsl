// The second input of tests/driver/multiple-inputs.hlsl.
second_input_token

// The default profile is cs_6_10, whose entry point is main.
[numthreads(1, 1, 1)]
void main() {}
