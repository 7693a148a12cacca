// Wave Matrix (SM 6.8) against device profiles.  WaveMatrixLeft<T, M, N>,
// Right and Accumulator belong to the multiply unit M x N x K whose depth K
// the device picks (MatrixDepth(), a multiple of 16): each type needs a
// subgroup configuration with its M and N, a K that is a multiple of 16 and
// its element type.
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify=h100 --target-device nvidia-h100 %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify=metal --target-device apple-metal %s

ByteAddressBuffer In;
RWByteAddressBuffer Out;
groupshared float16_t G[4096];

[numthreads(64, 1, 1)]
void main() {
  WaveMatrixLeft<float16_t, 16, 16> a;         // metal-warning {{'WaveMatrixLeft<half, 16, 16>' is not supported by device 'apple-metal': no configuration has an A matrix M=16 N=16 K a multiple of 16 (the device's depth) f16 at subgroup scope; nearest supported: M=8 N=8 K=8 f16 (subgroup)}}
  WaveMatrixRight<float16_t, 16, 16> b;        // metal-warning {{'WaveMatrixRight<half, 16, 16>' is not supported}}
  WaveMatrixAccumulator<float32_t, 16, 16> c;  // metal-warning {{'WaveMatrixAccumulator<float, 16, 16>' is not supported}}
  a.Load(In, 0, 32, false);
  b.Load(G, 0, 16, true);
  c.Fill(0);
  c.MultiplyAccumulate(a, b);

  // 64x64 is one of NVIDIA's flexible sizes (multiples of 16x16x16).
  WaveMatrixLeft<float16_t, 64, 64> big;       // metal-warning {{'WaveMatrixLeft<half, 64, 64>' is not supported}}
  big.Load(In, 0, 128, false);

  // int8 x uint8 ("mixed mode" in the Wave Matrix spec) is not a Vulkan configuration.
  WaveMatrixLeft<int8_t4_packed, 16, 16> s8;   // metal-warning {{'WaveMatrixLeft<int8_t4_packed, 16, 16>' is not supported}}
  WaveMatrixRight<uint8_t4_packed, 16, 16> u8; // metal-warning {{'WaveMatrixRight<uint8_t4_packed, 16, 16>' is not supported}}
  WaveMatrixAccumulator<int32_t, 16, 16> ci;   // metal-warning {{'WaveMatrixAccumulator<int, 16, 16>' is not supported}}
  s8.Load(In, 0, 64, false);
  u8.Load(In, 0, 64, true);
  ci.Multiply(s8, u8); // h100-warning {{multiply M=16 N=16 K a multiple of 16 (the device's depth) s8 x u8 -> s32 at subgroup scope is not supported by device 'nvidia-h100'; nearest supported: M=16 N=16 K=32 s8 x s8 -> s32 (subgroup)}}

  c.Store(Out, 0, 64, false);
  ci.Store(Out, 1024, 64, false);
}
