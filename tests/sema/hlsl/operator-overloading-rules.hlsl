// HLSL's rules on overloaded operators, as DXC applies them: HLSL 2021
// allows member operators except assignment, compound assignment, shifts,
// '++', '--', '->' and '->*'; non-member operators come with HLSL 202x
// (proposal 0008); HLSL 2018 has no operator overloading.
// RUN: %hlslc -T cs_6_8 -HV 2021 -fsyntax-only -verify=hv2021,both %s
// RUN: %hlslc -T cs_6_8 -HV 202x -fsyntax-only -verify=both %s
// RUN: %hlslc -T cs_6_8 -HV 2018 -fsyntax-only -verify=hv2018,both %s

struct Test { float f; };

Test operator*(float L, Test R) { // hv2021-error {{overloading non-member 'operator*' is not allowed}} hv2018-error {{overloading 'operator*' needs HLSL 2021 (-HV 2021); the language version is 2018}}
  return R;
}

struct S {
  float foo;
  void operator=(S s) {} // both-error {{overloading 'operator=' is not allowed}}
  void operator+=(S s) {} // both-error {{overloading 'operator+=' is not allowed}}
  void operator<<(S s) {} // both-error {{overloading 'operator<<' is not allowed}}
  void operator>>=(S s) {} // both-error {{overloading 'operator>>=' is not allowed}}
  S operator++() { return this; } // both-error {{overloading 'operator++' is not allowed}}
  S operator--() { return this; } // both-error {{overloading 'operator--' is not allowed}}
  S operator+(S s) { S r; r.foo = foo + s.foo; return r; } // hv2018-error {{overloading 'operator+' needs HLSL 2021 (-HV 2021); the language version is 2018}}
  bool operator<(S s) { return foo < s.foo; } // hv2018-error {{overloading 'operator<' needs HLSL 2021 (-HV 2021); the language version is 2018}}
};

[numthreads(1, 1, 1)]
void main() {}
