// Inline ray tracing (RayQuery<FLAGS>) in code the entry point does not
// reach is no error in a compute shader, as in DXC: typedefs of query
// types, function templates instantiated with them or deducing their flags
// (`template<RAY_FLAG F> ... RayQuery<F>`, RAY_FLAG being DXC's `typedef
// uint`), helpers that call their methods (typed as DXC types them:
// CommittedRayT() is a float, CandidateTriangleBarycentrics() a float2,
// ...), a user's `TraceRay<Query>(ray)` beside DXR's TraceRay.  From shader
// model 6.5 the entry that reaches them compiles (inline ray tracing);
// before it, what the entry reaches is reported where the query is
// declared, with the chain of calls.
// RUN: %hlslc -T cs_6_4 -E Clear -verify %s -o %t.ll
// RUN: %hlslc -T cs_6_8 -E Shade %s -o %t.ll
// RUN: %hlslc -T cs_6_4 -E Shade -fsyntax-only -verify=shade %s
// RUN: %hlslc -T cs_6_8 -E Clear -fsyntax-only -verify=bad -DBAD %s

// expected-no-diagnostics
RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<float> Out : register(u0);

typedef RayQuery<RAY_FLAG_NONE> ClosestQuery;
typedef RayQuery<RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES | RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH> ShadowQuery;

template <RAY_FLAG F>
float2 CandidateUV(RayQuery<F> q) { return q.CandidateTriangleBarycentrics(); } // shade-error {{inline ray tracing ('RayQuery<0>') needs shader model 6.5 or later (the target is 6.4)}}

template <typename Query>
Query Trace(RayDesc ray) {
  Query q; // shade-error {{inline ray tracing ('RayQuery<0>') needs shader model 6.5 or later (the target is 6.4)}}
  q.TraceRayInline(Scene, RAY_FLAG_NONE, 0xFFu, ray);
  while (q.Proceed()) {
    if (q.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE && CandidateUV(q).x < 0.5) // shade-note {{'CandidateUV' is called from 'Trace' here}}
      q.CommitNonOpaqueTriangleHit();
  }
  return q;
}

float HitT(RayDesc ray) {
  ClosestQuery q = Trace<ClosestQuery>(ray); // shade-error {{inline ray tracing ('RayQuery<0>') needs shader model 6.5 or later (the target is 6.4)}} shade-note 2 {{'Trace' is called from 'HitT' here}}
  float3x4 toWorld = q.CommittedObjectToWorld3x4();
  return q.CommittedStatus() == COMMITTED_TRIANGLE_HIT ? q.CommittedRayT() + toWorld._m03 : -1;
}

bool Visible(RayDesc ray) {
  ShadowQuery q = Trace<ShadowQuery>(ray);
  return q.CommittedStatus() == COMMITTED_NOTHING;
}

struct Payload { float t; };
template <typename Query> Query TraceRay(RayDesc ray) { return Trace<Query>(ray); }
float Pipeline(RayDesc ray) {
  Payload p = { 0 };
  TraceRay(Scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, p);   // DXR's
  ClosestQuery q = TraceRay<ClosestQuery>(ray);            // the template
  return p.t + q.CommittedRayT();
}

#ifdef BAD
void Wrong(RayDesc ray) {
  ClosestQuery q;
  q.TraceRayInline(Scene, RAY_FLAG_NONE, ray); // bad-error {{too few arguments to function call, expected 4, have 3}}
  q.Launch(); // bad-error {{no member named 'Launch' in 'RayQuery'}}
}
#endif

[numthreads(8, 1, 1)]
void Clear(uint i : SV_DispatchThreadID) { Out[i] = 0; }

[numthreads(8, 1, 1)]
void Shade(uint i : SV_DispatchThreadID) {
  RayDesc r;
  r.Origin = float3(i, 0, 0); r.Direction = float3(0, 0, 1); r.TMin = 0; r.TMax = 100;
  Out[i] = HitT(r); // shade-note 3 {{'HitT' is called from the entry point 'Shade' here}}
}
