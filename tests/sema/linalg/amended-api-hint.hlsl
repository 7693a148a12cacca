// RUN: %hlslc -T cs_6_10 -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_10 --linalg-revision=draft -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_10 --linalg-revision=dxc -DDXC -fsyntax-only -verify=dxc %s
// Code written for DXC's dx::linalg (the amended proposal) under another
// revision: the error says which revision declares the name.

#include <dx/linalg.h>
using namespace dx::linalg;

[numthreads(32, 1, 1)]
void main()
{
#ifndef DXC
    // expected-error@+3 {{use of undeclared identifier 'ComponentType'}}
    // expected-note@+2 {{did you mean 'MatrixComponentType'?}}
    // expected-note@+1 {{'ComponentType' belongs to the dx::linalg API as DXC ships it (proposal 0035 as amended); compile with '--linalg-revision=dxc' to use it}}
    Matrix<ComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave> m;
    // expected-error@+2 {{unknown type '__builtin_LinAlgMatrix'}}
    // expected-note@+1 {{compile with '--linalg-revision=dxc' to use it}}
    __builtin_LinAlgMatrix handle;
    // expected-error@+2 {{use of undeclared identifier '__builtin_LinAlg_MatrixQueryAccumulatorLayout'}}
    // expected-note@+1 {{compile with '--linalg-revision=dxc' to use it}}
    uint layout = __builtin_LinAlg_MatrixQueryAccumulatorLayout();
#else
    Matrix<ComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave> m = Matrix<ComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>::Splat(1.0f);
    uint layout = __builtin_LinAlg_MatrixQueryAccumulatorLayout();
    // dxc-no-diagnostics
#endif
}
