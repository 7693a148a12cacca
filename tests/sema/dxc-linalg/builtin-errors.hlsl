// RUN: %hlslc --linalg-revision=dxc -T lib_6_10 -HV 202x -fsyntax-only -verify %s
// RUN: %hlslc --linalg-revision=dxc -T cs_6_9 -E CSMain -HV 202x -DOLD -fsyntax-only -verify=old %s
// DXC's __builtin_LinAlg_* built-ins (--linalg-revision=dxc): arguments,
// the 13 built-ins DXC's Sema keeps out of stages other than compute, mesh
// and amplification (reported per entry that reaches the call), and shader
// model 6.10 for all of them.

RWByteAddressBuffer Buf;
groupshared float Floats[64];
groupshared float2x2 Mats[8];

typedef __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 8, 8, 2, 1)]] Acc;

void Shared(inout Acc m) {
#ifndef OLD
    // expected-error@+2 {{builtin unavailable in shader stage 'pixel' (requires 'compute', 'mesh' or 'amplification')}}
    // expected-error@+1 {{builtin unavailable in shader stage 'vertex' (requires 'compute', 'mesh' or 'amplification')}}
    __builtin_LinAlg_FillMatrix(m, 1.0f);
    // Allowed in every stage.
    __builtin_LinAlg_MatrixAccumulateToDescriptor(m, Buf, 0, 0, 0, 128);
#endif
}

#ifndef OLD
[shader("compute")]
[numthreads(32, 1, 1)]
void CSMain() {
    Acc m;
    float f = 0;
    __builtin_LinAlg_FillMatrix(f, 1.0f); // expected-error {{argument must be linear algebra matrix type}}
    // expected-error@+2 {{no matching function for call to '__builtin_LinAlg_MatrixStoreToMemory'}}
    // expected-note@+1 {{candidate function not viable: no known conversion from 'float2x2 __attribute__((address_space(3)))[8]' to 'float const __attribute__((address_space(3))) (&)[8]' for 2nd argument}}
    __builtin_LinAlg_MatrixStoreToMemory(m, Mats, 0, 0, 0);
    // expected-error@+2 {{no matching function for call to '__builtin_LinAlg_MatrixLength'}}
    // expected-note@+1 {{candidate function not viable: requires 1 argument, but 2 were provided}}
    __builtin_LinAlg_MatrixLength(m, 0);
    __builtin_LinAlg_MatrixStoreToMemory(m, Floats, 0, 0, 0);
    Shared(m);
}

[shader("pixel")]
float4 PSMain() : SV_Target { // expected-note {{entry function defined here}}
    Acc m;
    Shared(m);
    return 0;
}

[shader("vertex")]
float4 VSMain() : SV_Position { // expected-note {{entry function defined here}}
    Acc m;
    Shared(m);
    return 0;
}

[shader("mesh")]
[numthreads(32, 1, 1)]
[outputtopology("triangle")]
void MSMain() {
    Acc m;
    Shared(m);
}
#else
[numthreads(32, 1, 1)]
void CSMain() {
    Acc m;
    // old-error@+1 {{intrinsic __builtin_LinAlg_FillMatrix potentially used by ''CSMain'' requires shader model 6.10 or greater}}
    __builtin_LinAlg_FillMatrix(m, 1.0f);
    // old-error@+1 {{intrinsic __builtin_LinAlg_MatrixQueryAccumulatorLayout potentially used by ''CSMain'' requires shader model 6.10 or greater}}
    Buf.Store(0, __builtin_LinAlg_MatrixQueryAccumulatorLayout());
}
#endif
