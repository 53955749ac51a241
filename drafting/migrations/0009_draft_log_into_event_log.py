"""Issue 29: the draft log (DraftLog, tables' and pods' entries) moves into the event's one log
(tournaments.EventLogEntry, kind "draft"), keeping when, who, the action, where the table stood and the detail, with
its sentence kept translatable as drafting.core.draft_log writes it; then DraftLog goes."""
from django.db import migrations

# DraftAction's labels when this migration was written (their msgids, so the moved entries read translated).
LABELS = {
    "tables_created": "Tables created", "choice": "Team chose who picks first", "packs": "Packs loaded",
    "start": "Started", "pause": "Paused", "review_break": "Review break granted", "resume": "Resumed",
    "undo": "Last pick undone", "end": "Ended", "timing": "Timing changed", "pods_seated": "Pods seated",
}


def draft_log_into_event_log(apps, schema_editor):
    DraftLog, EventLogEntry = apps.get_model("drafting", "DraftLog"), apps.get_model("tournaments", "EventLogEntry")
    EventLogEntry._meta.get_field("at").auto_now_add = False  # this historical class only: keep when it happened
    rows = []
    for old in DraftLog.objects.select_related("table__round", "pod").order_by("at", "pk").iterator():
        draft = old.table or old.pod
        where = ({"t": "Draft table %(n)d", "p": {"n": draft.number}} if old.table_id
                 else {"t": "Pod %(n)d", "p": {"n": draft.number}})
        label = LABELS.get(old.action, old.action)
        template = "%(draft)s: %(action)s. %(detail)s" if old.detail else "%(draft)s: %(action)s."
        kind = "Draft table" if old.table_id else "Pod"
        message = f"{kind} {draft.number}: {label}." + (f" {old.detail}" if old.detail else "")
        data = ({"draft_table": old.table_id, "pack_index": old.pack_index, "pick_number": old.pick_number}
                if old.table_id else {"pod": old.pod_id})
        round_ = getattr(old.table, "round", None) if old.table_id else None
        rows.append(EventLogEntry(
            event_id=draft.event_id, user_id=old.actor_id, at=old.at, kind="draft", action=old.action[:40],
            message=message, source={"t": template, "p": {"draft": where, "action": {"t": label}, "detail": old.detail}},
            round_number=round_.number if round_ is not None else None, data={**data, "detail": old.detail},
        ))
    EventLogEntry.objects.bulk_create(rows, batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('drafting', '0008_verbose_name_plural'),
        ('tournaments', '0018_one_event_log'),
    ]

    operations = [
        migrations.RunPython(draft_log_into_event_log, migrations.RunPython.noop),
        migrations.DeleteModel(
            name='DraftLog',
        ),
    ]
