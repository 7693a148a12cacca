// Regression: assigning a wave matrix to another was an internal compiler
// error, and copy-initialising one silently dropped the copy. A wave matrix
// is one opaque object (an alloca with its waveMatrix_Annotate); copies,
// assignments and returned wave matrices are located errors.
// RUN: %hlslc -T cs_6_8 -verify=copy %s -o %t
// RUN: %hlslc -T cs_6_8 -verify=ret -DRETURN %s -o %t
// RUN: %hlslc -T cs_6_8 -DVALID %s -o %t
RWByteAddressBuffer Out : register(u0);
typedef WaveMatrixAccumulator<float, 16, 16> Acc;

void Scale(inout Acc c, float s) { c.ScalarMultiply(s); }

#if defined(RETURN)
Acc Make() {
  Acc m;
  m.Fill(1.0f);
  return m; // ret-error {{a function cannot return a wave matrix: take it as an 'inout' parameter instead}}
}
#endif

[numthreads(32, 1, 1)]
void main() {
  Acc c;
  c.Fill(0.0f);
  Scale(c, 2.0f);
#if defined(RETURN)
  Make();
#elif !defined(VALID)
  Acc d = c; // copy-error {{a wave matrix cannot be copied or assigned}}
#endif
  c.Store(Out, 0, 64, false);
}
