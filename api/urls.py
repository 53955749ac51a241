"""The REST API under /api/v1/ (issue 7). Path ids take 1 to 18 digits, so every id fits a database bigint."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

import common.converters  # noqa: F401  (registers <id:...>)
from api.exceptions import not_found_view
from api.views.base import deprecated
from api.views.clock import RoundClockView
from api.views.daytwo import CutView
from api.views.decklists import MyDecklistView, TeamDecklistsView
from api.views.docs import ApiDocsView
from api.views.drafting import DraftTableDetailView, DraftTableListView
from api.views.eventfiles import EventExportView, EventImportView, EventReplaceView
from api.views.events import EventCloseView, EventCopyView, EventDetailView, EventListView, PresetListView
from api.views.matches import (
    MatchConfirmView,
    MatchDetailView,
    MatchDisputeView,
    MatchListView,
    MatchResultView,
)
from api.views.notifications import NotificationListView, NotificationReadView
from api.views.picklog import EventDraftPicksView, MyDraftPicksView
from api.views.multiplayer import MultiplayerStandingsView, TableConfirmView, TableResultView, TableRoundListView
from api.views.paper import CallDetailView, CallListView, PaperPodsView
from api.views.phases import (
    PhaseDeckListView,
    PhaseDetailView,
    PhaseListView,
    PhasePodListView,
    PhaseStartView,
)
from api.views.draft_pods import PodListView
from api.views.ratings import PlayerDetailView, RatingListView
from api.views.organizations import (
    EventStoreView,
    MemberDetailView,
    MemberListView,
    OrganizationDetailView,
    OrganizationListView,
    StoreListView,
)
from api.views.series import SeriesDetailView, SeriesListView, SeriesPayoutsView, SeriesStandingsView
from api.views.rounds import RoundDetailView, RoundListView, RoundPublishView
from api.views.sharedgame import MatchLifeView
from api.views.staff import StaffDetailView, StaffListView
from api.views.fees import FeesView, PaymentView, PayoutsView, PrizesView
from api.views.standings import BracketView, PlacementsView, StandingsView
from api.views.teams import (
    AvoidedPairingListView,
    TeamDetailView,
    TeamDisqualifyView,
    TeamDropView,
    TeamImportView,
    InviteListImportView,
    TeamListView,
    TeamReinstateView,
)
from api.views.webhooks import (
    DeliveryListView,
    DeliveryResendView,
    WebhookDetailView,
    WebhookListView,
)

app_name = "api"

urlpatterns = [
    path("v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("v1/docs/", ApiDocsView.as_view(), name="docs"),
    path("v1/notifications/", NotificationListView.as_view(), name="notification-list"),
    path("v1/notifications/read/", NotificationReadView.as_view(), name="notification-read"),
    path("v1/organizations/", OrganizationListView.as_view(), name="organization-list"),
    path("v1/organizations/<id:organization_id>/", OrganizationDetailView.as_view(), name="organization-detail"),
    path("v1/organizations/<id:organization_id>/stores/", StoreListView.as_view(), name="organization-stores"),
    path("v1/organizations/<id:organization_id>/members/", MemberListView.as_view(), name="organization-members"),
    path(
        "v1/organizations/<id:organization_id>/members/<id:user_id>",
        MemberDetailView.as_view(),
        name="organization-member",
    ),
    path("v1/events/<id:event_id>/store", EventStoreView.as_view(), name="event-store"),
    path("v1/series/", SeriesListView.as_view(), name="series-list"),
    path("v1/series/<id:series_id>/", SeriesDetailView.as_view(), name="series-detail"),
    path("v1/series/<id:series_id>/standings/", SeriesStandingsView.as_view(), name="series-standings"),
    path("v1/series/<id:series_id>/payouts/", SeriesPayoutsView.as_view(), name="series-payouts"),
    path("v1/presets/", PresetListView.as_view(), name="preset-list"),
    path("v1/events/", EventListView.as_view(), name="event-list"),
    path("v1/events/import", EventImportView.as_view(), name="event-import"),
    path("v1/events/<id:event_id>/", EventDetailView.as_view(), name="event-detail"),
    path("v1/events/<id:event_id>/close", EventCloseView.as_view(), name="event-close"),
    path("v1/events/<id:event_id>/copy", EventCopyView.as_view(), name="event-copy"),
    path("v1/events/<id:event_id>/export", EventExportView.as_view(), name="event-export"),
    path("v1/events/<id:event_id>/staff/", StaffListView.as_view(), name="staff-list"),
    path("v1/events/<id:event_id>/fees/", FeesView.as_view(), name="fees"),
    path("v1/events/<id:event_id>/fees/<id:registration_id>", PaymentView.as_view(), name="fee-payment"),
    path("v1/events/<id:event_id>/prizes/", PrizesView.as_view(), name="prizes"),
    path("v1/events/<id:event_id>/prizes/payouts", PayoutsView.as_view(), name="prize-payouts"),
    path("v1/events/<id:event_id>/staff/<id:user_id>", StaffDetailView.as_view(), name="staff-detail"),
    path("v1/events/<id:event_id>/replace", EventReplaceView.as_view(), name="event-replace"),
    path("v1/events/<id:event_id>/webhooks/", WebhookListView.as_view(), name="webhook-list"),
    path("v1/events/<id:event_id>/webhooks/<id:hook_id>/", WebhookDetailView.as_view(), name="webhook-detail"),
    path("v1/events/<id:event_id>/webhooks/deliveries/", DeliveryListView.as_view(), name="webhook-deliveries"),
    path(
        "v1/events/<id:event_id>/webhooks/deliveries/<id:delivery_id>/resend",
        DeliveryResendView.as_view(),
        name="webhook-resend",
    ),
    path("v1/events/<id:event_id>/teams/", TeamListView.as_view(), name="team-list"),
    path("v1/events/<id:event_id>/teams/import", TeamImportView.as_view(), name="team-import"),
    path(
        "v1/events/<id:event_id>/teams/import/eventlink", InviteListImportView.as_view(), name="team-import-eventlink"
    ),
    path("v1/events/<id:event_id>/teams/<id:team_id>/", TeamDetailView.as_view(), name="team-detail"),
    path("v1/events/<id:event_id>/teams/<id:team_id>/decklists/", TeamDecklistsView.as_view(), name="team-decklists"),
    path("v1/events/<id:event_id>/decklist", MyDecklistView.as_view(), name="my-decklist"),
    path("v1/events/<id:event_id>/avoided-pairings/", AvoidedPairingListView.as_view(), name="avoided-pairing-list"),
    path("v1/events/<id:event_id>/teams/<id:team_id>/drop", TeamDropView.as_view(), name="team-drop"),
    path("v1/events/<id:event_id>/teams/<id:team_id>/reinstate", TeamReinstateView.as_view(), name="team-reinstate"),
    path("v1/events/<id:event_id>/teams/<id:team_id>/disqualify", TeamDisqualifyView.as_view(), name="team-disqualify"),
    path("v1/events/<id:event_id>/phases/", PhaseListView.as_view(), name="phase-list"),
    path("v1/events/<id:event_id>/phases/start/", PhaseStartView.as_view(), name="phase-start"),
    path("v1/events/<id:event_id>/phases/<id:number>/", PhaseDetailView.as_view(), name="phase-detail"),
    path("v1/events/<id:event_id>/phases/<id:number>/pods/", PhasePodListView.as_view(), name="phase-pod-list"),
    path("v1/events/<id:event_id>/phases/<id:number>/decks/", PhaseDeckListView.as_view(), name="phase-deck-list"),
    path("v1/events/<id:event_id>/rounds/", RoundListView.as_view(), name="round-list"),
    path("v1/events/<id:event_id>/rounds/<id:number>/", RoundDetailView.as_view(), name="round-detail"),
    path("v1/events/<id:event_id>/rounds/<id:number>/publish/", RoundPublishView.as_view(), name="round-publish"),
    path("v1/events/<id:event_id>/cut/", CutView.as_view(), name="day2-cut"),
    path("v1/events/<id:event_id>/placements/", PlacementsView.as_view(), name="placements"),
    path("v1/events/<id:event_id>/matches/", MatchListView.as_view(), name="match-list"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/", MatchDetailView.as_view(), name="match-detail"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/life/", MatchLifeView.as_view(), name="match-life"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/result", MatchResultView.as_view(), name="match-result"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/confirm", MatchConfirmView.as_view(), name="match-confirm"),
    path("v1/events/<id:event_id>/matches/<id:match_id>/dispute", MatchDisputeView.as_view(), name="match-dispute"),
    path("v1/events/<id:event_id>/standings/", StandingsView.as_view(), name="standings"),
    path("v1/events/<id:event_id>/bracket/", BracketView.as_view(), name="bracket"),
    path("v1/events/<id:event_id>/draft-tables/", DraftTableListView.as_view(), name="draft-table-list"),
    path("v1/events/<id:event_id>/pods/", PodListView.as_view(), name="pod-list"),
    path("v1/events/<id:event_id>/paper-pods/", PaperPodsView.as_view(), name="paper-pods"),
    path("v1/events/<id:event_id>/calls/", CallListView.as_view(), name="call-list"),
    path("v1/events/<id:event_id>/calls/<id:call_id>/", CallDetailView.as_view(), name="call-detail"),
    path("v1/events/<id:event_id>/table-rounds/", TableRoundListView.as_view(), name="table-round-list"),
    path("v1/events/<id:event_id>/tables/<id:table_id>/result", TableResultView.as_view(), name="table-result"),
    path("v1/events/<id:event_id>/tables/<id:table_id>/confirm", TableConfirmView.as_view(), name="table-confirm"),
    path("v1/events/<id:event_id>/table-standings/", MultiplayerStandingsView.as_view(), name="table-standings"),
    # The paths of a Commander night before issue 55, kept for one release (docs/multiplayer.md, "The API"; deprecated in
    # the schema): the same views under their old names.
    path("v1/events/<id:event_id>/pod-rounds/", deprecated(TableRoundListView).as_view(), name="pod-round-list"),
    path(
        "v1/events/<id:event_id>/pod-tables/<id:table_id>/result",
        deprecated(TableResultView).as_view(),
        name="pod-result",
    ),
    path(
        "v1/events/<id:event_id>/pod-tables/<id:table_id>/confirm",
        deprecated(TableConfirmView).as_view(),
        name="pod-confirm",
    ),
    path(
        "v1/events/<id:event_id>/pod-standings/", deprecated(MultiplayerStandingsView).as_view(), name="pod-standings"
    ),
    path("v1/events/<id:event_id>/draft-picks/", EventDraftPicksView.as_view(), name="draft-picks"),
    path("v1/events/<id:event_id>/draft-picks/mine/", MyDraftPicksView.as_view(), name="my-draft-picks"),
    path(
        "v1/events/<id:event_id>/draft-tables/<id:number>/", DraftTableDetailView.as_view(), name="draft-table-detail"
    ),
    path("v1/ratings/", RatingListView.as_view(), name="rating-list"),
    path("v1/players/<id:player_id>/", PlayerDetailView.as_view(), name="player-detail"),
    path("v1/events/<id:event_id>/rounds/<id:number>/clock", RoundClockView.as_view(), name="round-clock"),
    re_path(r"^.*$", not_found_view),
]
