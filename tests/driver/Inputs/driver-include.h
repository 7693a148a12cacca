// Found through -I by tests/driver/preprocess-options.hlsl.
#define FROM_INCLUDE included_value
