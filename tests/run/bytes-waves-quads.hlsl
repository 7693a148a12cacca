// Byte arithmetic, quad votes and partitioned wave operations on the CPU
// (and on a Vulkan device, which the GPU tests compare): msad4 (Bfi, Msad),
// pack_u8/pack_clamp_s8/pack_clamp_u8 (Pack4x8), unpack_s8s32/unpack_u8u32
// (Unpack4x8), QuadAny/QuadAll (QuadVote), WaveMatch and the
// WaveMultiPrefix operations.  Eight threads: one wave, two quads; the
// partitions are i / 3: {0, 1, 2}, {3, 4, 5}, {6, 7}.  16 words a thread.
// RUN: %hlslc run %s --pipeline %S/bytes-waves-quads.yaml -T cs_6_8 | FileCheck %s
// CHECK: Bytes: pass
// CHECK: Waves: pass

RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> WaveOut : register(u1);

[numthreads(8, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
  uint i = tid.x;
  uint at = i * 16;
  // Reference bytes 0x10, 0x01, 0xFF, 0x00 + i (the last is masked for i = 0).
  uint4 sad = msad4(0x00FF0110u + (i << 24), uint2(0x80402010u, 0x08040201u), uint4(1, 2, 3, i));
  Out[at + 0] = sad.x;
  Out[at + 1] = sad.y;
  Out[at + 2] = sad.z;
  Out[at + 3] = sad.w;
  Out[at + 4] = pack_u8(uint4(i, 0x1FF, 3, 255 + i));
  Out[at + 5] = pack_clamp_s8(int4(-200, 5 - (int)i, 200, -(int)i));
  Out[at + 6] = pack_clamp_u8(uint4(i * 100, 3, 0, 300));
  int4 s = unpack_s8s32(0x80FF7F00u + i);
  uint4 u = unpack_u8u32(0x80FF7F00u + i);
  Out[at + 7] = asuint(s.x);
  Out[at + 8] = asuint(s.y);
  Out[at + 9] = asuint(s.z);
  Out[at + 10] = asuint(s.w);
  Out[at + 11] = u.x + u.y + u.z + u.w;
  Out[at + 12] = (QuadAny(i == 1) ? 1u : 0u) | (QuadAll(i < 6) ? 2u : 0u);
  Out[at + 13] = 0;
  Out[at + 14] = 0;
  Out[at + 15] = 0;

  uint4 match = WaveMatch(i / 3);
  uint w = i * 6;
  WaveOut[w + 0] = match.x;
  WaveOut[w + 1] = WaveMultiPrefixSum(i + 1, match);
  WaveOut[w + 2] = WaveMultiPrefixProduct(i + 1, match);
  WaveOut[w + 3] = WaveMultiPrefixBitOr(1u << i, match);
  WaveOut[w + 4] = WaveMultiPrefixCountBits(i % 2 == 0, match);
  WaveOut[w + 5] = asuint(WaveMultiPrefixSum((float)i * 0.5, match));
}
