// Sample pattern by José – réglages «calibrés» (a header saved in Windows-1252,
// as many Windows projects' are: DXC reads it, and so does hlslc).
static const float4 SamplePattern[] =
{
   0.5, -0.25, 1.5, 2.0,   -0.75, 0.125, 1.0, 3.0,
   0.0,  1.0,  0.5, 4.0
};
