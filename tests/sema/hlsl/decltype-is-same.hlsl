// DXC's test-support built-ins, so type rules can be checked as DXC's own
// tests check them: `__decltype(expr)` is the type of an expression that
// is not evaluated, and `std::is_same<T, U>::value` whether two types are
// one (with `std::true_type`/`std::false_type`).  `sizeof` of an
// expression is a constant too.
// RUN: %hlslc -T lib_6_3 -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_0 -E main -fsyntax-only -verify %s

export void types() {
  float f = 1; int i = 2; uint u = 3; bool b = true; double d = 4;
  float4 v = 0; float2x2 m = 0; min16float h = 1;
  __decltype(f) copy = 2;
  _Static_assert(std::is_same<float, __decltype(copy)>::value, "a declared type");
  _Static_assert(std::is_same<float, __decltype(f + i)>::value, "int converts to float");
  _Static_assert(std::is_same<uint, __decltype(i + u)>::value, "int converts to uint");
  _Static_assert(std::is_same<int, __decltype(b + b)>::value, "bool computes as int");
  _Static_assert(std::is_same<bool, __decltype(i < u)>::value, "a comparison is a bool");
  _Static_assert(std::is_same<double, __decltype(f * d)>::value, "float converts to double");
  _Static_assert(std::is_same<float4, __decltype(v * f)>::value, "a scalar splats");
  _Static_assert(std::is_same<bool4, __decltype(v == v)>::value, "componentwise");
  _Static_assert(std::is_same<float2x2, __decltype(m + m)>::value, "matrices");
  _Static_assert(std::is_same<float, __decltype(h + f)>::value, "min16float meets float");
  // Integers combine as DXC's CombineBasicTypes does: the larger size,
  // unsigned when either is, min-precision only when both are; a bool takes
  // the other side's type.
  min16int m16 = 1; min12int m12 = 1; min16uint mu16 = 1; int64_t i64 = 1;
  _Static_assert(std::is_same<min16int, __decltype(b + m16)>::value, "bool + min16int");
  _Static_assert(std::is_same<min16uint, __decltype(mu16 | b)>::value, "min16uint | bool");
  _Static_assert(std::is_same<uint, __decltype(i + mu16)>::value, "int + min16uint");
  _Static_assert(std::is_same<min16int, __decltype(m12 + m16)>::value, "min12int + min16int");
  _Static_assert(std::is_same<uint64_t, __decltype(u + i64)>::value, "uint + int64_t");
  _Static_assert(std::is_same<bool, __decltype(i < mu16)>::value, "compared as uint, a bool");
  _Static_assert(!std::is_same<int, __decltype(f)>::value, "float is no int");
  _Static_assert(std::is_same<int, int>::value && !std::is_same<int, uint>::value, "plain types");
  _Static_assert(std::true_type::value && !std::false_type::value, "the results");
  _Static_assert(sizeof(v + v) == 16 && sizeof(f * d) == 8, "sizeof of an expression");
  _Static_assert(std::is_same<int, __decltype(f + f)>::value, "f + f");   // expected-error {{static assertion failed: f + f}}
}
[numthreads(1, 1, 1)] void main() { types(); }
