// Brace initializers must supply exactly as many scalars as the type holds
// (HLSL flattens vectors and matrices in the list).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

struct Pair { float a; float2 b; };

void f() {
  float3 v = {1, 2}; // expected-error {{too few initializers for 'float3': expected 3 scalar values, got 2}}
  int a[2] = {1, 2, 3}; // expected-error {{too many initializers for 'int[2]': expected 2 scalar values, got 3}}
  float2x2 m = {1, 2, 3}; // expected-error {{too few initializers for 'float2x2': expected 4 scalar values, got 3}}
  float3 c = float3(1, 2); // expected-error {{too few elements in vector initialization (expected 3 elements, have 2)}}
  float3 d = float3(1, 2, 3, 4); // expected-error {{too many elements in vector initialization (expected 3 elements, have 4)}}
  Pair ok = {1, float2(2, 3)};
  float4 flat = {float2(1, 2), 3, 4};
}
