// A `groupshared` parameter is HLSL 202x; earlier versions accept it with
// DXC's warning (SemaHLSL/v202x/groupshared/Pre202xWarning.hlsl).
// RUN: %hlslc -T cs_6_8 -HV 2021 -verify=hv2021 %s
// RUN: %hlslc -T cs_6_8 -HV 2021 -Wno-hlsl-groupshared-202x -verify=quiet %s
// RUN: %hlslc -T cs_6_8 -HV 202x -verify=quiet %s

// quiet-no-diagnostics
groupshared uint Shared[64];
RWStructuredBuffer<uint> Out : register(u0);

void Fill(groupshared uint tile[64], uint i) { // hv2021-warning {{Support for groupshared parameter annotation not added until HLSL 202x [-Whlsl-groupshared-202x]}}
  tile[i] = i;
}

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Fill(Shared, i);
  GroupMemoryBarrierWithGroupSync();
  Out[i] = Shared[63 - i];
}
