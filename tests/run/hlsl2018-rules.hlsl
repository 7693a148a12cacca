// Code written for HLSL 2018 (FXC-era shaders, `-HV 2018`) computes as it
// did there: a for loop's variable lives on after the loop (a search loop
// leaves the index where it stopped), and '?:', '&&' and '||' on vectors and
// matrices work element by element, evaluating both sides.  HLSL 2021 rejects
// each, saying what 2018 did.
// RUN: %hlslc run %s -HV 2018 --pipeline %S/hlsl2018-rules.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: not %hlslc -T cs_6_8 -HV 2021 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=HV2021
// HV2021: hlsl2018-rules.hlsl:24:10: error: value of type 'bool2x3' is not contextually convertible to 'bool'
// HV2021: note: this was allowed before HLSL 2021, where a matrix condition chooses element by element; use select(), or compile with -HV 2018 to keep that rule
// HV2021: hlsl2018-rules.hlsl:32:19: error: use of undeclared identifier 'first'
// HV2021: hlsl2018-rules.hlsl:30:13: note: this was allowed before HLSL 2021, where the variables of a for loop stay in scope after the loop; 'first' is declared here; compile with -HV 2018 to keep that rule
// HV2021: hlsl2018-rules.hlsl:35:16: error: operands of '&&' must be scalars in HLSL 2021
// HV2021: note: this was allowed before HLSL 2021, where '&&' works element by element on vectors and matrices; use and(), or compile with -HV 2018 to keep that rule
// HV2021: hlsl2018-rules.hlsl:37:19: error: value of type 'bool4' is not contextually convertible to 'bool'
// HV2021: note: this was allowed before HLSL 2021, where a vector condition chooses element by element

StructuredBuffer<float4> Values : register(t0);
RWStructuredBuffer<float4> Out : register(u0);

// A block's 2x3 endpoints, as BC6H encoders keep them: components below
// the threshold are negated, the others kept (the matrix condition picks).
float2x3 Adjust(float2x3 endpoints, float threshold) {
  return (endpoints < threshold) ? -endpoints : endpoints;
}

[numthreads(1, 1, 1)]
void main() {
  // The first value whose x is zero.
  for (uint first = 0; first < 4 && Values[first].x != 0; first++) {
  }
  Out[0] = float4(first, 0, 0, 0);

  float4 a = Values[0], b = Values[1];
  bool4 both = a > 1 && b > 1;           // element by element
  bool4 either = a > 3 || b > 3;
  float4 picked = (a > b) ? a : b;        // the larger of each pair
  Out[1] = float4(both) + 10 * float4(either);
  Out[2] = picked;

  float2x3 m = float2x3(Values[0].xyz, Values[1].xyz);
  float2x3 adjusted = Adjust(m, 2.5);
  Out[3] = float4(adjusted[0], 0);
  Out[4] = float4(adjusted[1], 0);
}
