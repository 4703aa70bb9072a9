"""Bounded caches: what an engine works out once per word, entry or document, kept within a size."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

LIMIT = 50_000  # entries a cache keeps before it starts again

T = TypeVar("T")


def remembered(cache: dict, key: Hashable, limit: int, compute: Callable[[], T]) -> T:
    """`cache[key]`, computed once; a cache grown past `limit` starts again (bounded memory per engine)."""
    found = cache.get(key)
    if found is None:
        found = compute()
        if len(cache) >= limit:
            cache.clear()
        cache[key] = found
    return found
