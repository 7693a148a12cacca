// Global functions named like an intrinsic overload it rather than hide it,
// as in DXC, whose intrinsics join the candidates of every unqualified or
// `::`-qualified call: a wave helper `all(bool, uint)` beside the intrinsic
// `all(bool)`; the intrinsic wins only where it is the better match (a tie
// calls the user's function).  A name qualified by a namespace sees that
// namespace only.  `::name` is the global namespace's `name` even inside a
// member function of that name.
// RUN: %hlslc run %s --pipeline %S/intrinsic-overloads-and-global-names.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify -DBAD %s

RWStructuredBuffer<int> Out : register(u0);
groupshared uint Votes;

bool all(bool vote, uint lane) {          // every lane of the group voted yes
  if (lane == 0) Votes = 0;
  GroupMemoryBarrierWithGroupSync();
  if (!vote) InterlockedAdd(Votes, 1);
  GroupMemoryBarrierWithGroupSync();
  return Votes == 0;
}
int abs(int2 v) { return 100 + v.x; }    // the intrinsic has no int2 -> int form
float saturate(float x) { return 7; }    // same form as the intrinsic: shadows it

void log(int slot, int value) { Out[slot] = value; }
void log() { Out[0] = 1; }

namespace Util {
  int abs(int2 v) { return 200 + v.y; }
}

struct Recorder {
  int base;
  void log(int value) { ::log(base, value); }
  void log() { ::log(); ::log(base + 1, abs(-5)); }
};

[numthreads(4, 1, 1)]
void main(uint lane : SV_GroupIndex) {
  Recorder r;
  r.base = 4;
  bool voted = all(lane < 8, lane);              // the user's all, by every thread (it has barriers)
  if (lane == 0) {
    r.log();                                      // Out[0] = 1, Out[5] = 5 (the intrinsic abs)
    r.log(voted ? 10 : 20);                       // Out[4] = 10 (a unanimous vote)
    Out[1] = all(int3(lane, 1, 2) != 9);          // the intrinsic all: 1
    Out[2] = abs(int2(3, 4)) + Util::abs(int2(3, 4)) + abs(-2);   // 103 + 204 + 2
    Out[3] = (int)saturate(0.5) + (int)::abs(-6.0);               // 7 + 6
    Out[6] = Util::abs(-1);                       // Util's only: abs(int2(-1, -1)) = 199
  }
#ifdef BAD
  ::nothing(); // expected-error {{no member named 'nothing' in the global namespace}}
#endif
}
