"""Issue 29: the desk's log moves into the event's one log (tournaments.EventLogEntry, kind "desk"), keeping when,
who, the text and the warnings gone past; then the desk's own log model goes."""
from django.db import migrations


def desk_log_into_event_log(apps, schema_editor):
    DeskLogEntry, EventLogEntry = apps.get_model("desk", "DeskLogEntry"), apps.get_model("tournaments", "EventLogEntry")
    EventLogEntry._meta.get_field("at").auto_now_add = False  # this historical class only: keep when it happened
    rows = [
        EventLogEntry(event_id=old.event_id, user_id=old.by_id, at=old.created_at, kind="desk", action=old.action[:40],
                      message=old.detail or old.action, warnings=list(old.warnings or []), data={"desk_log": old.pk})
        for old in DeskLogEntry.objects.order_by("created_at", "pk").iterator()
    ]
    EventLogEntry.objects.bulk_create(rows, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('desk', '0003_announcement_round'),
        ('tournaments', '0018_one_event_log'),
    ]

    operations = [
        migrations.RunPython(desk_log_into_event_log, migrations.RunPython.noop),
        migrations.DeleteModel(
            name='DeskLogEntry',
        ),
    ]
