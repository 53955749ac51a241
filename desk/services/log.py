"""The desk's log: what was done, by whom, and which warnings were gone past."""
from desk.models import DeskLogEntry


def desk_log(*, event, by, action: str, detail: str = "", warnings: list[str] | None = None) -> DeskLogEntry:
    """Record one desk action."""
    return DeskLogEntry.objects.create(
        event=event, by=by if getattr(by, "pk", None) else None, action=action, detail=detail[:4000],
        warnings=list(warnings or []),
    )
