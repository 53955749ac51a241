from django.conf import settings
from django.db import migrations, models
import django.db.models.deletion


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("tournaments", "0030_day2_cut"),
    ]

    operations = [
        migrations.CreateModel(
            name="PersonLanguage",
            fields=[
                ("user", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True,
                                              related_name="chosen_language", serialize=False,
                                              to=settings.AUTH_USER_MODEL)),
                ("language", models.CharField(max_length=10, verbose_name="language")),
                ("chosen_at", models.DateTimeField(auto_now=True)),
            ],
            options={"verbose_name": "chosen language", "verbose_name_plural": "chosen languages"},
        ),
    ]
