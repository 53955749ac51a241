"""One draft log for every format: the pods' log entries (PodLog) move into DraftLog, with `pod` set."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def pod_log_into_draft_log(apps, schema_editor):
    PodLog, DraftLog = apps.get_model("drafting", "PodLog"), apps.get_model("drafting", "DraftLog")
    for old in PodLog.objects.order_by("pk").iterator():
        new = DraftLog.objects.create(pod_id=old.pod_id, actor_id=old.actor_id, action=old.action, detail=old.detail)
        DraftLog.objects.filter(pk=new.pk).update(at=old.at)  # `at` is auto_now_add: keep when it happened


def draft_log_into_pod_log(apps, schema_editor):
    PodLog, DraftLog = apps.get_model("drafting", "PodLog"), apps.get_model("drafting", "DraftLog")
    for old in DraftLog.objects.filter(pod__isnull=False).order_by("pk").iterator():
        new = PodLog.objects.create(pod_id=old.pod_id, actor_id=old.actor_id, action=old.action, detail=old.detail)
        PodLog.objects.filter(pk=new.pk).update(at=old.at)
    DraftLog.objects.filter(pod__isnull=False).delete()


class Migration(migrations.Migration):

    dependencies = [
        ('drafting', '0005_thg_pods'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='draftlog',
            name='pod',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='log', to='drafting.pod'),
        ),
        migrations.AlterField(
            model_name='draftlog',
            name='table',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='log', to='drafting.drafttable'),
        ),
        migrations.RunPython(pod_log_into_draft_log, draft_log_into_pod_log),
        migrations.AlterModelOptions(
            name='draftlog',
            options={'ordering': ['at', 'pk'], 'verbose_name': 'draft log entry', 'verbose_name_plural': 'draft log'},
        ),
        migrations.AddConstraint(
            model_name='draftlog',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('pod__isnull', True), ('table__isnull', False)), models.Q(('pod__isnull', False), ('table__isnull', True)), _connector='OR'), name='draftlog_one_draft'),
        ),
        migrations.RemoveField(model_name='podlog', name='actor'),
        migrations.RemoveField(model_name='podlog', name='pod'),
        migrations.DeleteModel(name='PodLog'),
    ]
