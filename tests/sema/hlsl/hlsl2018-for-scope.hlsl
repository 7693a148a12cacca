// A for loop's declarations, by language version.  Before HLSL 2021 they
// belong to the enclosing scope (DXC's ForDeclScope): the variable lives on
// after the loop, and a second loop redeclaring it is a warning whose newer
// declaration wins (-Wno-for-redefinition silences it).  HLSL 2021 scopes
// them to the loop, as C++; a use after the loop gets a note saying so.
// RUN: %hlslc -T cs_6_8 -HV 2018 -fsyntax-only -verify=hv2018 %s
// RUN: %hlslc -T cs_6_8 -HV 2016 -fsyntax-only -verify=hv2018 %s
// RUN: %hlslc -T cs_6_8 -HV 2018 -Wno-for-redefinition -fsyntax-only -verify=quiet %s
// RUN: %hlslc -T cs_6_8 -HV 2021 -fsyntax-only -verify=hv2021 %s

RWStructuredBuffer<uint> Out : register(u0);

uint Count(uint limit) {
  for (uint n = 0; n < limit && Out[n] != 0; n++) {
  }
  return n; // hv2021-error {{use of undeclared identifier 'n'}}
  // hv2021-note@-3 {{this was allowed before HLSL 2021, where the variables of a for loop stay in scope after the loop; 'n' is declared here; compile with -HV 2018 to keep that rule}}
}

[numthreads(4, 1, 1)]
void main(uint id : SV_DispatchThreadID) {
  uint total = 0;
  for (uint i = 0; i < 4; i++)  // hv2018-note {{previous definition is here}}
    total += Out[i];
  for (uint i = 0; i < 2; i++)  // hv2018-warning {{redefinition of 'i' shadows declaration in the outer scope; most recent declaration will be used [-Wfor-redefinition]}}
    total += i;                 // hv2018-note@-1 {{previous definition is here}}
  for (int i = 3; i > 0; i--)   // hv2018-warning {{redefinition of 'i' with a different type: 'int' vs 'uint' shadows declaration in the outer scope; most recent declaration will be used [-Wfor-redefinition]}}
    total += i;
  {
    for (uint j = 0; j < 2; j++)
      total += j;
  }
  Out[id] = total + Count(4) + j; // hv2018-error {{use of undeclared identifier 'j'}} quiet-error {{undeclared identifier 'j'}} hv2021-error {{use of undeclared identifier 'j'}}
  // (j belongs to the block's scope in every version: no note.)
}
