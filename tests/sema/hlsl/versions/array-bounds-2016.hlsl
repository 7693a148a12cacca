// A constant index outside an array: clang's warning in HLSL 2016 and
// earlier, an error from HLSL 2017, as in DXC (SemaChecking.cpp).
// RUN: %hlslc -T cs_6_8 -HV 2016 -fsyntax-only -verify=hv2016 %s
// RUN: %hlslc -T cs_6_8 -HV 2017 -fsyntax-only -verify=hv2017 %s

RWStructuredBuffer<int> Out : register(u0);

void Dead() {
  int array[2]; // hv2016-note 2 {{array 'array' declared here}}
  array[-1] = 0; // hv2016-warning {{array index -1 is before the beginning of the array [-Warray-bounds]}} hv2017-error {{index -1 is out of bounds (size 2)}}
  array[0] = 0;
  array[1] = 0;
  array[2] = 0; // hv2016-warning {{array index 2 is past the end of the array (which contains 2 elements) [-Warray-bounds]}} hv2017-error {{index 2 is out of bounds (size 2)}}
}

[numthreads(1, 1, 1)]
void main() {
  Out[0] = 1;
}
