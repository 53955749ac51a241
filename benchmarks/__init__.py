"""The benchmarks: every `bench_*` command and the helpers they share (issue 33).

A development-only app: config.settings.dev (and test and venue, which build on it) install it, production doesn't,
so no deployment ships the commands. To measure production's stack, run a command under config.settings.bench
(production's settings plus this app); the servers and workers it starts run config.settings.production itself
(benchmarks/servers.py, docs/deploy.md). It drives the product from outside, so it may import every app but
config (docs/architecture.md); no app imports it.
"""
