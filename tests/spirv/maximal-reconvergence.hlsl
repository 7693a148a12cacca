// RUN: %hlslc -T cs_6_8 -spirv -S -fspv-enable-maximal-reconvergence %s | FileCheck %s
// RUN: %hlslc -T cs_6_8 -spirv -fspv-enable-maximal-reconvergence %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -T cs_6_8 -spirv -S %s | FileCheck %s --check-prefix=DEFAULT
// -fspv-enable-maximal-reconvergence (DXC's spelling) asks the driver to
// reconverge structured code as SPIR-V's maximal reconvergence says, as
// hlslc's CPU engines run it: here the threads that fall through from one
// case into the next count each other.  Without the option the module
// asks nothing (DXC's default).

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  switch (gi & 3) {
  case 1:
    Out[gi] = WaveActiveCountBits(true);
  case 2:
    Out[32 + gi] = WaveActiveCountBits(true);
    break;
  default:
    break;
  }
}

// CHECK: OpExtension "SPV_KHR_maximal_reconvergence"
// CHECK: OpExecutionMode %main LocalSize 32 1 1
// CHECK-NEXT: OpExecutionMode %main MaximallyReconvergesKHR
// DEFAULT-NOT: MaximallyReconverges
// DEFAULT-NOT: SPV_KHR_maximal_reconvergence
