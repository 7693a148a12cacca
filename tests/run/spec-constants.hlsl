// [[vk::constant_id(N)]] specialization constants of every scalar kind,
// set by the pipeline's SpecializationConstants (the values' bits, a bool a
// 32-bit VkBool32); one the pipeline does not set keeps its default; two
// constants with one id both take its value.  The CPU executor writes them
// over the defaults; the GPU tests run the same pipeline on Vulkan
// (VkSpecializationInfo) and compare.
// RUN: %hlslc run %s --pipeline %S/spec-constants.yaml -T cs_6_2 -enable-16bit-types | FileCheck %s
// CHECK: Values: pass
// CHECK: Halves: pass
// CHECK: Doubles: pass
// RUN: %hlslc -spirv -S -T cs_6_2 -enable-16bit-types %s -o - | FileCheck %s --check-prefix=SPV
// SPV-DAG: OpDecorate %[[FLAG:[A-Za-z_0-9]+]] SpecId 0
// SPV-DAG: %[[FLAG]] = OpSpecConstantFalse %bool
// SPV-DAG: OpDecorate %[[COUNT:[A-Za-z_0-9]+]] SpecId 1
// SPV-DAG: %[[COUNT]] = OpSpecConstant %uint 4294967295
// SPV-DAG: OpDecorate %{{[A-Za-z_0-9]+}} SpecId 6
// SPV-DAG: = OpSpecConstant %double 0.25

[[vk::constant_id(0)]] const bool Flag = false;
[[vk::constant_id(1)]] const int Count = -1;
[[vk::constant_id(2)]] const uint Mask = 7;
[[vk::constant_id(3)]] const float Scale = 1.0;
[[vk::constant_id(4)]] const int16_t Small = 2;
[[vk::constant_id(5)]] const uint16_t SmallU = 3;
[[vk::constant_id(6)]] const double Ratio = 0.25;
[[vk::constant_id(7)]] const int Untouched = 1234;
[[vk::constant_id(1)]] const int CountAgain = 0;

RWStructuredBuffer<int> Values : register(u0);
RWStructuredBuffer<int16_t> Halves : register(u1);
RWStructuredBuffer<double> Doubles : register(u2);

[numthreads(1, 1, 1)]
void main() {
  Values[0] = Flag ? 10 : 20;
  Values[1] = Count;
  Values[2] = (int)Mask;
  Values[3] = (int)(Scale * 100);
  Values[4] = Untouched;
  Values[5] = CountAgain;
  Halves[0] = Small;
  Halves[1] = (int16_t)SmallU;
  Doubles[0] = Ratio;
}
