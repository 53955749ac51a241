"""Issue 55: check-in and announcements move from desk to tournaments (CheckIn, Announcement), keeping every row, as
the round clocks did (0019_round_clock_from_desk). The tables exist already: tournaments takes the models into its
state under their old tables (desk's 0006 drops them from desk's state only), then renames the tables to
tournaments' names, and hands the models' content types (and so their permissions) over to tournaments."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MODELS = ("checkin", "announcement")


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
        ('tournaments', '0034_names_not_addresses'),
        ('desk', '0005_round_clock_to_tournaments'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Announcement',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('text', models.CharField(max_length=280, verbose_name='announcement')),
                        ('is_active', models.BooleanField(default=True, verbose_name='shown')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='announcements', to='tournaments.event')),
                        ('round', models.ForeignKey(blank=True, help_text='The round it was made in; empty before round 1.', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.round', verbose_name='round')),
                    ],
                    options={
                        'db_table': 'desk_announcement',
                        'verbose_name': 'announcement',
                        'verbose_name_plural': 'announcements',
                        'ordering': ['-created_at', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='CheckIn',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('at_desk', models.BooleanField(default=False, verbose_name='ticked at the desk')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('registration', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='check_in', to='tournaments.registration')),
                    ],
                    options={
                        'db_table': 'desk_checkin',
                        'verbose_name': 'check-in',
                        'verbose_name_plural': 'check-ins',
                    },
                ),
            ],
        ),
        migrations.AlterModelTable(name='announcement', table=None),
        migrations.AlterModelTable(name='checkin', table=None),
        migrations.RunPython(content_types_to_tournaments, content_types_to_desk),
    ]
