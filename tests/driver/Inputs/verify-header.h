// Included by tests/driver/verify-*.hlsl.
#define HEADER_MACRO 1 // header-note {{previous definition}}
#define HEADER_MACRO 2
