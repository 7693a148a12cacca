// Samplers and mip levels: SampleLevel and SampleGrad with each filter,
// address mode and LOD setting of the pipeline's Samplers, the mip level a
// level of detail selects, comparison sampling (percentage-closer), Gather
// and GatherCmp, Load and GetDimensions of a mip level, `mips[][]`, SampleGrad's clamp.  The
// texture is 4x2 with three levels: row 0 is 0 1 2 3, row 1 is 4 5 6 7;
// level 1 (2x1) is 10 20; level 2 (1x1) is 100.  Coordinates are chosen
// where the filters' weights are quarters (exact on a GPU too).  The CPU
// executor runs the IR; the GPU tests run the same pipeline on Vulkan and
// compare.
// RUN: %hlslc run %s --pipeline %S/texture-sampling.yaml -T cs_6_8 | FileCheck %s
// CHECK: Sampling: pass

Texture2D<float> Tex : register(t0);
Texture2D<float> Depth : register(t1);                // Depth32, 2x2: 0.25 0.75 / 0.25 0.75
SamplerState PointClamp : register(s0);
SamplerState LinearClamp : register(s1);
SamplerState LinearRepeat : register(s2);
SamplerState PointMirror : register(s3);
SamplerState PointMirrorOnce : register(s4);
SamplerState PointBorder : register(s5);
SamplerState LinearBias : register(s6);               // MipLODBias 1
SamplerState LinearLevel1 : register(s7);             // MinLOD = MaxLOD = 1
SamplerComparisonState CmpLess : register(s8);        // Linear, Less
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  // Filters at level 0.
  Out[0] = Tex.SampleLevel(PointClamp, float2(0.375, 0.25), 0);        // texel (1, 0): 1
  Out[1] = Tex.SampleLevel(LinearClamp, float2(0.375, 0.5), 0);        // (1,0)-(1,1) halfway: 3
  Out[2] = Tex.SampleLevel(LinearClamp, float2(0.25, 0.25), 0);        // (0,0)-(1,0) halfway: 0.5
  Out[3] = Tex.SampleLevel(PointClamp, float2(0.9, 0.9), -1);          // magnified, point: 7
  // The level a level of detail selects (nearest level).
  Out[4] = Tex.SampleLevel(LinearClamp, float2(0.5, 0.5), 1);          // level 1, linear: 15
  Out[5] = Tex.SampleLevel(LinearClamp, float2(0.5, 0.5), 1.25);       // still level 1: 15
  Out[6] = Tex.SampleLevel(LinearClamp, float2(0.5, 0.5), 1.75);       // level 2: 100
  Out[7] = Tex.SampleLevel(LinearClamp, float2(0.5, 0.5), 5);          // clamped to level 2: 100
  // Address modes.
  Out[8] = Tex.SampleLevel(LinearRepeat, float2(0.0, 0.25), 0);        // (3,0) and (0,0): 1.5
  Out[9] = Tex.SampleLevel(LinearClamp, float2(0.0, 0.25), 0);         // (0,0) twice: 0
  Out[10] = Tex.SampleLevel(PointMirror, float2(1.375, 0.25), 0);      // x 5 mirrors to 2
  Out[11] = Tex.SampleLevel(PointMirror, float2(-0.375, 0.25), 0);     // x -2 mirrors to 1
  Out[12] = Tex.SampleLevel(PointMirrorOnce, float2(-0.375, 0.25), 0); // x -2 -> 1
  Out[13] = Tex.SampleLevel(PointMirrorOnce, float2(1.375, 0.25), 0);  // x 5 -> clamped 3
  Out[14] = Tex.SampleLevel(PointBorder, float2(1.375, 0.75), 0);      // outside: border 0
  Out[15] = Tex.SampleLevel(PointBorder, float2(0.625, 0.75), 0);      // inside (2, 1): 6
  // The sampler's LOD bias and range.
  Out[16] = Tex.SampleLevel(LinearBias, float2(0.5, 0.5), 0);          // 0 + 1: level 1: 15
  Out[17] = Tex.SampleLevel(LinearLevel1, float2(0.5, 0.5), 0);        // MinLOD 1: 15
  Out[18] = Tex.SampleLevel(LinearLevel1, float2(0.5, 0.5), 4);        // MaxLOD 1: 15
  // Gradients: rho = max(|ddx| * width, |ddy| * height).
  Out[19] = Tex.SampleGrad(LinearClamp, float2(0.5, 0.5), float2(0.5, 0), float2(0, 0.5));       // lod 1: 15
  Out[20] = Tex.SampleGrad(LinearClamp, float2(0.5, 0.5), float2(0.0625, 0), float2(0, 0.0625)); // lod -2: 3.5
  Out[21] = Tex.SampleGrad(PointClamp, float2(0.5, 0.5), float2(2, 0), float2(0, 2));            // lod 3 -> 2: 100
  // Comparison sampling: each texel compared, then filtered.
  Out[22] = Depth.SampleCmpLevelZero(CmpLess, float2(0.5, 0.5), 0.5);  // 0 1 0 1 averaged: 0.5
  Out[23] = Depth.SampleCmpLevelZero(CmpLess, float2(0.25, 0.25), 0.5); // (0,0) alone: 0.5 < 0.25: 0
  Out[24] = Depth.SampleCmpLevelZero(CmpLess, float2(0.25, 0.25), 0.1); // 1
  Out[25] = Depth.SampleCmpLevel(CmpLess, float2(0.5, 0.25), 0.5, 0);  // (0,0)-(1,0): 0.5
  Out[26] = Depth.SampleCmpGrad(CmpLess, float2(0.75, 0.25), 0.5, float2(0.01, 0), float2(0, 0.01)); // (1,0): 1
  Out[27] = Depth.SampleCmpLevelZero(CmpLess, float2(0.25, 0.25), 0.5, int2(1, 0)); // (1,0): 1
  // Gather: (i0, j1), (i1, j1), (i1, j0), (i0, j0) of the 2x2 footprint at level 0.
  float4 g = Tex.Gather(PointClamp, float2(0.5, 0.5));                 // 5 6 2 1
  Out[28] = g.x; Out[29] = g.y; Out[30] = g.z; Out[31] = g.w;
  g = Tex.GatherRed(PointClamp, float2(0.5, 0.5), int2(1, 0));         // 6 7 3 2
  Out[32] = g.x * 1000 + g.y * 100 + g.z * 10 + g.w;
  g = Tex.Gather(LinearClamp, float2(1.0, 1.0));                       // clamped: 7 7 7 7
  Out[33] = g.x + g.y + g.z + g.w;
  g = Depth.GatherCmp(CmpLess, float2(0.5, 0.5), 0.5);                 // 0 1 1 0
  Out[34] = g.x * 1000 + g.y * 100 + g.z * 10 + g.w;
  // Load and mips[][] of a level, GetDimensions of a level.
  Out[35] = Tex.Load(int3(1, 0, 1));                                   // 20
  Out[36] = Tex.mips[2][int2(0, 0)];                                   // 100
  uint w, h, levels;
  Tex.GetDimensions(1, w, h, levels);                                  // 2 1 3
  Out[37] = w * 100 + h * 10 + levels;
  float fw, fh, fl;
  Tex.GetDimensions(0, fw, fh, fl);                                    // 4 2 3
  Out[38] = fw * 100 + fh * 10 + fl;
  // SampleGrad's LOD clamp: lod -2 raised to 1: level 1.
  Out[39] = Tex.SampleGrad(LinearClamp, float2(0.5, 0.5), float2(0.0625, 0), float2(0, 0.0625), int2(0, 0), 1.0);
}
