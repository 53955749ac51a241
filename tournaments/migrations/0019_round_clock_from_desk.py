"""Issue 33: the round clocks move from desk to tournaments (RoundClock, its ClockExtensions and EventDesk, the
round lengths the clocks start from), keeping every row. The tables exist already: tournaments takes the models into
its state under their old tables (desk's 0005 drops them from desk's state only), then renames the tables to
tournaments' names, and hands the models' content types (and so their permissions) over to tournaments."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MODELS = ("roundclock", "clockextension", "eventdesk")


def _move_content_types(apps, source: str, target: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not ContentType.objects.filter(app_label=target, model=model).exists():
            ContentType.objects.filter(app_label=source, model=model).update(app_label=target)


def content_types_to_tournaments(apps, schema_editor):
    _move_content_types(apps, "desk", "tournaments")


def content_types_to_desk(apps, schema_editor):
    _move_content_types(apps, "tournaments", "desk")


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0018_one_event_log'),
        ('desk', '0004_desk_log_into_event_log'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='RoundClock',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('purpose', models.CharField(choices=[('matches', 'Matches'), ('deckbuilding', 'Deck building')], default='matches', max_length=12, verbose_name='purpose')),
                        ('status', models.CharField(choices=[('not_started', 'Not started'), ('running', 'Running'), ('paused', 'Paused'), ('over', 'Over')], default='not_started', max_length=12, verbose_name='state')),
                        ('duration_seconds', models.PositiveIntegerField(verbose_name='length in seconds')),
                        ('ends_at', models.DateTimeField(blank=True, null=True, verbose_name='ends at')),
                        ('paused_remaining', models.FloatField(blank=True, null=True, verbose_name='seconds left when paused')),
                        ('started_at', models.DateTimeField(blank=True, null=True, verbose_name='started at')),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='clocks', to='tournaments.round')),
                    ],
                    options={
                        'db_table': 'desk_roundclock',
                        'verbose_name': 'round clock',
                        'verbose_name_plural': 'round clocks',
                    },
                ),
                migrations.CreateModel(
                    name='ClockExtension',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('table', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='table')),
                        ('seconds', models.PositiveIntegerField(verbose_name='seconds')),
                        ('reason', models.CharField(blank=True, max_length=200, verbose_name='reason')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('clock', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='extensions', to='tournaments.roundclock')),
                    ],
                    options={
                        'db_table': 'desk_clockextension',
                        'verbose_name': 'time extension',
                        'verbose_name_plural': 'time extensions',
                        'ordering': ['created_at', 'id'],
                    },
                ),
                migrations.CreateModel(
                    name='EventDesk',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('round_minutes', models.PositiveSmallIntegerField(default=50, verbose_name='minutes per round')),
                        ('deckbuilding_minutes', models.PositiveSmallIntegerField(default=40, verbose_name='minutes for deck building')),
                        ('check_in_deadline', models.DateTimeField(blank=True, null=True, verbose_name='check-in deadline')),
                        ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='desk', to='tournaments.event')),
                    ],
                    options={
                        'db_table': 'desk_eventdesk',
                        'verbose_name': 'event desk',
                        'verbose_name_plural': 'event desks',
                        'constraints': [models.CheckConstraint(condition=models.Q(('round_minutes__gte', 1), ('round_minutes__lte', 600), ('deckbuilding_minutes__gte', 1), ('deckbuilding_minutes__lte', 600)), name='eventdesk_minutes_range', violation_error_message='A clock runs 1 to 600 minutes.')],
                    },
                ),
                migrations.AddConstraint(
                    model_name='roundclock',
                    constraint=models.UniqueConstraint(fields=('round', 'purpose'), name='roundclock_once_per_round_and_purpose', violation_error_message='This round already has this clock.'),
                ),
            ],
        ),
        migrations.AlterModelTable(name='roundclock', table=None),
        migrations.AlterModelTable(name='clockextension', table=None),
        migrations.AlterModelTable(name='eventdesk', table=None),
        migrations.RunPython(content_types_to_tournaments, content_types_to_desk),
    ]
