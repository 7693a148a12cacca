// Regression: FromThreadVectors/GetThreadVector on a matrix whose K is
// larger than the wave size (Wave scope) or the thread group (ThreadGroup
// scope) passed sema and then failed the IR validator, which made it an
// internal compiler error. The entry's sizes meet the matrix only after
// inlining, so the rule is checked on the IR and reported here, at source.
// RUN: %hlslc -T cs_6_10 -verify %s -o %t
// RUN: %hlslc -T cs_6_10 -DFITS %s -o %t
#include <dx/linalg.h>
using namespace dx::linalg;

#ifdef FITS
#define K 32
#else
#define K 64
#endif
using WaveA = Matrix<MatrixComponentType::F16, 16, K, MatrixUse::A, MatrixScope::Wave>;
using GroupB = Matrix<MatrixComponentType::F32, K, 16, MatrixUse::B, MatrixScope::ThreadGroup>;

void Fill(WaveA a, vector<half, 16> v) {
  a.FromThreadVectors(v); // expected-error {{MatrixLoadFromThreads on Matrix<F16, 16, 64, A, Wave> spreads its K dimension (64) over the threads, but the wave size is 32}}
}

[numthreads(32, 1, 1)] [WaveSize(32)]
void main() {
  WaveA a = WaveA::Splat((half)0.0);
  Fill(a, (half)1.0);
  GroupB b = GroupB::Splat(0.0f);
  vector<float, 16> col = b.GetThreadVector(0); // expected-error {{spreads its K dimension (64) over the threads, but the thread group size is 32}}
}
