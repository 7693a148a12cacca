// Wrong uses of wave, quad and atomic intrinsics: element types no overload
// takes (WaveActiveBitAnd/Or/Xor take uint and uint64_t only, converting
// nothing, as DXC), wrong arguments, and the shader models that introduced
// them (WaveMatch and WaveMultiPrefix* in 6.5, 64-bit atomics in 6.6).
// RUN: %hlslc -T cs_6_4 -fsyntax-only -verify %s

struct Pair { uint a; uint b; };
RWByteAddressBuffer B : register(u0);
groupshared uint64_t Wide;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int signedBits = 3;
  uint bits = WaveActiveBitAnd(signedBits); // expected-error {{no matching function for call to 'WaveActiveBitAnd'}} expected-note {{no known conversion from 'int' to uint or uint64_t for 1st argument}}
  float f = WaveActiveBitOr(1.5f); // expected-error {{no matching function for call to 'WaveActiveBitOr'}} expected-note {{no known conversion from 'float' to uint or uint64_t}}
  Pair p = { 1, 2 };
  Pair q = WaveReadLaneFirst(p); // expected-error {{no matching function for call to 'WaveReadLaneFirst'}} expected-note {{no known conversion from 'Pair'}}
  uint lane = WaveReadLaneAt(id.x); // expected-error {{too few arguments to function call, expected 2, have 1}}
  uint4 ballot = WaveActiveBallot(id.x > 3, 1); // expected-error {{too many arguments to function call, expected 1, have 2}}
  float2 across = QuadReadAcrossX(p); // expected-error {{no matching function for call to 'QuadReadAcrossX'}} expected-note {{no known conversion from 'Pair'}}

  uint4 m = WaveMatch(id.x); // expected-error {{'WaveMatch' with these argument types needs shader model 6.5 or later}}
  uint s = WaveMultiPrefixSum(id.x, uint4(1, 0, 0, 0)); // expected-error {{'WaveMultiPrefixSum' with these argument types needs shader model 6.5 or later}}
  uint c = WaveMultiPrefixCountBits(true, uint4(1, 0, 0, 0)); // expected-error {{'WaveMultiPrefixCountBits' with these argument types needs shader model 6.5 or later}}
  InterlockedAdd(Wide, 1); // expected-error {{'InterlockedAdd' with these argument types needs shader model 6.6 or later}}
  B.InterlockedAdd64(0, 1); // expected-error {{intrinsic RWByteAddressBuffer.InterlockedAdd64 requires shader model 6.6 or greater; the target is 6.4}}

  // Fine before 6.5: the SM 6.0 wave and quad intrinsics, QuadAny (expanded
  // before 6.7), IsHelperLane, float exchanges.
  B.Store(0, WaveActiveCountBits(QuadAny(id.x == 0)) + WavePrefixSum(id.x) + (IsHelperLane() ? 1 : 0));
  float old;
  B.InterlockedExchangeFloat(4, 1.0f, old);
}
