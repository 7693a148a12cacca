// ThreadGroup scope allows any K from 1 to 1024 (not only powers of two) and
// dimensions up to 1024; packed 8-bit components 4 times that. Wave scope's
// limits: K a power of two from 4 to 128, or 16 to 512 when packed.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s
// expected-no-diagnostics

#include <dx/linalg.h>
using namespace dx::linalg;

using GroupA = Matrix<MatrixComponentType::F32, 1024, 3, MatrixUse::A, MatrixScope::ThreadGroup>;
using GroupB = Matrix<MatrixComponentType::F32, 3, 1024, MatrixUse::B, MatrixScope::ThreadGroup>;
using GroupAcc = Matrix<MatrixComponentType::F32, 1024, 1024, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;
using PackedGroupA = Matrix<MatrixComponentType::PackedS8x32, 16, 4096, MatrixUse::A, MatrixScope::ThreadGroup>;
using WaveK4 = Matrix<MatrixComponentType::F16, 16, 4, MatrixUse::A, MatrixScope::Wave>;
using WaveK128 = Matrix<MatrixComponentType::F16, 128, 16, MatrixUse::B, MatrixScope::Wave>;
using PackedWaveK16 = Matrix<MatrixComponentType::PackedU8x32, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using PackedWaveK512 = Matrix<MatrixComponentType::PackedS8x32, 512, 16, MatrixUse::B, MatrixScope::Wave>;
using ThreadK64 = Matrix<MatrixComponentType::F16, 64, 8, MatrixUse::B, MatrixScope::Thread>;

void f(GroupAcc acc, GroupA a, GroupB b, PackedGroupA p, WaveK4 w4, WaveK128 w128,
       PackedWaveK16 p16, PackedWaveK512 p512, ThreadK64 t64) {
  acc.MultiplyAccumulate(a, b);
}
