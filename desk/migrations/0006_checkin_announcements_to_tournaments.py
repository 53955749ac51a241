"""Issue 55: check-in and announcements (CheckIn, Announcement) now live in tournaments
(tournaments/migrations/0035_checkin_announcements_from_desk.py, which keeps their rows); desk only forgets them."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('desk', '0005_round_clock_to_tournaments'),
        ('tournaments', '0035_checkin_announcements_from_desk'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='Announcement'),
                migrations.DeleteModel(name='CheckIn'),
            ],
        ),
    ]
