// The tree keeps what was written, with a location on every node: template
// arguments on names, static member calls, member template calls,
// qualified enumerators, semantics and attributes.
// RUN: %hlslc -T cs_6_10 --ast-dump %s | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;
RWByteAddressBuffer Out : register(u0);

// CHECK-LABEL: FunctionDecl <{{.*}}ast_dump_linalg.hlsl:[[@LINE+6]]:1> 'main'
// CHECK-NEXT: Attribute <{{.*}}:[[@LINE+5]]:1> 'numthreads'
// CHECK-NEXT: IntLiteral <{{.*}}:[[@LINE+4]]:13> value=32
// CHECK: BuiltinType <{{.*}}:[[@LINE+4]]:1> 'void'
// CHECK-NEXT: ParamDecl <{{.*}}:[[@LINE+3]]:11> 'tid'
// CHECK: Semantic <{{.*}}:[[@LINE+2]]:21> 'SV_DispatchThreadID'
[numthreads(32, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  // CHECK: AliasDecl <{{.*}}:[[@LINE+2]]:3> 'AT'
  // CHECK-NEXT: NamedType <{{.*}}:[[@LINE+1]]:14> 'Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>'
  using AT = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
  // CHECK: VarDecl <{{.*}}:[[@LINE+3]]:3> 'a'
  // CHECK: NameExpr <{{.*}}:[[@LINE+2]]:10> 'AT::Splat'
  // CHECK-NEXT: FloatLiteral <{{.*}}:[[@LINE+1]]:20> value=1.0 suffix='h'
  AT a = AT::Splat(1.0h);
  // CHECK: MemberExpr <{{.*}}:[[@LINE+2]]:81> 'cast<MatrixComponentType::F32>'
  // CHECK-NEXT: NameExpr <{{.*}}:[[@LINE+1]]:81> 'a'
  Matrix<MatrixComponentType::F32, 16, 32, MatrixUse::A, MatrixScope::Wave> b = a.cast<MatrixComponentType::F32>();
  // CHECK: MemberExpr <{{.*}}:[[@LINE+3]]:3> 'Store'
  // CHECK: BinaryExpr <{{.*}}:[[@LINE+2]]:16> *
  // CHECK: NameExpr <{{.*}}:[[@LINE+1]]:31> 'MatrixLayout::RowMajor'
  b.Store(Out, tid.x * 4, 64, MatrixLayout::RowMajor);
}
