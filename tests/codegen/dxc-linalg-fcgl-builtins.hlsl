// RUN: %hlslc --linalg-revision=dxc -T cs_6_10 -HV 202x -enable-16bit-types -fcgl %s | FileCheck %s
// RUN: %hlslc --linalg-revision=dxc -T cs_6_10 -HV 202x -enable-16bit-types %s | FileCheck %s --check-prefix=DXIL
// -fcgl prints the high-level IR: each __builtin_LinAlg_* call is DXC's
// `dx.hl.op` call with the built-in's HL opcode first, the result of an
// out/ref built-in written through a pointer to its argument's storage (a
// local's alloca, named as the local), a groupshared array passed whole,
// literals as clang types them, locals loaded from their allocas (no SSA
// clean-up), each call with its source location.  Without -fcgl the same
// calls are DXIL operations and no HL call is left.

RWByteAddressBuffer Buf : register(u0);
ByteAddressBuffer In : register(t0);
groupshared half Tile[256];
groupshared float2 Pairs[32];

typedef __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(8, 16, 16, 0, 1)]] WaveA;     // F16 A Wave
typedef __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(8, 16, 16, 1, 1)]] WaveB;     // F16 B Wave
typedef __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 16, 16, 2, 1)]] WaveAcc;   // F32 Acc Wave
typedef __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 4, 8, 0, 0)]] ThreadA;     // F32 A Thread

struct Holder { WaveAcc acc; };

[numthreads(32, 1, 1)]
void main() {
  // CHECK-LABEL: define void @main()
  // CHECK-DAG: %a = alloca %dx.types.LinAlgMatrixC8M16N16U0S1, align 4
  // CHECK-DAG: %acc = alloca %dx.types.LinAlgMatrixC9M16N16U2S1, align 4
  // CHECK-DAG: %elem = alloca float, align 4
  // CHECK-DAG: %y = alloca <4 x float>, align 4
  WaveA a;
  WaveB b;
  WaveAcc acc;
  ThreadA t;
  float elem;
  float4 y;
  Holder h;

  // A literal double narrowed to the numeric parameter's float, in clang's
  // hex spelling; the out matrix by pointer.
  // CHECK: call void @"dx.hl.op..void (i32, %dx.types.LinAlgMatrixC9M16N16U2S1*, float)"(i32 402, %dx.types.LinAlgMatrixC9M16N16U2S1* %acc, float 0x40091EB860000000), !dbg ![[L1:[0-9]+]] ; line:[[@LINE+1]] col:3
  __builtin_LinAlg_FillMatrix(acc, 3.14);

  // A groupshared array passed whole.
  // CHECK: call void @"dx.hl.op..void (i32, %dx.types.LinAlgMatrixC8M16N16U0S1*, [256 x half] addrspace(3)*, i32, i32, i32)"(i32 407, %dx.types.LinAlgMatrixC8M16N16U0S1* %a, [256 x half] addrspace(3)* @"\01?Tile@@3PA$f16@A", i32 0, i32 16, i32 0)
  __builtin_LinAlg_MatrixLoadFromMemory(a, Tile, 0, 16, 0);

  // The buffer's handle by value.
  // CHECK: call void @"dx.hl.op..void (i32, %dx.types.LinAlgMatrixC8M16N16U1S1*, %dx.types.Handle, i32, i32, i32, i32)"(i32 406, %dx.types.LinAlgMatrixC8M16N16U1S1* %b, %dx.types.Handle %{{[A-Za-z0-9.]+}}, i32 512, i32 32, i32 1, i32 128)
  __builtin_LinAlg_MatrixLoadFromDescriptor(b, Buf, 512, 32, 1, 128);

  // An in matrix is loaded from its alloca; a ref one is a pointer.
  // CHECK: [[A:%[0-9]+]] = load %dx.types.LinAlgMatrixC8M16N16U0S1, %dx.types.LinAlgMatrixC8M16N16U0S1* %a, align 4
  // CHECK: [[B:%[0-9]+]] = load %dx.types.LinAlgMatrixC8M16N16U1S1, %dx.types.LinAlgMatrixC8M16N16U1S1* %b, align 4
  // CHECK: [[C:%[0-9]+]] = load %dx.types.LinAlgMatrixC9M16N16U2S1, %dx.types.LinAlgMatrixC9M16N16U2S1* %acc, align 4
  // CHECK: call void @"dx.hl.op..void (i32, %dx.types.LinAlgMatrixC9M16N16U2S1*, %dx.types.LinAlgMatrixC8M16N16U0S1, %dx.types.LinAlgMatrixC8M16N16U1S1, %dx.types.LinAlgMatrixC9M16N16U2S1)"(i32 413, %dx.types.LinAlgMatrixC9M16N16U2S1* %acc, %dx.types.LinAlgMatrixC8M16N16U0S1 [[A]], %dx.types.LinAlgMatrixC8M16N16U1S1 [[B]], %dx.types.LinAlgMatrixC9M16N16U2S1 [[C]])
  __builtin_LinAlg_MatrixMatrixMultiplyAccumulate(acc, a, b, acc);

  // Built-ins with results: uint, uint2, an out scalar.
  // CHECK: call i32 @"dx.hl.op..i32 (i32, %dx.types.LinAlgMatrixC9M16N16U2S1)"(i32 405, %dx.types.LinAlgMatrixC9M16N16U2S1 %{{[0-9]+}})
  uint n = __builtin_LinAlg_MatrixLength(acc);
  // CHECK: call <2 x i32> @"dx.hl.op..<2 x i32> (i32, %dx.types.LinAlgMatrixC9M16N16U2S1, i32)"(i32 403, %dx.types.LinAlgMatrixC9M16N16U2S1 %{{[0-9]+}}, i32 %{{[0-9]+}})
  uint2 rc = __builtin_LinAlg_MatrixGetCoordinate(acc, n - 1);
  // CHECK: call void @"dx.hl.op..void (i32, float*, %dx.types.LinAlgMatrixC9M16N16U2S1, i32)"(i32 404, float* %elem, %dx.types.LinAlgMatrixC9M16N16U2S1 %{{[0-9]+}}, i32 0)
  __builtin_LinAlg_MatrixGetElement(elem, acc, 0);
  // CHECK: call i32 @"dx.hl.op..i32 (i32)"(i32 414)
  uint layout = __builtin_LinAlg_MatrixQueryAccumulatorLayout();

  // The bool operand is an i1; a vector result is written through a pointer.
  // CHECK: call void @"dx.hl.op..void (i32, <4 x float>*, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32)"(i32 418, <4 x float>* %y, %dx.types.LinAlgMatrixC9M4N8U0S0 %{{[0-9]+}}, i1 true, <8 x float> %{{[0-9]+}}, i32 9)
  __builtin_LinAlg_MatrixLoadFromDescriptor(t, In, 0, 32, 0, 128);
  vector<float, 8> x = 1.0;
  __builtin_LinAlg_MatrixVectorMultiply(y, t, true, x, 9);

  // A groupshared array of vectors, whole; a struct member's matrix
  // through a pointer to the member.
  // CHECK: call void @"dx.hl.op..void (i32, %dx.types.LinAlgMatrixC9M16N16U2S1, [32 x <2 x float>] addrspace(3)*, i32, i32, i32, i32)"(i32 416, %dx.types.LinAlgMatrixC9M16N16U2S1 %{{[0-9]+}}, [32 x <2 x float>] addrspace(3)* @"\01?Pairs@@3PAV?$vector@M$01@@A", i32 9, i32 0, i32 8, i32 0)
  __builtin_LinAlg_MatrixAccumulateToMemory(acc, Pairs, 9, 0, 8, 0);
  // CHECK: [[MEMBER:%[0-9]+]] = getelementptr %struct.Holder, %struct.Holder* %h, i32 0, i32 0
  // CHECK: call void @"dx.hl.op..void (i32, %dx.types.LinAlgMatrixC9M16N16U2S1*, i32)"(i32 402, %dx.types.LinAlgMatrixC9M16N16U2S1* [[MEMBER]], i32 0)
  __builtin_LinAlg_FillMatrix(h.acc, 0);

  // CHECK: call void @"dx.hl.op..void (i32, %dx.types.Handle, i32, i32, <4 x float>)"(i32 423, %dx.types.Handle %{{[A-Za-z0-9.]+}}, i32 1024, i32 16, <4 x float> %{{[0-9]+}})
  __builtin_LinAlg_VectorAccumulateToDescriptor(Buf, 1024, 16, y);
  Buf.Store(0, n + rc.x + layout + asuint(elem));
}

// Each HL function is declared once per signature, `nounwind`.
// CHECK: ; Function Attrs: nounwind
// CHECK-NEXT: declare void @"dx.hl.op..void (i32, %dx.types.LinAlgMatrixC9M16N16U2S1*, float)"(i32, %dx.types.LinAlgMatrixC9M16N16U2S1*, float) #{{[0-9]+}}
// The location of the first call, in the function's DISubprogram.
// CHECK: ![[SP:[0-9]+]] = distinct !DISubprogram(name: "main", scope: !{{[0-9]+}}, file: !{{[0-9]+}}, line: 24,
// CHECK: ![[L1]] = !DILocation(line: {{[0-9]+}}, column: 3, scope: ![[SP]])

// DXIL-NOT: dx.hl.op
// DXIL: call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 0x40091EB860000000)
// DXIL-NOT: dx.hl.op
// DXIL-NOT: !dbg
