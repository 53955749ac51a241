"""The judges' vocabulary: the Infraction Procedure Guide's infractions and penalties, and a deck check's result."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PenaltyKind(models.TextChoices):
    """The IPG's penalties, from the lightest."""

    WARNING = "warning", _("Warning")
    GAME_LOSS = "game_loss", _("Game Loss")
    MATCH_LOSS = "match_loss", _("Match Loss")
    DISQUALIFICATION = "disqualification", _("Disqualification")


# The penalties that change a match's result when applied (one game, or the whole match, for the opponent).
RESULT_PENALTIES = {PenaltyKind.GAME_LOSS, PenaltyKind.MATCH_LOSS}


class Infraction(models.TextChoices):
    """The infractions of the Magic Infraction Procedure Guide (sections 2 to 4), as judges name them."""

    MISSED_TRIGGER = "gpe_missed_trigger", _("Game Play Error — Missed Trigger")
    LOOKING_AT_EXTRA_CARDS = "gpe_looking_extra", _("Game Play Error — Looking at Extra Cards")
    HIDDEN_CARD_ERROR = "gpe_hidden_card", _("Game Play Error — Hidden Card Error")
    MULLIGAN_PROCEDURE_ERROR = "gpe_mulligan", _("Game Play Error — Mulligan Procedure Error")
    GAME_RULE_VIOLATION = "gpe_grv", _("Game Play Error — Game Rule Violation")
    FAILURE_TO_MAINTAIN_GAME_STATE = "gpe_ftmgs", _("Game Play Error — Failure to Maintain Game State")
    TARDINESS = "te_tardiness", _("Tournament Error — Tardiness")
    OUTSIDE_ASSISTANCE = "te_outside_assistance", _("Tournament Error — Outside Assistance")
    SLOW_PLAY = "te_slow_play", _("Tournament Error — Slow Play")
    DECKLIST_PROBLEM = "te_decklist_problem", _("Tournament Error — Decklist Problem")
    DECK_PROBLEM = "te_deck_problem", _("Tournament Error — Deck Problem")
    LIMITED_PROCEDURE_VIOLATION = "te_limited_procedure", _("Tournament Error — Limited Procedure Violation")
    COMMUNICATION_POLICY_VIOLATION = "te_communication", _("Tournament Error — Communication Policy Violation")
    MARKED_CARDS = "te_marked_cards", _("Tournament Error — Marked Cards")
    INSUFFICIENT_SHUFFLING = "te_insufficient_shuffling", _("Tournament Error — Insufficient Shuffling")
    USC_MINOR = "usc_minor", _("Unsporting Conduct — Minor")
    USC_MAJOR = "usc_major", _("Unsporting Conduct — Major")
    IDW = "usc_idw", _("Unsporting Conduct — Improperly Determining a Winner")
    BRIBERY = "usc_bribery", _("Unsporting Conduct — Bribery and Wagering")
    AGGRESSIVE_BEHAVIOR = "usc_aggressive", _("Unsporting Conduct — Aggressive Behavior")
    THEFT = "usc_theft", _("Unsporting Conduct — Theft of Tournament Material")
    STALLING = "usc_stalling", _("Unsporting Conduct — Stalling")
    CHEATING = "usc_cheating", _("Unsporting Conduct — Cheating")
    OTHER = "other", _("Other (say what in the note)")


class DeckCheckResult(models.TextChoices):
    OK = "ok", _("OK")
    PROBLEM = "problem", _("Problem found")
