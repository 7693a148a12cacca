// A `static` global resource that the program assigns (`static
// RWStructuredBuffer<float> Target; ... Target = First;`), as code that
// picks its output once and writes through helpers does, and DXC compiles:
// the variable is a slot of the entry holding a handle, so each helper
// writes to the resource assigned last, and one with an initializer starts
// with its handle.  Reading one that nothing gives a value is an error.
// RUN: %hlslc run %s --pipeline %S/static-resource-assigned.yaml | FileCheck %s
// CHECK: First: pass
// CHECK-NEXT: Second: pass
// RUN: %hlslc -T cs_6_0 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: not %hlslc -T cs_6_0 -DUNSET %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNSET
// UNSET: error: static resource 'Never' is read but never given a value

RWStructuredBuffer<float> First : register(u0);
RWStructuredBuffer<float> Second : register(u1);

static RWStructuredBuffer<float> Target;
static RWStructuredBuffer<float> Start = Second;
#ifdef UNSET
static RWStructuredBuffer<float> Never;
#endif

void emit(uint i, float v) {
  RWStructuredBuffer<float> local = Target;
  local[i] = v;
}

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID) {
  Target = First;
  emit(i, i + 1);
  Target = Start;
  emit(i, (i + 1) * 10);
  Start = First;
  Start[i] += 100;
#ifdef UNSET
  Never[i] = 0;
#endif
}
