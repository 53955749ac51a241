from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DraftingConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "drafting"
    verbose_name = _("Drafts")

    def ready(self):
        from drafting import live  # noqa: F401  (publishes table changes for the live pages)
        from drafting.selectors.tables import draft_team_pool
        from drafting.selectors.paper import booster_pod_number_of_registrations
        from drafting.selectors.pods import booster_first_round_pairs, thg_pod_number_of_registrations
        from drafting.services.demo import draft_demo_lines
        from drafting.services.rounds import draft_tables_seat_round
        from tournaments.drafts import draft_pairing_register, draft_round_seater_register
        from tournaments.enums import FormatKind
        from tournaments.pools import pool_provider_register
        from tournaments.services.demo import demo_part_register

        pool_provider_register(format_kind=FormatKind.TEAM_ROCHESTER, provider=draft_team_pool)
        # Pairing reaches the draft tables through tournaments.drafts (tournaments imports no drafting module): team
        # Rochester seats each round's pairs at draft tables, a booster draft pairs round 1 across each pod by seat,
        # a Two-Headed Giant booster draft pairs each pod on its own.
        draft_round_seater_register(seater=draft_tables_seat_round)
        # A booster draft pairs every round within the pod where the organizer chose so (a paper draft's option).
        draft_pairing_register(
            format_kind=FormatKind.BOOSTER_DRAFT,
            first_round_pairs=booster_first_round_pairs,
            pods=booster_pod_number_of_registrations,
        )
        draft_pairing_register(format_kind=FormatKind.THG_DRAFT, pods=thg_pod_number_of_registrations)
        demo_part_register(part=draft_demo_lines)
