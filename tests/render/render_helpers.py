"""Helpers for the render tests: render one sprite on a known background, compare colours, and
strip colour from ops (to check that no information is carried by colour alone)."""

from __future__ import annotations

import dataclasses

from PIL import Image

from cardlab.render.ops import Drawing, DrawOp, Sprite
from cardlab.render.pil import to_image

BG = "#ff00ff"  # magenta: used by no theme, so "background" is unambiguous


def rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))


def render(sprite: Sprite, scale: float = 1.0, background: str = BG) -> Image.Image:
    return to_image(
        Drawing(sprite.w, sprite.h, (dataclasses.replace(sprite, x=0, y=0),), background), scale
    )


def shape(op: DrawOp) -> object:
    """The op with every colour removed (sprites recursively, keys dropped): what a reader who
    sees no colour at all can still tell apart."""
    if isinstance(op, Sprite):
        return ("sprite", op.w, op.h, tuple(shape(o) for o in op.ops))
    changes = {f.name: None for f in dataclasses.fields(op) if f.name in ("fill", "stroke")}
    return dataclasses.replace(op, **changes)
