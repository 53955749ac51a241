"""Issue 29: the event log becomes the one audit log (kind, source, round, team, match, before/after, warnings)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# The family of each action written before issue 29 (tournaments.services.eventlog.ACTION_KINDS then).
KINDS = {
    "seats_corrected": "seats", "team_renamed": "seats", "dropped": "drop", "reinstated": "drop",
    "disqualified": "drop", "round_taken_back": "pairing", "decklist_changed": "decklist",
    "result_corrected": "result", "penalty": "penalty", "penalty_applied": "penalty", "deck_check": "penalty",
    "staff_changed": "staff", "settings_changed": "settings",
}


def kinds_from_actions(apps, schema_editor):
    EventLogEntry = apps.get_model("tournaments", "EventLogEntry")
    for action, kind in KINDS.items():
        EventLogEntry.objects.filter(action=action).update(kind=kind)
    for entry in EventLogEntry.objects.filter(data__has_key="round").only("pk", "data").iterator():
        if isinstance(entry.data.get("round"), int):
            EventLogEntry.objects.filter(pk=entry.pk).update(round_number=entry.data["round"])


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0017_rating_importance_help_in_words'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='eventlogentry',
            name='after',
            field=models.JSONField(blank=True, null=True, verbose_name='after'),
        ),
        migrations.AddField(
            model_name='eventlogentry',
            name='before',
            field=models.JSONField(blank=True, null=True, verbose_name='before'),
        ),
        migrations.AddField(
            model_name='eventlogentry',
            name='kind',
            field=models.CharField(choices=[('result', 'Results'), ('pairing', 'Pairings'), ('drop', 'Drops'), ('seats', 'Seats and teams'), ('draft', 'Drafts'), ('pool', 'Sealed pools'), ('penalty', 'Penalties and deck checks'), ('decklist', 'Decklists'), ('settings', 'Settings'), ('staff', 'Staff'), ('desk', 'Desk'), ('event', 'Event')], db_index=True, default='event', max_length=12, verbose_name='kind'),
        ),
        migrations.AddField(
            model_name='eventlogentry',
            name='match',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='tournaments.teammatch', verbose_name='match'),
        ),
        migrations.AddField(
            model_name='eventlogentry',
            name='registration',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='tournaments.registration', verbose_name='team'),
        ),
        migrations.AddField(
            model_name='eventlogentry',
            name='round_number',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='round'),
        ),
        migrations.AddField(
            model_name='eventlogentry',
            name='source',
            field=models.JSONField(blank=True, default=dict, verbose_name='message source'),
        ),
        migrations.AddField(
            model_name='eventlogentry',
            name='warnings',
            field=models.JSONField(blank=True, default=list, verbose_name='went on despite'),
        ),
        migrations.AddIndex(
            model_name='eventlogentry',
            index=models.Index(fields=['event', 'kind'], name='eventlog_event_kind'),
        ),
        migrations.RunPython(kinds_from_actions, migrations.RunPython.noop),
    ]
