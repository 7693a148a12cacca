"""Texels, mip levels and samplers for the executor: what a texture
operation reads, with the filtering, addressing and comparison rules that
Direct3D and Vulkan share.

A texture's data (a pipeline buffer with `OutputProps`) hold its mip
levels one after another, each row by row, `Channels` components of the
buffer's format a texel (`Buffer.mip_offset`).  Reads outside a level give
zero, as a Direct3D `Load` out of bounds does.

Sampling (normalized coordinates) follows the Vulkan specification's
texel filtering, which Direct3D's reference rasterizer agrees with for
these cases: the level of detail is the explicit one (`SampleLevel`) or
log2 of the longer scaled gradient (`SampleGrad`; `Sample` and the others
with implicit derivatives take them from the quad, see `ops`), plus the
sampler's `MipLODBias` (and `SampleBias`'s bias), clamped to [MinLOD,
MaxLOD] (and to the shader's clamp); a
level of detail at or below zero magnifies (MagFilter), above it minifies
(MinFilter); the level read is the nearest (the offloader creates its
samplers with a point mip filter: `ceil(lod + 0.5) - 1`, clamped to the
texture's levels).  Nearest filtering reads `floor(u * width)`; linear
reads the 2x2 texels around `u * width - 0.5` weighted by the fractions.
Texel coordinates, after the texel offset, are addressed by the sampler's
mode: Clamp, Repeat, Mirror, MirrorOnce, or Border (transparent black).
Comparison sampling compares the reference with each texel's first
component before filtering (percentage-closer filtering); Gather returns
one component of the 2x2 footprint at level 0 in the order (i0, j1), (i1,
j1), (i1, j0), (i0, j0) (GatherRaw: the whole raw texel of an integer
texture).  Missing components read as (0, 0, 0, 1).

Owns: texel addressing and fetches, level-of-detail selection, filters,
address modes, comparisons.  Does not own: the `dx.op` handlers that call
these (`ops`), the pipeline's sampler model (`pipeline.Sampler`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import RunError

# Comparison functions: passes(reference, texel).
_COMPARE = {
    "Never": lambda r, t: np.zeros(np.broadcast(r, t).shape, dtype=bool),
    "Less": np.less, "Equal": np.equal, "LessEqual": np.less_equal, "Greater": np.greater,
    "NotEqual": np.not_equal, "GreaterEqual": np.greater_equal,
    "Always": lambda r, t: np.ones(np.broadcast(r, t).shape, dtype=bool),
}


def texture_buffer(res: Any, line: int | None) -> Any:
    """The pipeline buffer behind a bound texture, which must have a size."""
    buf = res.buffer
    if buf is None or not buf.extent[0]:
        raise RunError(f"texture '{res.name}' has no OutputProps (Width, Height) in the pipeline", line)
    return buf


def level_extent(buf: Any, level: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Width, height and depth of mip `level` per thread."""
    level = np.clip(level.astype(np.int64), 0, 62)
    w, h, d = buf.extent
    return (np.maximum(1, w >> level), np.maximum(1, h >> level), np.maximum(1, d >> level))


def level_base(buf: Any, level: np.ndarray) -> np.ndarray:
    """Element offset of mip `level` per thread."""
    offsets = np.array([buf.mip_offset(k) for k in range(buf.mip_levels + 1)], dtype=np.int64)
    return offsets[np.clip(level.astype(np.int64), 0, buf.mip_levels)]


def texel_address(buf: Any, level: np.ndarray, x: np.ndarray, y: np.ndarray, z: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Byte address of texel (x, y, z) of mip `level`, and whether it lies
    inside the level (and the level inside the texture)."""
    level = level.astype(np.int64)
    w, h, d = level_extent(buf, level)
    inside = (level >= 0) & (level < buf.mip_levels) & (x >= 0) & (x < w) & (y >= 0) & (y < h) & \
        (z >= 0) & (z < np.maximum(d, buf.extent[2]))
    element = level_base(buf, level) + ((z * h + y) * w + x) * buf.channels
    return element * buf.dtype.itemsize, inside


def fetch(res: Any, buf: Any, level: np.ndarray, x: np.ndarray, y: np.ndarray, mask: np.ndarray,
          z: np.ndarray | None = None) -> list[np.ndarray]:
    """The components (in the buffer's element type) of texel (x, y, z) of
    `level` for the threads of `mask`; zero outside the level."""
    x = x.astype(np.int64)
    y = y.astype(np.int64)
    z = np.zeros_like(x) if z is None else z.astype(np.int64)
    addr, inside = texel_address(buf, np.broadcast_to(level, x.shape), x, y, z)
    dtype = buf.dtype
    size = dtype.itemsize
    ok = mask & inside
    ok &= addr + buf.channels * size <= len(res.data)
    out = []
    for k in range(buf.channels):
        values = np.zeros(len(x), dtype=dtype)
        if ok.any():
            idx = (addr[ok] + k * size)[:, None] + np.arange(size)
            values[ok] = np.ascontiguousarray(res.data[idx]).view(dtype).reshape(-1)
        out.append(values)
    return out


def _address(i: np.ndarray, size: np.ndarray, mode: str) -> tuple[np.ndarray, np.ndarray]:
    """Integer texel coordinates addressed by `mode`: (coordinate, inside);
    `inside` is False where a Border sampler reads its border."""
    if mode == "Repeat":
        return np.mod(i, size), np.ones(i.shape, dtype=bool)
    if mode in ("Mirror", "MirrorOnce"):
        if mode == "Mirror":
            t = np.mod(i, 2 * size)
            t = np.where(t >= size, 2 * size - 1 - t, t)
        else:
            t = np.where(i < 0, -1 - i, i)
            t = np.minimum(t, size - 1)
        return t, np.ones(i.shape, dtype=bool)
    if mode == "Border":
        return np.clip(i, 0, size - 1), (i >= 0) & (i < size)
    return np.clip(i, 0, size - 1), np.ones(i.shape, dtype=bool)


Tap = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]   # x, y, weight, inside the border


def footprint(u: np.ndarray, v: np.ndarray, width: np.ndarray, height: np.ndarray, linear: np.ndarray,
              offset: tuple[np.ndarray, np.ndarray], address: str) -> list[Tap]:
    """The texels nearest or linear filtering reads around normalized (u, v)
    on a width x height level (`linear` per thread), offset in texels:
    (i0, j0), (i1, j0), (i0, j1), (i1, j1), weight 0 for the three a nearest
    filter does not read."""
    su = u.astype(np.float64) * width
    sv = v.astype(np.float64) * height
    ox, oy = (o.astype(np.int64) for o in offset)
    taps = []
    # Nearest: one texel, weight 1.  Linear: four, bilinear weights.
    bu, bv = np.where(linear, su - 0.5, su), np.where(linear, sv - 0.5, sv)
    i0, j0 = np.floor(bu).astype(np.int64) + ox, np.floor(bv).astype(np.int64) + oy
    a, b = np.where(linear, bu - np.floor(bu), 0.0), np.where(linear, bv - np.floor(bv), 0.0)
    for di, dj, weight in ((0, 0, (1 - a) * (1 - b)), (1, 0, a * (1 - b)), (0, 1, (1 - a) * b), (1, 1, a * b)):
        x, xin = _address(i0 + di, width, address)
        y, yin = _address(j0 + dj, height, address)
        taps.append((x, y, weight, xin & yin))
    return taps


def _as_float(components: list[np.ndarray], count: int = 4) -> np.ndarray:
    """Components as float64 columns, missing ones (0, 0, 0, 1)."""
    n = len(components[0])
    out = np.zeros((n, count), dtype=np.float64)
    if count == 4:
        out[:, 3] = 1.0
    for k, c in enumerate(components[:count]):
        out[:, k] = c.astype(np.float64)
    return out


def _gradient_lod(buf: Any, gradients: tuple[list[np.ndarray], list[np.ndarray]]) -> np.ndarray:
    """log2 of the longer gradient (ddx, ddy in normalized units) in texels
    of level 0."""
    w, h, _ = buf.extent
    ddx, ddy = gradients
    rx = np.hypot(ddx[0].astype(np.float64) * w, ddx[1].astype(np.float64) * h)
    ry = np.hypot(ddy[0].astype(np.float64) * w, ddy[1].astype(np.float64) * h)
    with np.errstate(divide="ignore"):
        return np.log2(np.maximum(rx, ry))


def _clamped_lod(sampler: Any, lam: np.ndarray, clamp: np.ndarray | None) -> np.ndarray:
    low = sampler.min_lod
    if clamp is not None:
        low = np.maximum(low, np.nan_to_num(clamp.astype(np.float64), nan=0.0))
    return np.clip(lam, low, sampler.max_lod)


def level_of_detail(buf: Any, sampler: Any, mask: np.ndarray, lod: np.ndarray | None = None,
                    gradients: tuple[list[np.ndarray], list[np.ndarray]] | None = None,
                    clamp: np.ndarray | None = None, bias: np.ndarray | None = None
                    ) -> tuple[np.ndarray, np.ndarray]:
    """(level read, linear filter?) per thread, from an explicit level of
    detail or from the gradients (ddx, ddy in normalized units), plus the
    sampler's bias and a shader's (`SampleBias`)."""
    n = len(mask)
    if gradients is not None:
        lam = _gradient_lod(buf, gradients)
    else:
        lam = np.zeros(n) if lod is None else lod.astype(np.float64)
    lam = lam + sampler.mip_lod_bias
    if bias is not None:
        lam = lam + np.nan_to_num(bias.astype(np.float64), nan=0.0)
    lam = _clamped_lod(sampler, lam, clamp)
    linear = np.where(lam <= 0, sampler.mag_filter == "Linear", sampler.min_filter == "Linear")
    d = np.clip(lam, 0, buf.mip_levels - 1)
    level = np.clip(np.ceil(d + 0.5) - 1, 0, buf.mip_levels - 1).astype(np.int64)
    return level, np.asarray(linear, dtype=bool)


def calculate_lod(buf: Any, sampler: Any, gradients: tuple[list[np.ndarray], list[np.ndarray]],
                  clamped: bool) -> np.ndarray:
    """CalculateLevelOfDetail(Unclamped): the level of detail of the
    gradients plus the sampler's MipLODBias; clamped, also clamped to the
    sampler's [MinLOD, MaxLOD] and to the texture's levels."""
    lam = _gradient_lod(buf, gradients) + sampler.mip_lod_bias
    if clamped:
        lam = np.clip(_clamped_lod(sampler, lam, None), 0, buf.mip_levels - 1)
    return lam.astype(np.float32)


def sample(res: Any, sampler: Any, u: np.ndarray, v: np.ndarray, level: np.ndarray, linear: np.ndarray,
           offset: tuple[np.ndarray, np.ndarray], mask: np.ndarray, line: int | None,
           reference: np.ndarray | None = None) -> np.ndarray:
    """Filtered texels (n x 4 float64) at `level`; with `reference`, the
    filtered comparison results in the first column."""
    buf = texture_buffer(res, line)
    _check_float(res, buf, line)
    w, h, _ = level_extent(buf, level)
    total = np.zeros((len(mask), 4), dtype=np.float64)
    for x, y, weight, inside in footprint(u, v, w, h, linear, offset, sampler.address):
        live = mask & (weight > 0)
        texel = _as_float(fetch(res, buf, level, x, y, live))
        texel[~inside] = 0.0                       # Border: transparent black
        if reference is not None:
            passed = compare(sampler, reference, texel[:, 0])
            texel = np.zeros_like(texel)
            texel[:, 0] = passed
        total += texel * weight[:, None]
    return total


def gather(res: Any, sampler: Any, u: np.ndarray, v: np.ndarray, offset: tuple[np.ndarray, np.ndarray],
           channel: int, mask: np.ndarray, line: int | None, reference: np.ndarray | None = None) -> np.ndarray:
    """Component `channel` of the 2x2 footprint at level 0 (n x 4), or the
    comparisons of the first component with `reference`."""
    buf = texture_buffer(res, line)
    _check_float(res, buf, line)
    zero = np.zeros(len(mask), dtype=np.int64)
    w, h, _ = level_extent(buf, zero)
    taps = footprint(u, v, w, h, np.ones(len(mask), dtype=bool), offset, sampler.address)
    # taps: (i0, j0), (i1, j0), (i0, j1), (i1, j1) -> x, y, z, w = (i0, j1), (i1, j1), (i1, j0), (i0, j0)
    order = (2, 3, 1, 0)
    out = np.zeros((len(mask), 4), dtype=np.float64)
    for k, tap in enumerate(order):
        x, y, _, inside = taps[tap]
        texel = _as_float(fetch(res, buf, zero, x, y, mask))
        texel[~inside] = 0.0
        out[:, k] = compare(sampler, reference, texel[:, 0]) if reference is not None else texel[:, channel]
    return out


def gather_raw(res: Any, sampler: Any, u: np.ndarray, v: np.ndarray, offset: tuple[np.ndarray, np.ndarray],
               mask: np.ndarray, line: int | None, dtype: np.dtype) -> list[np.ndarray]:
    """GatherRaw: the four texels of the 2x2 footprint at level 0, in
    Gather's order, each the bits of a whole texel (all its components) as
    an unsigned integer of `dtype` (a 16-, 32- or 64-bit element)."""
    buf = texture_buffer(res, line)
    dtype = np.dtype(dtype)
    if buf.channels * buf.dtype.itemsize != dtype.itemsize:
        raise RunError(f"GatherRaw of {dtype.itemsize * 8}-bit elements from texture '{res.name}', whose texels "
                       f"are {buf.channels} x {buf.format}", line)
    zero = np.zeros(len(mask), dtype=np.int64)
    w, h, _ = level_extent(buf, zero)
    taps = footprint(u, v, w, h, np.ones(len(mask), dtype=bool), offset, sampler.address)
    out = []
    for tap in (2, 3, 1, 0):
        x, y, _, inside = taps[tap]
        channels = fetch(res, buf, zero, x, y, mask & inside)
        raw = np.ascontiguousarray(np.stack(channels, axis=1)).view(np.uint8).reshape(len(mask), -1)
        out.append(np.ascontiguousarray(raw).view(dtype).reshape(-1))
    return out


def compare(sampler: Any, reference: np.ndarray, texel: np.ndarray) -> np.ndarray:
    """1.0 where the sampler's comparison of the reference with the texel
    passes, else 0.0."""
    return _COMPARE[sampler.comparison](reference.astype(np.float64), texel).astype(np.float64)


def _check_float(res: Any, buf: Any, line: int | None) -> None:
    if buf.dtype.kind != "f":
        raise RunError(f"texture '{res.name}' holds {buf.format} data; samplers filter float textures only", line)
