// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Resource handles: createHandleFromBinding(ResBind {lower, upper, space,
// class}, index, nonUniform) then annotateHandle with ResourceProperties
// {11, 0} for ByteAddressBuffer and {4107, 0} for RWByteAddressBuffer.
// Explicit registers keep their number and space; the others take the next
// free register of their class in space 0.

ByteAddressBuffer A : register(t1);
ByteAddressBuffer B;
ByteAddressBuffer C : register(t0, space2);
ByteAddressBuffer D;
RWByteAddressBuffer U : register(u5);
RWByteAddressBuffer V;

[numthreads(1, 1, 1)]
void main()
{
    U.Store(0, A.Load(0) + B.Load(4) + C.Load(8) + D.Load(12));
    V.Store(0, 1u);
}

// CHECK-LABEL: define void @"main"()
// CHECK-DAG: [[A:%"A[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 1, i32 1, i32 0, i8 0}, i32 1, i1 0)
// CHECK-DAG: call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[A]], %"dx.types.ResourceProperties" {i32 11, i32 0})
// CHECK-DAG: [[B:%"B[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 0}, i32 0, i1 0)
// CHECK-DAG: call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[B]], %"dx.types.ResourceProperties" {i32 11, i32 0})
// CHECK-DAG: [[C:%"C[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 2, i8 0}, i32 0, i1 0)
// CHECK-DAG: [[D:%"D[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 2, i32 2, i32 0, i8 0}, i32 2, i1 0)
// CHECK-DAG: [[U:%"U[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 5, i32 5, i32 0, i8 1}, i32 5, i1 0)
// CHECK-DAG: call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[U]], %"dx.types.ResourceProperties" {i32 4107, i32 0})
// CHECK-DAG: [[V:%"V[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 1}, i32 0, i1 0)
// CHECK-DAG: call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[V]], %"dx.types.ResourceProperties" {i32 4107, i32 0})
// CHECK: ret void

// CHECK-DAG: declare %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 %".1", %"dx.types.ResBind" %".2", i32 %".3", i1 %".4") nounwind readnone
// CHECK-DAG: declare %"dx.types.Handle" @"dx.op.annotateHandle"(i32 %".1", %"dx.types.Handle" %".2", %"dx.types.ResourceProperties" %".3") nounwind readnone

// !dx.resources = !{SRVs, UAVs, CBuffers, Samplers}; records are
// {id, variable, name, space, lower bound, range size, kind 11, ...}
// (the ids are numbered per class; their order and the variable field are
// not checked here).
// CHECK: !dx.resources = !{ [[RES:![0-9]+]] }
// CHECK: !dx.entryPoints = !{ [[EP:![0-9]+]] }
// CHECK-DAG: [[RES]] = !{ [[SRVS:![0-9]+]], [[UAVS:![0-9]+]], null, null }
// CHECK-DAG: [[SRVS]] = !{ {{![0-9]+, ![0-9]+, ![0-9]+, ![0-9]+}} }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, {{[^,]+}}, !"A", i32 0, i32 1, i32 1, i32 11{{(, i32 0)?}}, null }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, {{[^,]+}}, !"B", i32 0, i32 0, i32 1, i32 11{{(, i32 0)?}}, null }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, {{[^,]+}}, !"C", i32 2, i32 0, i32 1, i32 11{{(, i32 0)?}}, null }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, {{[^,]+}}, !"D", i32 0, i32 2, i32 1, i32 11{{(, i32 0)?}}, null }
// CHECK-DAG: [[UAVS]] = !{ {{![0-9]+, ![0-9]+}} }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, {{[^,]+}}, !"U", i32 0, i32 5, i32 1, i32 11, i1 0, i1 0, i1 0, null }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, {{[^,]+}}, !"V", i32 0, i32 0, i32 1, i32 11, i1 0, i1 0, i1 0, null }
// CHECK-DAG: [[EP]] = !{ void ()* @"main", !"main", null, [[RES]], {{![0-9]+}} }
