"""Small pieces every app uses and no app owns: the URL id converter, the client's address, request numbers.

`common` imports nothing of the project (only Django and the standard library), so any app may import it: see
docs/architecture.md.
"""
