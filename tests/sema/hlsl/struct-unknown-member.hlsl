// Accessing a field a struct does not have.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

struct Particle { float3 position; float mass; };

void f(Particle p) {
  p.velocity = 0; // expected-error {{no member named 'velocity' in 'Particle'}}
  p.position.x = p.mass;
}
