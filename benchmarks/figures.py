"""What the benchmarks compute from their measurements."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The value at share `q` (0 to 1) of the sorted values, the nearest rank; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]
