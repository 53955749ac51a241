"""Join codes of six characters (31^6, enumerable at a few dozen guesses a second) become ten (31^10), drawn the
way signup.services.join_code_for draws them (issue 52). The desk and the projector show the new code; the old one
opens nothing any more."""
import secrets

from django.db import migrations

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # signup.services.JOIN_CODE_ALPHABET when this was written
LENGTH = 10


def lengthen(apps, schema_editor):
    JoinCode = apps.get_model("signup", "JoinCode")
    taken = set(JoinCode.objects.values_list("code", flat=True))
    for join_code in JoinCode.objects.all().only("pk", "code"):
        if len(join_code.code) >= LENGTH:
            continue
        code = join_code.code
        while code in taken:
            code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        taken.add(code)
        JoinCode.objects.filter(pk=join_code.pk).update(code=code)


class Migration(migrations.Migration):

    dependencies = [
        ("signup", "0004_event_join_code"),
    ]

    operations = [
        migrations.RunPython(lengthen, migrations.RunPython.noop),
    ]
