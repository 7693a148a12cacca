// A struct entry parameter's fields each carry a system-value semantic, or
// are structs whose fields do: nested structs are flattened to their
// leaves, as DXC and FXC do (shader converters write inputs that way).  A
// leaf with no semantic, at any depth, is the error, at that field.
// RUN: %hlslc -T cs_6_0 -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DMISSING -verify=missing %s
// expected-no-diagnostics

struct Ids {
  uint3 Thread : SV_DispatchThreadID;
  uint3 Group : SV_GroupID;
};
struct Deeper {
  Ids ids;
#ifdef MISSING
  uint lane; // missing-error {{field 'lane' of entry-point parameter 'In' needs a system-value semantic}}
#endif
};
struct Input {
  uint Index : SV_GroupIndex;
  Deeper inner;
};

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(4, 1, 1)]
void main(Input In) {
  Out[In.inner.ids.Thread.x] = In.Index + In.inner.ids.Group.x;
}
