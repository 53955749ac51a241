"""Reads of check-in (tournaments/services/checkin.py writes it)."""

from tournaments.models import CheckIn, Registration


def team_checked_in(*, registration: Registration) -> bool:
    return CheckIn.objects.filter(registration=registration).exists()
