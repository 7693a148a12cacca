// An `if` (or `?:`) whose condition is a constant expression (a literal, a
// `#define`d switch, a `static const`) emits only the arm it takes, as
// DXC's code generation does: the skipped arm's code, and what it would
// demand (a second resource for a local, a construct SPIR-V cannot map),
// is gone.  An arm that holds a `case` label of an enclosing switch is
// kept: the switch can jump into it (a label inside a nested statement is
// not compiled yet, and that stays an error rather than a dropped case).
// RUN: %hlslc -T cs_6_6 %s -o - | FileCheck %s
// RUN: %hlslc -T cs_6_6 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc run %s --pipeline %S/Inputs/constant-condition-if.yaml | FileCheck %s --check-prefix=EXEC
// EXEC: Out: pass
// RUN: not %hlslc -T cs_6_6 -DLABEL %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LABEL
// LABEL: constant-condition-if.hlsl:[[@LINE+33]]:3: error: code generation does not support this statement yet

#define USE_FANCY 0
static const bool Enabled = true;
static bool Toggle = false;
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> Other : register(u1);

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  RWStructuredBuffer<uint> dest = Out;
  if (USE_FANCY)
    dest = Other;
  if (USE_FANCY) {
    dest[i] = 1000;
  } else if (i > 2 && Enabled) {
    dest[i] = 6;
  } else {
    dest[i] = 3;
  }
  switch (i) {
  case 0:
    break;
  case 1:
    dest[i] += 10;
    break;
  default:
    break;
  }
#ifdef LABEL
  switch (i) {
  case 0:
    if (false) {
  case 1:
      dest[i] += 10;
    }
  }
#endif
  if (!Enabled)
    return;
  dest[i] += 100;
  RWStructuredBuffer<uint> pick = USE_FANCY ? Other : Out;    // a ?: too
  pick[i] += 1;
  // A static that is not const is no constant: its branch stays.
  if (i == 3)
    Toggle = true;
  if (Toggle)
    pick[i] += 2000;
}
// CHECK-LABEL: define void @"main"()
// CHECK-NOT: i32 1000
// CHECK: icmp ugt i32 %{{.*}}, 2
// CHECK: switch i32
// CHECK-DAG: add i32 %{{.*}}, 10{{$}}
// CHECK-DAG: add i32 %{{.*}}, 100
// CHECK-NOT: i32 1000
