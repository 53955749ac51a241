"""Refusals that are about the event's state rather than the request's content (common.refusals, "Conflict").

They are ValidationErrors (the admin and the portal show their message like any other refusal); the API answers
them with 409 Conflict, since the same request may succeed once the state has changed.
"""

from common.refusals import Conflict


class StateConflict(Conflict):
    """The request is well-formed but the event's current state refuses it (a round still waiting for results,
    a round already paired, the top cut already started ...)."""


class ResultsMissing(StateConflict):
    """A round can't be paired or closed while these tables of the latest round have no counting result."""

    def __init__(self, message: str, *, tables: list[int]):
        super().__init__(message)
        self.tables = tables

    def api_details(self) -> dict:
        """The open tables, so a scorekeeping program can point at them."""
        return {"tables": self.tables}
