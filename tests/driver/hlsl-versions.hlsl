// -HV VERSION, as in DXC: 2016, 2017, 2018, 2021 (the default) and 202x,
// each with its __HLSL_VERSION (202x is 2029).  2015 is DXC's language-
// services-only version; -enable-16bit-types needs 2018 or later.
// RUN: %hlslc -P -T cs_6_8 %s | FileCheck %s --check-prefix=V2021
// RUN: %hlslc -P -T cs_6_8 -HV 2016 %s | FileCheck %s --check-prefix=V2016
// RUN: %hlslc -P -T cs_6_8 -HV 2017 %s | FileCheck %s --check-prefix=V2017
// RUN: %hlslc -P -T cs_6_8 -HV2018 %s | FileCheck %s --check-prefix=V2018
// RUN: %hlslc -P -T cs_6_8 -HV 2021 %s | FileCheck %s --check-prefix=V2021
// RUN: %hlslc -P -T cs_6_8 -HV 202x %s | FileCheck %s --check-prefix=V202X
// RUN: not %hlslc -T cs_6_8 -HV 2015 %s 2>&1 | FileCheck %s --check-prefix=V2015
// RUN: not %hlslc -T cs_6_8 -HV 2020 %s 2>&1 | FileCheck %s --check-prefix=V2020
// RUN: not %hlslc -T cs_6_8 -HV 2016 -enable-16bit-types %s 2>&1 | FileCheck %s --check-prefix=SIXTEEN

// V2016: version 2016
// V2017: version 2017
// V2018: version 2018
// V2021: version 2021
// V202X: version 2029
// V2015: {{^}}hlslc: error: HLSL Version 2015 is only supported for language services (as in DXC); the oldest version hlslc compiles is 2016
// V2020: {{^}}hlslc: error: invalid value '2020' for '-HV'; expected one of 2016, 2017, 2018, 2021, 202x
// SIXTEEN: {{^}}hlslc: error: -enable-16bit-types needs HLSL 2018 or later, as in DXC; the language version is 2016 (-HV)
version __HLSL_VERSION
