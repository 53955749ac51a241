"""Teams' shapes (api.views.teams): a team as shown, and registering, importing, editing, dropping and
disqualifying teams."""

from django.utils.translation import gettext as _
from rest_framework import serializers

from api.serializers.common import StrictInputSerializer
from tournaments.enums import EntrantStatus
from tournaments.models import Registration


class MemberSerializer(serializers.Serializer):
    seat = serializers.CharField(help_text="The member's fixed seat: A, B, C ...")
    player = serializers.CharField(help_text="The player's name.")
    invited = serializers.BooleanField(
        required=False,
        help_text="In the answer to a write only, and only when true: an existing account was typed for this seat, so a "
        "placeholder holds it and the account's person was invited to take it (not seated; never said who).",
    )


class TeamOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The team's id in this event; pairings and standings use it.")
    team_id = serializers.IntegerField(help_text="The team's id across events.")
    name = serializers.CharField()
    joined_round = serializers.IntegerField()
    dropped_round = serializers.IntegerField(allow_null=True, help_text="The last round the team played, once out.")
    status = serializers.ChoiceField(
        choices=EntrantStatus.choices,
        help_text='"did_not_advance": below the event\'s Day 2 cut (not paired again, standings kept); not a drop.',
    )
    day2_cut_round = serializers.IntegerField(
        allow_null=True, help_text="The round of the Day 2 cut the team did not advance past; null otherwise."
    )
    members = MemberSerializer(many=True, help_text="In seat order.")
    disqualification_reason = serializers.CharField(
        required=False, help_text="Disqualified teams, for the event's organizer only."
    )
    byes_in_advance = serializers.IntegerField(help_text="Byes earned in advance (0-3): a bye in rounds 1 to this.")
    fixed_table = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="The table the team keeps every round (accessibility), for the event's organizer only.",
    )

    def to_representation(self, registration: Registration) -> dict:
        state = (
            "disqualified"
            if registration.is_disqualified
            else (
                "dropped"
                if registration.is_dropped
                else ("did_not_advance" if registration.did_not_advance else "active")
            )
        )
        data = {
            "id": registration.pk,
            "team_id": registration.team_id,
            "name": registration.team.name,
            "joined_round": registration.joined_round,
            "dropped_round": registration.dropped_round,
            "status": state,
            "day2_cut_round": registration.day2_cut_round,
            "members": [{"seat": s.letter, "player": s.player.name} for s in registration.seats.all()],
            "byes_in_advance": registration.byes_in_advance,
        }
        invited = self.context.get("invited")
        if invited is not None:  # the organizer's answer to a write: which seats wait for an invited account
            for member in data["members"]:
                if (registration.pk, member["seat"]) in invited:
                    member["invited"] = True
        if registration.is_disqualified and self.context.get("runs_event"):
            data["disqualification_reason"] = registration.disqualified_reason
        if self.context.get("runs_event"):
            data["fixed_table"] = registration.fixed_table
        return data


class TeamSeatInputSerializer(StrictInputSerializer):
    seat = serializers.CharField(max_length=2, help_text="The seat letter: A, B, C ... up to the team size.")
    player = serializers.CharField(
        max_length=120,
        help_text="The player's name, username or e-mail address: your own events' unclaimed placeholder "
        "of that name (case ignored), else a new placeholder. An existing account's username or e-mail is never seated: "
        "its person is invited to take the seat (the member then shows invited: true).",
    )


class TeamInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=120, required=False)
    seats = TeamSeatInputSerializer(many=True, max_length=8, required=False, help_text="One entry per seat.")
    player = serializers.CharField(
        max_length=120,
        required=False,
        help_text="Individual events (team_size 1) only, instead of name and seats: the player, a team of one.",
    )
    joined_round = serializers.IntegerField(
        min_value=1,
        max_value=30,
        required=False,
        help_text="Late entries: the round the team joins in (default: the next round to be paired).",
    )
    missed_rounds_as_losses = serializers.BooleanField(required=False, default=False)
    byes_in_advance = serializers.IntegerField(
        min_value=0,
        max_value=3,
        required=False,
        default=0,
        help_text="Byes earned in advance (a qualification's reward): a bye in rounds 1 to this number.",
    )

    def validate(self, data):
        if "player" in data:
            if "name" in data or "seats" in data:
                raise serializers.ValidationError(
                    {"player": [_("Send either `player` (an individual event) or `name` and `seats`, not both.")]}
                )
        elif "name" not in data or "seats" not in data:
            raise serializers.ValidationError(
                {"name": [_("Send the team's `name` and its `seats`, or `player` in an individual event.")]}
            )
        return data


class TeamImportInputSerializer(StrictInputSerializer):
    teams = TeamInputSerializer(many=True, max_length=4096, required=False)
    csv = serializers.CharField(
        required=False,
        max_length=2 * 1024 * 1024,
        trim_whitespace=False,
        help_text="Or the team list as CSV text: a header team,seat,player (or only player, "
        "for an individual event), then a row per player.",
    )


class TeamEditInputSerializer(StrictInputSerializer):
    name = serializers.CharField(max_length=120, required=False)
    seats = TeamSeatInputSerializer(
        many=True, max_length=8, required=False, help_text="Every seat, as at registration."
    )
    judge_correction = serializers.CharField(
        max_length=2000,
        required=False,
        allow_blank=True,
        help_text="Once round 1 is paired, seats change only as a judge's correction: why (recorded in the event's log).",
    )
    byes_in_advance = serializers.IntegerField(
        min_value=0,
        max_value=3,
        required=False,
        help_text="Byes earned in advance, 0 to 3; only while the rounds they concern are not paired.",
    )
    fixed_table = serializers.IntegerField(
        min_value=1,
        max_value=32767,
        required=False,
        allow_null=True,
        help_text="A table the team keeps every round (accessibility); null clears it. The others flow around it.",
    )


class AvoidedPairingSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    teams = serializers.ListField(child=serializers.IntegerField(), help_text="The two teams' ids in this event.")
    names = serializers.ListField(child=serializers.CharField())

    def to_representation(self, pairing) -> dict:
        return {
            "id": pairing.pk,
            "teams": [pairing.first_id, pairing.second_id],
            "names": [pairing.first.team.name, pairing.second.team.name],
        }


class AvoidedPairingInputSerializer(StrictInputSerializer):
    teams = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        min_length=2,
        max_length=2,
        help_text="The two teams' ids in this event that should not be paired while it can be avoided.",
    )


class DropInputSerializer(StrictInputSerializer):
    after_round = serializers.IntegerField(
        min_value=0,
        max_value=30,
        required=False,
        help_text="The last round the team plays (default: the last round it has played or is playing).",
    )


class DisqualifyInputSerializer(StrictInputSerializer):
    reason = serializers.CharField(
        max_length=2000, help_text="Why; recorded in the event's log, shown to the organizer."
    )
    player = serializers.CharField(
        max_length=120, required=False, help_text="The member whose disqualification disqualifies the team (MTR 8.2)."
    )


class InviteListInputSerializer(StrictInputSerializer):
    csv = serializers.CharField(
        max_length=2 * 1024 * 1024,
        trim_whitespace=False,
        help_text="The EventLink invite list as CSV text: a Wizards Account e-mail address or a display name in the "
        "first column of each line; a header row, blank lines, `;` or `,` separators and quoted values are fine.",
    )


class InviteLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    value = serializers.CharField()
    status = serializers.ChoiceField(choices=["matched", "new", "address", "already", "refused"])
    reason = serializers.CharField()


class InviteReportSerializer(serializers.Serializer):
    preview = serializers.BooleanField()
    imported = serializers.IntegerField()
    already = serializers.IntegerField()
    refused = serializers.IntegerField()
    lines = InviteLineSerializer(many=True)
