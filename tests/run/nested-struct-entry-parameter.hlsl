// An entry parameter whose struct holds another struct of system values
// (as shader converters and cross-compilers write inputs): each leaf reads
// its own system value.
// RUN: %hlslc run %s --pipeline %S/nested-struct-entry-parameter.yaml | FileCheck %s
// CHECK: Out: pass

struct Inner {
  uint3 Thread : SV_DispatchThreadID;
  uint3 Local : SV_GroupThreadID;
};
struct Input {
  uint Index : SV_GroupIndex;
  Inner ids;
  uint3 Group : SV_GroupID;
};

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(2, 2, 1)]
void main(Input In) {
  // thread 0..7 over two groups of 2x2
  Out[In.ids.Thread.y * 4 + In.ids.Thread.x] = In.Index * 1000 + In.ids.Local.x * 100 + In.ids.Local.y * 10
      + In.Group.x;
}
