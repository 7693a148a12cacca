// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// expected-no-diagnostics
// Wave matrices as local variables and function parameters (see arrays.hlsl
// and placement.hlsl), in nested scopes and through a typedef.

typedef WaveMatrixAccumulator<float, 16, 16> Acc;

void Clear(Acc acc) { acc.Fill(0.0f); }
void Scale(inout WaveMatrixLeftColAcc<float, 16, 16> frag, float s) { frag.ScalarMultiply(s); }

[numthreads(32, 1, 1)]
void main()
{
    Acc c;
    Clear(c);
    {
        WaveMatrixLeftColAcc<float, 16, 16> frag;
        frag.Fill(1.0f);
        Scale(frag, 2.0f);
        c.Add(frag);
    }
}
