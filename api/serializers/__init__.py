"""The API's shapes: one module per module of api/views (api/views/matches.py -> api/serializers/matches.py), and
`common` for what several areas share. No serializer is defined in api/views (docs/architecture.md)."""
