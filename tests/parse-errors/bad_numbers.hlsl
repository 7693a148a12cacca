// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}bad_numbers.hlsl:[[@LINE+7]]:11: error: invalid numeric literal '0x'
// CHECK: {{.*}}bad_numbers.hlsl:[[@LINE+7]]:13: error: hexadecimal floating constants require an exponent
// CHECK: {{.*}}bad_numbers.hlsl:[[@LINE+7]]:11: error: invalid numeric literal '089'
// CHECK: {{.*}}bad_numbers.hlsl:[[@LINE+7]]:13: error: invalid numeric literal '1.0e'
// CHECK: 4 errors generated.
// Malformed numbers are reported once each and parsing goes on.
void f() {
  int a = 0x;
  float b = 0x1.8;
  int c = 089;
  float d = 1.0e;
  int e = 017 + 0xFFu + 10ul + 0x1p3;
}
