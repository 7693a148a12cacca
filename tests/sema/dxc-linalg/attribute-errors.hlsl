// RUN: %hlslc --linalg-revision=dxc -T lib_6_10 -enable-16bit-types -fsyntax-only -verify %s
// The attributed matrix handle type of --linalg-revision=dxc: DXC's checks
// on `[[__LinAlgMatrix_Attributes(C, M, N, Use, Scope)]]`, in DXC's words.

#include <dx/linalg.h>
using namespace dx::linalg;

enum class Scoped { Four = 4 };

template <uint R, uint C>
void Dependent() {
    // Template arguments are checked when the template is instantiated.
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(ComponentType::F16, R, C, MatrixUse::A, MatrixScope::Wave)]] ok;
}

void f() {
    float [[__LinAlgMatrix_Attributes(9, 4, 4, 0, 1)]] notAHandle; // expected-error {{matrix attributes can only be applied to __builtin_LinAlgMatrix}}
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 4, 4, 0)]] four; // expected-error {{'__LinAlgMatrix_Attributes' attribute requires exactly 5 arguments}}
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(2.5, 4, 4, 0, 1)]] realComponent; // expected-error {{argument is not an integer or enumeration}}
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, Scoped::Four, 4, 0, 1)]] scopedDim; // expected-error {{argument is not an integer}}
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(0, 4, 4, 0, 1)]] invalid; // expected-error {{matrix attribute ComponentEnum has invalid value 0, must be in the range [1, 23]}}
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(24, 4, 4, 0, 1)]] past; // expected-error {{matrix attribute ComponentEnum has invalid value 24, must be in the range [1, 23]}}
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, -1, 4, 0, 1)]] negative; // expected-error {{matrix dimension must be greater than 0}}
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 4, 4, 3, 1)]] use; // expected-error {{matrix attribute MatrixUseEnum has invalid value 3, must be in the range [0, 2]}}
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 4, 4, 0, 5)]] scope; // expected-error {{matrix attribute MatrixScopeEnum has invalid value 5, must be in the range [0, 2]}}
    // DXC accepts a 0 dimension and the component types its validator rejects (I1, SNorm, packed).
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(ComponentType::I32, 0, 4, MatrixUse::A, MatrixScope::Wave)]] empty;
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(1, 4, 4, 0, 1)]] bits;
    Dependent<8, 16>();

    // Two attributed types are one type when all five values agree.
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(ComponentType::F32, 8, 8, MatrixUse::A, MatrixScope::Wave)]] x;
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 8, 8, 0, 1)]] y = x;
    __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 8, 8, 1, 1)]] z;
    z = x; // expected-error {{cannot convert from '__builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(ComponentType::F32, 8, 8, MatrixUse::A, MatrixScope::Wave)]]' to '__builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(ComponentType::F32, 8, 8, MatrixUse::B, MatrixScope::Wave)]]'}}
    __builtin_LinAlgMatrix bare = y; // expected-error {{cannot initialize a variable of type '__builtin_LinAlgMatrix' with an lvalue of type '__builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(ComponentType::F32, 8, 8, MatrixUse::A, MatrixScope::Wave)]]'}}
    bare++; // expected-error {{numeric type expected}}
}
