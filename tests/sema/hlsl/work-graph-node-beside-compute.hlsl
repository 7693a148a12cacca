// A work graph's node shader beside the compute entry a cs_ profile
// compiles (as engines keep both in one file): the node I/O objects
// (`DispatchNodeInputRecord<R>`, `NodeOutput<R>`, `[MaxRecords]`, ...) are
// types, and the node function, which is not compiled, gets the warning
// every non-compute entry gets.  The compute entry compiles; a helper it
// reaches that takes a node object is an error; a library compiles no
// node shader.
// RUN: %hlslc -T cs_6_8 %s -o - | FileCheck %s
// CHECK: define void @"main"()
// The warning is hlslc's (DXC gives none), so -WX leaves it a warning:
// RUN: %hlslc -T cs_6_8 -WX %s -o %t.ll
// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_8 -fsyntax-only -DREACHED -verify=reached %s
// RUN: not %hlslc -T lib_6_8 %s -o - 2>&1 | FileCheck %s --check-prefix=LIB
// LIB: error: work graphs ('NodeOutput<Work>') are not supported: hlslc compiles compute shaders, not node shaders

struct EntryRecord { uint3 Grid : SV_DispatchGrid; };
struct Work { uint Index; };
RWStructuredBuffer<uint> Out : register(u0);

[Shader("node")] // expected-warning {{entry point 'CullNode' is a 'node' shader: hlslc checks and compiles compute shaders only, so its stage-specific rules are not checked}} reached-warning {{entry point 'CullNode' is a 'node' shader}}
[NodeLaunch("broadcasting")]
[NodeMaxDispatchGrid(64, 1, 1)]
[NodeIsProgramEntry]
[numthreads(64, 1, 1)]
void CullNode(DispatchNodeInputRecord<EntryRecord> input,
              [MaxRecords(64)] NodeOutput<Work> Outputs,
              uint tid : SV_DispatchThreadID) {
  ThreadNodeOutputRecords<Work> rec = Outputs.GetThreadNodeOutputRecords(1);
  rec.Get().Index = input.Get().Grid.x + tid;
  rec.OutputComplete();
}

#ifdef REACHED
uint Count(EmptyNodeInput input) { return 1; }
#endif

[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
#ifdef REACHED
  EmptyNodeInput none; // reached-error {{work graphs ('EmptyNodeInput') are not supported: hlslc compiles compute shaders, not node shaders}}
  Out[0] = Count(none);
#else
  Out[0] = 7;
#endif
}
