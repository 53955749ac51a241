"""The garbage collector's settings for a web process (config/asgi.py, config/wsgi.py) and the benchmarks.

A large event's request makes tens of thousands of short-lived objects (a standings table of 2,048 rows, a round of
512 matches). With Python's default thresholds (a collection every 700 new objects) such a request triggers dozens
of collections, and now and then a full one that walks every object the process holds, Django's and the URLconf's
included: 100 ms and more on a loaded machine, spent on objects that live as long as the process. So once the
application is loaded, what it holds is frozen (gc.freeze: never walked again) and the youngest generation is
collected every 50,000 objects instead of 700. Reference cycles are still collected; memory stays bounded.
"""

import gc

from django.urls import get_resolver

GEN0_THRESHOLD = 50_000


def settle_heap() -> None:
    """Load the URLconf (and with it every view), collect once, freeze what the loaded application holds, and
    collect the young generation less often."""
    _patterns = get_resolver().url_patterns  # imports every view now, not in the first request
    gc.collect()
    gc.freeze()
    _gen0, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(GEN0_THRESHOLD, gen1, gen2)
