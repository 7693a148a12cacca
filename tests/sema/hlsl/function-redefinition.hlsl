// A function defined twice with the same signature; overloads and a
// prototype followed by its definition are fine.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

float area(float r) { return 3.14159 * r * r; } // expected-note {{previous definition is here}}
float area(float r) { return r; } // expected-error {{redefinition of 'area'}}

float area(float2 wh) { return wh.x * wh.y; }

float perimeter(float r);
float perimeter(float r) { return 6.28318 * r; }
