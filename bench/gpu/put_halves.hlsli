// put_halves.hlsli -- PUT(Tile, at, v): the eight halves of a 16-byte piece
// v into a groupshared tile from element `at` on (a multiple of 8).
// Written out, not looped, so that the eight stores are one run hlslc's
// SPIR-V backend packs into one 16-byte store.
#define PUT(Tile, at, v) \
    Tile[at + 0] = asfloat16((uint16_t)(v.x & 0xFFFF)); Tile[at + 1] = asfloat16((uint16_t)(v.x >> 16)); \
    Tile[at + 2] = asfloat16((uint16_t)(v.y & 0xFFFF)); Tile[at + 3] = asfloat16((uint16_t)(v.y >> 16)); \
    Tile[at + 4] = asfloat16((uint16_t)(v.z & 0xFFFF)); Tile[at + 5] = asfloat16((uint16_t)(v.z >> 16)); \
    Tile[at + 6] = asfloat16((uint16_t)(v.w & 0xFFFF)); Tile[at + 7] = asfloat16((uint16_t)(v.w >> 16));
