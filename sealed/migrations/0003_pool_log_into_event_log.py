"""Issue 29: the sealed pools' log (PoolLog) moves into the event's one log (tournaments.EventLogEntry, kind
"pool"), keeping when, who, after which round and the cards that moved, with its sentence kept translatable as
sealed.services.sealed_pool_log writes it; then PoolLog goes."""
from django.db import migrations

# PoolAction's labels when this migration was written (their msgids, so the moved entries read translated).
LABELS = {
    "opened": "Pool opened", "entered": "Pool entered", "saved": "Assignment saved", "registered": "Registered",
    "changed": "Changed between rounds", "unlocked": "Unlocked by the organizer",
}


def pool_log_into_event_log(apps, schema_editor):
    PoolLog, EventLogEntry = apps.get_model("sealed", "PoolLog"), apps.get_model("tournaments", "EventLogEntry")
    EventLogEntry._meta.get_field("at").auto_now_add = False  # this historical class only: keep when it happened
    rows = []
    for old in PoolLog.objects.select_related("pool__registration__team").order_by("at", "pk").iterator():
        pool = old.pool
        detail = [str(d) for d in (old.detail or [])]
        label = LABELS.get(old.action, old.action)
        team = pool.registration.team.name
        template = "Pool of %(team)s: %(action)s. %(detail)s" if detail else "Pool of %(team)s: %(action)s."
        rows.append(EventLogEntry(
            event_id=pool.event_id, user_id=old.by_id, at=old.at, kind="pool", action=f"pool_{old.action}",
            registration_id=pool.registration_id, round_number=old.after_round or None,
            message=f"Pool of {team}: {label}." + (f" {'; '.join(detail)}" if detail else ""),
            source={"t": template, "p": {"team": team, "action": {"t": label}, "detail": "; ".join(detail)}},
            after={"moved": detail} if old.action == "changed" else None,
            data={"pool": pool.pk, "after_round": old.after_round, "detail": detail},
        ))
    EventLogEntry.objects.bulk_create(rows, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('sealed', '0002_verbose_name_plural'),
        ('tournaments', '0018_one_event_log'),
    ]

    operations = [
        migrations.RunPython(pool_log_into_event_log, migrations.RunPython.noop),
        migrations.DeleteModel(
            name='PoolLog',
        ),
    ]
