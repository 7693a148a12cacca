// RUN: not %hlslc --linalg-revision=dxc -T lib_6_10 %s 2>&1 | FileCheck %s
// DXC allows the Wave- and ThreadGroup-scope operations in compute shaders
// only: an exported library function that is no compute entry cannot use
// them.  DXC's validator rejects the module; hlslc reports it at the calls
// (a user's error, not an internal one).

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<ComponentType::F32, 16, 16, MatrixUse::A, MatrixScope::Wave>;
RWByteAddressBuffer Out : register(u0);

export void Fill() {
  // CHECK: library-wave-operations.hlsl:[[@LINE+1]]:{{[0-9]+}}: error: Opcode LinAlgFillMatrix not valid in shader model lib_6_10(lib). [IR-STAGE]
  WaveA m = WaveA::Splat(1.0f);
  // CHECK: library-wave-operations.hlsl:[[@LINE+1]]:3: error: Opcode LinAlgMatrixStoreToDescriptor not valid in shader model lib_6_10(lib). [IR-STAGE]
  m.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

// A compute entry of the same library may.
[shader("compute")] [numthreads(32, 1, 1)]
void Entry() {
  WaveA m = WaveA::Splat(2.0f);
  m.Store(Out, 1024, 64, MatrixLayout::RowMajor);
}
// CHECK: 2 errors generated.
