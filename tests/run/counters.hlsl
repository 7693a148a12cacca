// A structured buffer's hidden counter: every thread takes a slot with
// IncrementCounter and marks it, so each slot is marked once whatever the
// order; the counter starts at the buffer's Counter and ends past the last
// slot (printed as `Counter:` in the buffer's output).  The GPU tests run
// the same pipeline on Vulkan (the counter a storage buffer of one uint at
// the resource's CounterBinding) and compare.
// RUN: %hlslc run %s --pipeline %S/counters.yaml | FileCheck %s
// CHECK: Name: Slots
// CHECK-NEXT: Format: UInt32
// CHECK-NEXT: Stride: 4
// CHECK-NEXT: Counter: 66
// CHECK: Marked: pass
// RUN: %hlslc -spirv -S -T cs_6_0 %s -o - | FileCheck %s --check-prefix=SPV
// SPV-DAG: OpDecorate %counter_var_Slots Binding 3
// SPV-DAG: OpDecorate %Slots Binding 0

[[vk::binding(0)]] [[vk::counter_binding(3)]] RWStructuredBuffer<uint> Slots : register(u0);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint slot = Slots.IncrementCounter();
  Slots[slot] = slot + 1;
}
