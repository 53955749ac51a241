"""Moving an event between two Hydras through the API's event files (push_event, pull_event; docs/venue.md).

Each side's copy is compared with the sync record of the last push or pull (eventfile.models.EventSync: the
fingerprint each side had then). A side whose fingerprint moved has changed since; when both have, the move is
refused as a conflict with what differs, and so is a move that would overwrite the only side that changed.
"""

import json
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.db import transaction
from django.utils.translation import gettext_lazy, pgettext_lazy

from common.outbound import OutboundError, OutboundRefused, outbound_request
from eventfile.export import event_export
from eventfile.importer import event_import, event_replace
from eventfile.models import EventSync
from eventfile.sync import event_file_differences, event_file_fingerprint
from tournaments.logtext import LogText
from tournaments.models import Event
from tournaments.services.eventlog import event_log_record

TIMEOUT = 60
MAX_ANSWER_BYTES = 256 * 1024 * 1024  # a whole event file of a large event runs to a few MB
# What a push or pull did, in the log's sentence (read in the reader's language).
_DONE = {
    "created": pgettext_lazy("event file sync", "created"),
    "replaced": pgettext_lazy("event file sync", "replaced"),
}


class RemoteError(RuntimeError):
    """The other Hydra could not be reached or refused; the message says why and what to do."""


class SyncRefused(RuntimeError):
    """Moving the event would lose changes; `differences` lists what differs between the two sides."""

    def __init__(self, message: str, differences: list[str]):
        self.differences = differences
        super().__init__(message)


@dataclass(frozen=True)
class SyncResult:
    action: str  # "created", "replaced", "unchanged"
    event_id: int
    remote_event_id: int


def hydra_base_url(url: str) -> str:
    """The other Hydra's address without a trailing slash; ValueError for anything but http(s)://host[:port][/path]."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"{url!r} is not a Hydra address: give it as https://hydra.example.org (or http://HOST:PORT).")
    return url.strip().rstrip("/")


def _call(*, base: str, token: str, method: str, path: str, body: dict | None = None) -> dict:
    """One call of the other Hydra's API through the one outbound helper (common.outbound: a LAN address only
    where HYDRA_OUTBOUND_ALLOW names it; a redirect is not followed but reported)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Authorization": f"Token {token}", "Accept": "application/json", "Content-Type": "application/json"}
    try:
        answer = outbound_request(
            f"{base}/api/v1/{path}",
            method=method,
            body=data,
            headers=headers,
            timeout=TIMEOUT,
            max_bytes=MAX_ANSWER_BYTES,
        )
    except OutboundRefused as exc:
        raise RemoteError(f"Hydra doesn't connect to {base}: {exc}") from None
    except OutboundError as exc:
        raise RemoteError(f"Cannot reach {base}: {exc}. Is the address right and the machine online?") from None
    if answer.redirect:
        raise RemoteError(
            f"{base} answered {answer.status} (a redirect to {answer.headers.get('Location', '?')}) to "
            f"{method} /api/v1/{path}; Hydra doesn't follow redirects: give the final address."
        )
    if not 200 <= answer.status < 300:
        text = answer.excerpt(20000)
        try:
            detail = json.dumps(json.loads(text), ensure_ascii=False)[:2000]
        except ValueError:
            detail = text[:500]
        hint = {
            401: " Check the token.",
            403: " The token must be an organizer's token.",
            404: " Check the event id and that the token's owner organizes it.",
        }.get(answer.status, "")
        raise RemoteError(f"{base} answered {answer.status} to {method} /api/v1/{path}: {detail}.{hint}")
    try:
        return json.loads(answer.body)
    except ValueError:
        raise RemoteError(f"{base} did not answer {method} /api/v1/{path} with JSON: {answer.excerpt(200)}") from None


def _refuse(*, ours: dict, theirs: dict, local_changed: bool, remote_changed: bool, base: str, verb: str) -> None:
    differences = event_file_differences(ours=ours, theirs=theirs)
    if local_changed and remote_changed:
        raise SyncRefused(
            f"Conflict: the event changed both here and on {base} since the last sync. Nothing was "
            f"{verb}. Decide which side is right, undo the other side's changes, and try again.",
            differences,
        )
    where, other = ("here", "pull_event") if local_changed else (f"on {base}", "push_event")
    raise SyncRefused(
        f"The event changed {where} since the last sync and not on the other side; {verb} it would "
        f"lose those changes. Use {other} instead.",
        differences,
    )


def event_push(*, event: Event, to: str, token: str) -> SyncResult:
    """Send the event to the Hydra at `to`: imported there the first time, replaced there (same id) afterwards.
    Refused with SyncRefused when the copy there changed since the last sync; RemoteError when it can't be done."""
    base = hydra_base_url(to)
    ours = event_export(event=event)
    mine = event_file_fingerprint(ours)
    sync = EventSync.objects.filter(event=event, remote_url=base).first()
    if sync is None:
        remote_id = int(_call(base=base, token=token, method="POST", path="events/import", body=ours)["id"])
        action = "created"
    else:
        remote_id = sync.remote_event_id
        theirs = _call(base=base, token=token, method="GET", path=f"events/{remote_id}/export")
        local_changed = mine != sync.local_fingerprint
        remote_changed = event_file_fingerprint(theirs) != sync.remote_fingerprint
        if remote_changed:
            _refuse(
                ours=ours, theirs=theirs, local_changed=local_changed, remote_changed=True, base=base, verb="pushed"
            )
        if not local_changed:
            return SyncResult(action="unchanged", event_id=event.pk, remote_event_id=remote_id)
        _call(base=base, token=token, method="POST", path=f"events/{remote_id}/replace", body=ours)
        action = "replaced"
    theirs = _call(base=base, token=token, method="GET", path=f"events/{remote_id}/export")
    _record(
        event=event,
        base=base,
        remote_id=remote_id,
        local=mine,
        remote=event_file_fingerprint(theirs),
        direction="push",
        message=LogText(
            gettext_lazy("Pushed to %(base)s (event %(id)s there, %(action)s)."),
            {"base": base, "id": remote_id, "action": _DONE.get(action, action)},
        ),
    )
    return SyncResult(action=action, event_id=event.pk, remote_event_id=remote_id)


def event_pull(
    *, source: str, token: str, event: Event | None = None, remote_id: int | None = None, organizer=None
) -> SyncResult:
    """Bring the event from the Hydra at `source` here: into `event` (replaced, same id; the event there is the one
    of the last sync, or `remote_id`), or, with no `event`, as a new event organized by `organizer`. Refused with
    SyncRefused when the event here changed since the last sync; RemoteError when it can't be done."""
    base = hydra_base_url(source)
    sync = EventSync.objects.filter(event=event, remote_url=base).first() if event is not None else None
    remote_id = remote_id or (sync.remote_event_id if sync else None)
    if remote_id is None:
        raise RemoteError(f"This event was never synced with {base}: give the event's id there (--remote-id).")
    theirs = _call(base=base, token=token, method="GET", path=f"events/{remote_id}/export")
    remote_fingerprint = event_file_fingerprint(theirs)
    with transaction.atomic():
        if event is None:
            event = event_import(document=theirs, user=organizer)
            action = "created"
        else:
            ours = event_export(event=event)
            if sync is not None:
                local_changed = event_file_fingerprint(ours) != sync.local_fingerprint
                remote_changed = remote_fingerprint != sync.remote_fingerprint
                if local_changed:
                    _refuse(
                        ours=ours,
                        theirs=theirs,
                        local_changed=True,
                        remote_changed=remote_changed,
                        base=base,
                        verb="pulled",
                    )
                if not remote_changed:
                    return SyncResult(action="unchanged", event_id=event.pk, remote_event_id=remote_id)
            event = event_replace(event=event, document=theirs, user=None)
            action = "replaced"
        _record(
            event=event,
            base=base,
            remote_id=remote_id,
            local=event_file_fingerprint(event_export(event=event)),
            remote=remote_fingerprint,
            direction="pull",
            message=LogText(
                gettext_lazy("Pulled from %(base)s (event %(id)s there, %(action)s here)."),
                {"base": base, "id": remote_id, "action": _DONE.get(action, action)},
            ),
        )
    return SyncResult(action=action, event_id=event.pk, remote_event_id=remote_id)


def _record(
    *, event: Event, base: str, remote_id: int, local: str, remote: str, direction: str, message: LogText
) -> None:
    EventSync.objects.update_or_create(
        event=event,
        remote_url=base,
        defaults={
            "remote_event_id": remote_id,
            "local_fingerprint": local,
            "remote_fingerprint": remote,
            "direction": direction,
        },
    )
    event_log_record(
        event=event,
        user=None,
        action=f"event_{direction}ed",
        message=message,
        data={"remote": base, "remote_event": remote_id},
    )
