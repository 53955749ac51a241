# Issue 55: a multiplayer round's pods are tables (MultiplayerTable, MultiplayerSeat, MultiplayerBye); "pod" is the
# draft's word. The app keeps its label `pods` (docs/architecture.md), so this renames the models (RenameModel
# renames their database tables, and contenttypes renames their content types after it), the seat's column
# pod_id -> table_id, the round's related name and the constraints' names; no row changes.
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("pods", "0001_initial"),
        ("tournaments", "0023_event_multiplayer_pods"),
    ]

    operations = [
        # The constraints go first, under the old names (the seats' name the field `pod`), and come back named for tables.
        migrations.RemoveConstraint(model_name="podbye", name="multiplayer_pod_bye_once"),
        migrations.RemoveConstraint(model_name="podseat", name="multiplayer_pod_seat_once"),
        migrations.RemoveConstraint(model_name="podseat", name="multiplayer_pod_player_once"),
        migrations.RemoveConstraint(model_name="podseat", name="multiplayer_pod_seat_range"),
        migrations.RemoveConstraint(model_name="pod", name="multiplayer_pod_number_once_per_round"),
        migrations.RemoveConstraint(model_name="pod", name="multiplayer_pod_number_positive"),
        migrations.RenameModel("Pod", "MultiplayerTable"),
        migrations.RenameModel("PodSeat", "MultiplayerSeat"),
        migrations.RenameModel("PodBye", "MultiplayerBye"),
        migrations.RenameField("MultiplayerSeat", "pod", "table"),
        migrations.AlterField(
            model_name="multiplayertable",
            name="round",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="multiplayer_tables",
                                    to="tournaments.round", verbose_name="round"),
        ),
        migrations.AlterModelOptions(
            name="multiplayerseat",
            options={"ordering": ["table", "position"], "verbose_name": "pod seat", "verbose_name_plural": "pod seats"},
        ),
        migrations.AddConstraint(
            model_name="multiplayerbye",
            constraint=models.UniqueConstraint(fields=("round", "registration"), name="multiplayer_bye_once", violation_error_message="This player already has a bye this round."),
        ),
        migrations.AddConstraint(
            model_name="multiplayerseat",
            constraint=models.UniqueConstraint(fields=("table", "position"), name="multiplayer_table_seat_once", violation_error_message="Each seat of a pod holds one player."),
        ),
        migrations.AddConstraint(
            model_name="multiplayerseat",
            constraint=models.UniqueConstraint(fields=("table", "registration"), name="multiplayer_table_player_once", violation_error_message="A player sits once at a pod."),
        ),
        migrations.AddConstraint(
            model_name="multiplayerseat",
            constraint=models.CheckConstraint(condition=models.Q(("position__gte", 1), ("position__lte", 5)), name="multiplayer_table_seat_range", violation_error_message="A pod's seats are numbered 1 to 5."),
        ),
        migrations.AddConstraint(
            model_name="multiplayertable",
            constraint=models.UniqueConstraint(fields=("round", "number"), name="multiplayer_table_number_once_per_round", violation_error_message="This round already has a pod with this number."),
        ),
        migrations.AddConstraint(
            model_name="multiplayertable",
            constraint=models.CheckConstraint(condition=models.Q(("number__gte", 1)), name="multiplayer_table_number_positive", violation_error_message="Pods are numbered from 1."),
        ),
    ]
