// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// RUN: %hlslc -T cs_6_10 %s | FileCheck %s --check-prefix=CALLS
// User functions are inlined into @main, as DXC does for a compute entry:
// the only calls left are dx.op calls and the only definition is @main.  An
// inlined body returns through its own exit block and result slot.

RWByteAddressBuffer Out : register(u0);

uint Square(uint x) { return x * x; }

uint Clamp10(uint x)
{
    if (x > 10)
        return 10;
    return Square(x);
}

void Write(uint offset, uint value) { Out.Store(offset, value); }

// CHECK-NOT: define
// CHECK-LABEL: define void @"main"()
// CHECK-DAG: %"Clamp10.ret" = alloca i32
// CHECK-DAG: %"Square.ret" = alloca i32
// CHECK-DAG: %"offset" = alloca i32
[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    // The blocks of the inlined bodies are checked in any order.
    // CHECK-DAG: store i32 12, i32* %"offset"
    // CHECK-DAG: icmp ugt i32 %{{.*}}, 10
    // CHECK-DAG: store i32 10, i32* %"Clamp10.ret"
    // CHECK-DAG: br label %"Clamp10.exit"
    // CHECK-DAG: mul i32 %{{.*}}, %{{.*}}
    // CHECK-DAG: store i32 %{{.*}}, i32* %"Square.ret"
    // CHECK-DAG: br label %"Square.exit"
    // CHECK-DAG: load i32, i32* %"Square.ret"
    // CHECK-DAG: load i32, i32* %"Clamp10.ret"
    // CHECK-DAG: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 %{{.*}}, i32 undef, i32 %{{.*}}, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
    Write(12, Clamp10(gi));
    // CHECK: ret void
}

// CHECK-NOT: define

// Anywhere in the module: no call to anything but a dx.op function, and no
// definition of the inlined functions.
// CALLS-NOT: call {{[^@]*}}@"{{[^d]}}
// CALLS-NOT: define {{.*}}@"{{Square|Clamp10|Write}}"
