#include "../outside/secret.hlsli"
