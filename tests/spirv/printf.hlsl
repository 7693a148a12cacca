// RUN: %hlslc -T cs_6_6 -E main -spirv -S %s | FileCheck %s
// RUN: %hlslc -T cs_6_6 -E main -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -T cs_6_6 -E Bad -DBAD -spirv -fsyntax-only -verify=bad %s
// RUN: %hlslc -T cs_6_6 -E main -DBAD -spirv -fsyntax-only -verify=unreached %s
// RUN: %hlslc -T cs_6_6 -E main -DBAD -DESCAPES -spirv -fsyntax-only -verify=esc %s
// RUN: %hlslc -T cs_6_6 -E main -fsyntax-only -verify=dxil %s
// printf for Vulkan is SPIR-V's debug printf, as DXC writes it: the
// NonSemantic.DebugPrintf instruction set, the format an OpString (its C
// escapes decoded, one string per format), then the values as the program
// has them: scalars, whole vectors for %v3f, literals as int and float,
// bools as uint.  A validation layer prints them; a driver without one
// ignores them.  DXIL has no printf: there it stays an error where the entry
// point reaches it.  A format may be a string literal or a const string
// initialized with one; any other format is an error where the entry reaches
// it (DXC's SPIR-V backend writes only what it calls).

RWStructuredBuffer<uint> Out : register(u0);
enum Mode { Plain, Fancy };
static const string Format = "format %d";

void Trace(uint v, float3 p) {
  printf("value %u at %v3f\n", v, p);
}

[numthreads(2, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  float3 p = float3(1, 2, 3) * i;
  Trace(i, p); // dxil-error@-6 {{use of unsupported identifier 'printf'}} dxil-note {{'Trace' is called from the entry point 'main' here}}
  if (i > 0)
    Trace(i + 1, p.zyx);
  printf("lit=%d %f b=%u e=%d half=%f", 7, 2.5, i > 0, Fancy, (half)p.x); // dxil-error {{use of unsupported identifier 'printf'}}
  printf("\x41\102C \"quoted\" caf\xc3\xa9"); // dxil-error {{use of unsupported identifier 'printf'}}
  const string first = "first string";
  printf(first); // dxil-error {{use of unsupported identifier 'printf'}}
  printf((Format), i); // dxil-error {{use of unsupported identifier 'printf'}}
  Out[i] = i;
}

#ifdef BAD
// unreached-no-diagnostics
static string Mutable = "%d";

void Log(uint i) {
  printf(Mutable, i); // bad-error {{the format of 'printf' must be a string literal}}
}

void NeverCalled(uint i) {
  printf(Mutable, i + 1);
}

#ifdef ESCAPES
// An escape past a byte is an error wherever it is, as clang's lexer says.
void Escapes(uint i) {
  printf("\x100 %u", i); // esc-error {{hex escape sequence out of range}}
  printf("\777 %u", i); // esc-error {{octal escape sequence out of range}}
}
#endif

[numthreads(1, 1, 1)]
void Bad(uint i : SV_DispatchThreadID) {
  Log(i); // bad-note {{'Log' is called from the entry point 'Bad' here}}
}
#endif

// CHECK: OpExtension "SPV_KHR_non_semantic_info"
// CHECK: [[SET:%[A-Za-z_0-9]+]] = OpExtInstImport "NonSemantic.DebugPrintf"
// CHECK: [[F1:%[0-9]+]] = OpString "value %u at %v3f
// CHECK-NEXT: "
// CHECK: [[F2:%[0-9]+]] = OpString "lit=%d %f b=%u e=%d half=%f"
// CHECK: [[F3:%[0-9]+]] = OpString "ABC \"quoted\" café"
// CHECK: [[F4:%[0-9]+]] = OpString "first string"
// CHECK: [[F5:%[0-9]+]] = OpString "format %d"
// CHECK-NOT: OpString
// CHECK: OpName %main "main"
// CHECK: OpExtInst %void [[SET]] 1 [[F1]] %{{[0-9]+}} %{{[0-9]+}}
// CHECK: OpSelectionMerge
// CHECK: OpExtInst %void [[SET]] 1 [[F1]] %{{[0-9]+}} %{{[0-9]+}}
// CHECK: OpExtInst %void [[SET]] 1 [[F2]] %uint_7 %float_2_5 %{{[0-9]+}} %uint_1 %{{[0-9]+}}
// CHECK: OpExtInst %void [[SET]] 1 [[F3]]{{$}}
// CHECK: OpExtInst %void [[SET]] 1 [[F4]]{{$}}
// CHECK: OpExtInst %void [[SET]] 1 [[F5]] %{{[0-9]+}}{{$}}
