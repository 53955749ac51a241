"""A player's rating history as a server-side SVG line plot: no script, so it works under the strict CSP.

Pure: points in, geometry out; the template draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28


@dataclass(frozen=True)
class PlotPoint:
    x: float
    y: float
    rating: float
    label: str


@dataclass(frozen=True)
class Plot:
    width: int
    height: int
    points: list[PlotPoint]
    path: str
    ticks: list[tuple[float, int]]  # (y, rating)
    left: int
    right: int
    bottom: int


def rating_plot(ratings: list[tuple[str, float]], *, start: float) -> Plot | None:
    """Geometry of the plot of `ratings` [(label, rating after the event), ...], starting from `start`.

    The first point is the start rating, then one point per event. Returns None when there is nothing to plot.
    The y axis spans the ratings with a margin, ticks every 25, 50 or 100 points so there are at most six.
    """
    if not ratings:
        return None
    values = [start] + [r for _, r in ratings]
    labels = [""] + [label for label, _ in ratings]
    low, high = min(values), max(values)
    if high - low < 20:
        low, high = low - 10, high + 10
    step = next(s for s in (10, 25, 50, 100, 200, 500, 1000) if (high - low) / s <= 6)
    low = (low // step) * step
    high = -((-high) // step) * step
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y_of(rating: float) -> float:
        return round(TOP + inner_h * (high - rating) / (high - low), 1)

    count = len(values)
    points = [
        PlotPoint(
            x=round(LEFT + inner_w * (i / (count - 1) if count > 1 else 0.5), 1), y=y_of(v), rating=v, label=label
        )
        for i, (v, label) in enumerate(zip(values, labels))
    ]
    path = "M" + " L".join(f"{p.x},{p.y}" for p in points)
    ticks = [(y_of(v), int(v)) for v in range(int(low), int(high) + 1, int(step))]
    return Plot(
        width=WIDTH,
        height=HEIGHT,
        points=points,
        path=path,
        ticks=ticks,
        left=LEFT,
        right=WIDTH - RIGHT,
        bottom=HEIGHT - BOTTOM,
    )
