"""What the event-file commands share: finding the organizer named on the command line, and turning the sync
services' refusals into the command's error message."""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import CommandError

from eventfile.remote import RemoteError, SyncRefused


def organizer_named(name: str | None):
    """The user named `name`, or the first superuser without a name; CommandError saying what to pass otherwise."""
    User = get_user_model()
    user = (
        User.objects.filter(username=name).first()
        if name
        else User.objects.filter(is_superuser=True).order_by("pk").first()
    )
    if user is None:
        raise CommandError(
            f"There is no user named {name!r}."
            if name
            else "There is no superuser to own the event: pass --organizer NAME."
        )
    return user


def validation_message(exc: ValidationError) -> str:
    lines = [f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()] if hasattr(exc, "error_dict") else exc.messages
    return "\n".join(lines)


def sync_run(move, **kwargs):
    """Call push or pull; a refusal becomes a CommandError with what differs, an unreachable or refusing Hydra and
    a refused file one with the reason."""
    try:
        return move(**kwargs)
    except SyncRefused as exc:
        raise CommandError(
            str(exc) + "\nWhat differs (here / there):\n" + "\n".join(f"  {line}" for line in exc.differences)
        ) from None
    except (RemoteError, ValueError) as exc:
        raise CommandError(str(exc)) from None
    except ValidationError as exc:
        raise CommandError("The event file was refused:\n" + validation_message(exc)) from None
