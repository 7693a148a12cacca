// [wavesize(min, max[, preferred])] (SM 6.8 form): min must be less than max,
// and the preferred size must lie in [min, max].
// RUN: %hlslc -T cs_6_10 -E reversed -fsyntax-only -verify=reversed %s
// RUN: %hlslc -T cs_6_10 -E equal -fsyntax-only -verify=equal %s
// RUN: %hlslc -T cs_6_10 -E preferred -fsyntax-only -verify=preferred %s
// RUN: %hlslc -T cs_6_10 -E good -fsyntax-only -verify=good %s
// good-no-diagnostics

[numthreads(64, 1, 1)]
[wavesize(64, 32)] // reversed-error {{wave size range minimum (64) must be less than its maximum (32)}}
void reversed() {}

[numthreads(64, 1, 1)]
[wavesize(32, 32)] // equal-error {{wave size range minimum (32) must be less than its maximum (32)}}
void equal() {}

[numthreads(64, 1, 1)]
[wavesize(16, 64, 128)] // preferred-error {{preferred wave size 128 is outside the range [16, 64]}}
void preferred() {}

[numthreads(64, 1, 1)]
[wavesize(16, 64, 32)]
void good() {}
