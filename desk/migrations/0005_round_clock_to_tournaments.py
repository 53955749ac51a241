"""Issue 33: the round clocks (RoundClock, ClockExtension, EventDesk) now live in tournaments
(tournaments/migrations/0019_round_clock_from_desk.py, which keeps their rows); desk only forgets them."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('desk', '0004_desk_log_into_event_log'),
        ('tournaments', '0019_round_clock_from_desk'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='ClockExtension'),
                migrations.DeleteModel(name='EventDesk'),
                migrations.DeleteModel(name='RoundClock'),
            ],
        ),
    ]
