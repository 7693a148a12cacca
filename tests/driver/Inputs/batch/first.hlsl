// An input of tests/driver/batch.hlsl: a valid linalg compute shader.
#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out;

[numthreads(32, 1, 1)]
void main() {
  Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave> acc =
      Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>::Splat(1.0);
  acc.Store(Out, 0, 64, MatrixLayout::RowMajor);
}
