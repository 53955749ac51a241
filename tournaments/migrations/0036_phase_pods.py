# Issue 55: a phase's draft pod is a row (PhasePod: phase, number) and a phase seat refers to it, no longer a bare
# number on each seat. The pods are made from the numbers the seats hold; nothing else changes.
import django.db.models.deletion
from django.db import migrations, models


def pods_from_numbers(apps, schema_editor):
    PhasePod = apps.get_model("tournaments", "PhasePod")
    PhaseSeat = apps.get_model("tournaments", "PhaseSeat")
    pods = {}
    for phase_id, number in PhaseSeat.objects.order_by().values_list("phase_id", "pod_number").distinct():
        pods[(phase_id, number)] = PhasePod.objects.create(phase_id=phase_id, number=number)
    for (phase_id, number), pod in pods.items():
        PhaseSeat.objects.filter(phase_id=phase_id, pod_number=number).update(pod=pod)


def numbers_from_pods(apps, schema_editor):
    PhaseSeat = apps.get_model("tournaments", "PhaseSeat")
    for seat in PhaseSeat.objects.select_related("pod"):
        PhaseSeat.objects.filter(pk=seat.pk).update(pod_number=seat.pod.number)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0035_checkin_announcements_from_desk"),
    ]

    operations = [
        migrations.CreateModel(
            name="PhasePod",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveSmallIntegerField(verbose_name="pod")),
                ("phase", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="pods",
                                            to="tournaments.phase", verbose_name="phase")),
            ],
            options={
                "verbose_name": "pod",
                "verbose_name_plural": "pods",
                "ordering": ["phase", "number"],
                "constraints": [models.UniqueConstraint(
                    fields=("phase", "number"), name="phasepod_number_once_per_phase",
                    violation_error_message="This phase already has a pod with this number.")],
            },
        ),
        migrations.RemoveConstraint(model_name="phaseseat", name="phaseseat_seat_once_per_pod"),
        migrations.AlterModelOptions(
            name="phaseseat",
            options={"ordering": ["phase", "seat"], "verbose_name": "pod seat", "verbose_name_plural": "pod seats"},
        ),
        migrations.RenameField(model_name="phaseseat", old_name="pod", new_name="pod_number"),
        migrations.AlterField(  # so that going back can add the column again before it is filled
            model_name="phaseseat",
            name="pod_number",
            field=models.PositiveSmallIntegerField(null=True, verbose_name="pod"),
        ),
        migrations.AddField(
            model_name="phaseseat",
            name="pod",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="seats",
                                    to="tournaments.phasepod", verbose_name="pod"),
        ),
        migrations.RunPython(pods_from_numbers, numbers_from_pods),
        migrations.RemoveField(model_name="phaseseat", name="pod_number"),
        migrations.AlterField(
            model_name="phaseseat",
            name="pod",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="seats",
                                    to="tournaments.phasepod", verbose_name="pod"),
        ),
        migrations.AlterModelOptions(
            name="phaseseat",
            options={"ordering": ["phase", "pod__number", "seat"], "verbose_name": "pod seat",
                     "verbose_name_plural": "pod seats"},
        ),
        migrations.AddConstraint(
            model_name="phaseseat",
            constraint=models.UniqueConstraint(fields=("pod", "seat"), name="phaseseat_seat_once_per_pod",
                                               violation_error_message="Two entrants can't share a seat of a pod."),
        ),
    ]
