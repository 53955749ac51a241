"""The payout list as a page's table and as a file (docs/fees.md): one shape for an event's payouts (the desk) and a
series' (its page), over fees.selectors.payout_rows. Columns: place, the entrant (team or player), their record
(an event's) or events played (a series'), their points (match points, series points), the prize, the quantity or
amount, and how many tied entrants shared it."""

import tablib
from django.http import Http404, HttpResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from fees.selectors import PayoutRow
from tournaments.exports import CONTENT_TYPES, FORMATS, dataset_bytes


def payout_dataset(*, rows: list[PayoutRow], entrant: str, record: str, points: str) -> tablib.Dataset:
    """The payout list as a spreadsheet, its entrant, record and points columns headed as the caller names them."""
    dataset = tablib.Dataset(
        headers=[
            pgettext("placing", "Place"),
            entrant,
            record,
            points,
            _("Prize"),
            _("Quantity or amount"),
            _("Shared by"),
        ]
    )
    for row in rows:
        dataset.append([row.place, row.name, row.record, row.match_points, row.item, str(row.amount), row.shared_by])
    return dataset


def payout_download(*, dataset: tablib.Dataset, file_format: str, title: str) -> HttpResponse:
    """The payout list as a file download (`file_format` csv or xlsx; any other is a 404 with a sentence),
    named after `title` (the event's or the series' name)."""
    if file_format not in FORMATS:
        raise Http404(_("No such export: choose one of the list."))
    response = HttpResponse(dataset_bytes(dataset, file_format, title=title), content_type=CONTENT_TYPES[file_format])
    response["Content-Disposition"] = f'attachment; filename="{slugify(title) or "payouts"}-payouts.{file_format}"'
    return response
