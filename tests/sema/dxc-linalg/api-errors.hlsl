// RUN: %hlslc --linalg-revision=dxc -T cs_6_10 -fsyntax-only -verify %s
// The Matrix API of --linalg-revision=dxc: its rules are its header's
// templates and enable_if conditions (as in DXC), with clang's and DXC's
// words for what goes wrong.

#include <dx/linalg.h>
using namespace dx::linalg;

using F32A = Matrix<ComponentType::F32, 4, 8, MatrixUse::A, MatrixScope::Wave>;
using I8A = Matrix<ComponentType::I8, 4, 8, MatrixUse::A, MatrixScope::Wave>;
using F32Acc = Matrix<ComponentType::F32, 4, 4, MatrixUse::Accumulator, MatrixScope::Wave>;

RWByteAddressBuffer Buf;
groupshared uint Words[64];

[numthreads(32, 1, 1)]
void main()
{
    Matrix<ComponentType::F32, 4, 8> few; // expected-error {{too few template arguments for class template 'Matrix'}}
    Matrix<ComponentType::F32, 4, 8, "A", MatrixScope::Wave> text; // expected-error {{non-type template argument of type 'literal string' must have an integral or enumeration type}}

    F32A a = F32A::Splat(1.0f);
    F32Acc acc = F32Acc::Splat(0.0f);
    acc = a; // expected-error {{cannot convert from 'Matrix<ComponentType::F32, 4, 8, MatrixUse::A, MatrixScope::Wave>' to 'Matrix<ComponentType::F32, 4, 4, MatrixUse::Accumulator, MatrixScope::Wave>'}}
    F32Acc other = a; // expected-error {{cannot initialize a variable of type 'Matrix<ComponentType::F32 aka 9, 4, 4, MatrixUse::Accumulator aka 2, MatrixScope::Wave aka 1>' with an lvalue of type 'Matrix<ComponentType::F32 aka 9, 4, 8, MatrixUse::A aka 0, MatrixScope::Wave aka 1>'}}

    // Element access needs a native scalar component type: not I8.
    I8A bytes = I8A::Splat(0);
    uint n = bytes.Length(); // expected-error {{no matching function for call to 'Length'}}
    // An F32 matrix loads from float memory or packed 8-bit values, not uint.
    F32A fromWords = F32A::Load(Words, 0, 8, MatrixLayout::RowMajor); // expected-error {{no matching function for call to 'Load'}}
    // Only accumulators accumulate.
    a.InterlockedAccumulate(Buf, 0, 16, MatrixLayout::RowMajor); // expected-error {{no matching function for call to 'InterlockedAccumulate'}}

    F32A::Splat(2.0f); // expected-warning {{ignoring return value of function declared with 'nodiscard' attribute}}
}

// The notes point into the built-in header.
// expected-note@dx/linalg.h:* {{template is declared here}}
// expected-note@dx/linalg.h:* {{template parameter is declared here}}
// expected-note@dx/linalg.h:* {{requirement 'IsNativeScalar' was not satisfied}}
// expected-note@dx/linalg.h:* 2 {{no known conversion from 'uint[64]'}}
// expected-note@dx/linalg.h:* {{requirement '(hlsl::is_same<typename hlsl::strip_vector_type<T>::type, ElementType>::value}}
// expected-note@dx/linalg.h:* {{requirement 'Use == MatrixUse::Accumulator' was not satisfied}}
// expected-note@dx/linalg.h:* 2 {{could not match 'T[]' against 'RWByteAddressBuffer'}}
