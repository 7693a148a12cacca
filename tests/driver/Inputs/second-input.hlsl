// The second input of tests/driver/multiple-inputs.hlsl.
second_input_token
