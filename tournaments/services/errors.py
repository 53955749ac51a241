"""Refusals that are about the event's state rather than the request's content.

They are ValidationErrors (the admin and the portal show their message like any other refusal); the API answers
them with 409 Conflict, since the same request may succeed once the state has changed.
"""
from django.core.exceptions import ValidationError


class StateConflict(ValidationError):
    """The request is well-formed but the event's current state refuses it (a round still waiting for results,
    a round already paired, the top cut already started ...)."""


class ResultsMissing(StateConflict):
    """A round can't be paired or closed while these tables of the latest round have no counting result."""

    def __init__(self, message: str, *, tables: list[int]):
        super().__init__(message)
        self.tables = tables
