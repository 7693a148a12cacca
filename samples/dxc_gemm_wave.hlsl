// dxc_gemm_wave.hlsl -- a GEMM written against DXC's dx::linalg (the amended
// proposal 0035 as DXC 1.10 ships it: --linalg-revision=dxc).
//
//   C = 0.5 * A x B      A: 64 x 96 fp16, B: 96 x 48 fp16 (row-major), C: fp32
//
// One wave per 16 x 16 tile of C: the K loop loads a 16 x 16 tile of A and
// of B from their buffers and multiply-accumulates them in fp32; the scale
// is done element by element on each lane's slice of the accumulator
// (Length, Get and Set: which elements a lane holds is the device's
// business, and `hlslc run --seed` changes it).  The matrices are values, as
// in DXC: MultiplyAccumulate and Set give the accumulator a new value.
//
// Compile:  hlslc -T cs_6_10 --linalg-revision=dxc samples/dxc_gemm_wave.hlsl -o dxc_gemm_wave.ll
// Run:      hlslc run samples/dxc_gemm_wave.hlsl --pipeline samples/dxc_gemm_wave.yaml
// (the pipeline, with numpy's product, is made by samples/gen_dxc_gemm_wave.py)

#include <dx/linalg.h>

using namespace dx::linalg;

#define M 64
#define N 48
#define K 96
#define TILE 16

using TileA = Matrix<ComponentType::F16, TILE, TILE, MatrixUse::A, MatrixScope::Wave>;
using TileB = Matrix<ComponentType::F16, TILE, TILE, MatrixUse::B, MatrixScope::Wave>;
using TileC = Matrix<ComponentType::F32, TILE, TILE, MatrixUse::Accumulator, MatrixScope::Wave>;

ByteAddressBuffer MatA : register(t0);
ByteAddressBuffer MatB : register(t1);
RWByteAddressBuffer MatC : register(u0);

[numthreads(32, 1, 1)]
void main(uint3 group : SV_GroupID) {
  uint row = group.y * TILE, col = group.x * TILE;
  TileC acc = TileC::Splat(0.0f);
  for (uint k = 0; k < K; k += TILE) {
    TileA a = TileA::Load(MatA, (row * K + k) * 2, K * 2, MatrixLayout::RowMajor);
    TileB b = TileB::Load(MatB, (k * N + col) * 2, N * 2, MatrixLayout::RowMajor);
    acc.MultiplyAccumulate(a, b);
  }
  for (uint i = 0; i < acc.Length(); ++i)
    acc.Set(i, acc.Get(i) * 0.5f);
  acc.Store(MatC, (row * N + col) * 4, N * 4, MatrixLayout::RowMajor);
}
