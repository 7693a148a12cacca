// RUN: %hlslc -T cs_6_10 %s | FileCheck %s --check-prefix=SM610
// RUN: %hlslc -T cs_6_8 -DSINGLE %s | FileCheck %s --check-prefix=SM68
// RUN: %hlslc -T cs_6_6 -DSINGLE %s | FileCheck %s --check-prefix=SM66
// RUN: not %hlslc -T cs_6_5 -DSINGLE %s 2>&1 | FileCheck %s --check-prefix=SM65
// RUN: not %hlslc -T cs_6_7 -DTWICE %s 2>&1 | FileCheck %s --check-prefix=TWICE
// [WaveSize] for SM 6.8 and later is entry property tag 23 with
// {min, max, preferred}, zeros for the values not given; it follows
// NumThreads (tag 4).  Before SM 6.8 it is DXIL's original WaveSize tag 11
// with the one size, and before SM 6.6 DXC's error; written twice, DXC's
// conflict error.
// SM66-DAG: [[PROPS:![0-9]+]] = !{ i32 4, [[NT:![0-9]+]], i32 11, [[WS:![0-9]+]] }
// SM66-DAG: [[WS]] = !{ i32 32 }
// SM65: error: attribute wavesize requires shader model 6.6 or greater
// TWICE: error: shader attribute type 'wavesize' conflicts with shader attribute type 'wavesize'
// TWICE: note: conflicting attribute is here

RWByteAddressBuffer Out : register(u0);

#ifdef TWICE
[WaveSize(64)]
#endif
#ifdef SINGLE
[WaveSize(32)]
#elif defined(TWICE)
[WaveSize(32)]
#else
[WaveSize(16, 64)]
#endif
[numthreads(64, 1, 1)]
void main() { Out.Store(0, WaveGetLaneCount()); }

// SM610: !dx.shaderModel = !{ [[SM:![0-9]+]] }
// SM610: !dx.entryPoints = !{ [[EP:![0-9]+]] }
// SM610-DAG: [[SM]] = !{ !"cs", i32 6, i32 10 }
// SM610-DAG: [[EP]] = !{ void ()* @"main", !"main", null, {{![0-9]+}}, [[PROPS:![0-9]+]] }
// SM610-DAG: [[PROPS]] = !{ i32 4, [[NT:![0-9]+]], i32 23, [[WS:![0-9]+]] }
// SM610-DAG: [[NT]] = !{ i32 64, i32 1, i32 1 }
// SM610-DAG: [[WS]] = !{ i32 16, i32 64, i32 0 }

// SM68: !dx.version = !{ [[VER:![0-9]+]] }
// SM68: !dx.shaderModel = !{ [[SM:![0-9]+]] }
// SM68: !dx.entryPoints = !{ [[EP:![0-9]+]] }
// SM68-DAG: [[VER]] = !{ i32 1, i32 8 }
// SM68-DAG: [[SM]] = !{ !"cs", i32 6, i32 8 }
// SM68-DAG: [[EP]] = !{ void ()* @"main", !"main", null, {{![0-9]+}}, [[PROPS:![0-9]+]] }
// SM68-DAG: [[PROPS]] = !{ i32 4, [[NT:![0-9]+]], i32 23, [[WS:![0-9]+]] }
// SM68-DAG: [[WS]] = !{ i32 32, i32 0, i32 0 }
