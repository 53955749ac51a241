"""Rows of the projector's long tables as HTML built in Python: Django's template loop costs about 1 ms per
row, and the projector of a 1,024-team event shows 3,072 rows (pairings twice per match, then standings).
Every text value is escaped with html.escape (quotes included), as a template would escape it; the numbers
are ints."""

from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


def pairing_rows(lines) -> SafeString:
    """<tr>s of team, table, opponent (a bye shows a dash and "Bye")."""
    bye = escape(_("Bye"))
    return mark_safe(
        "".join(  # noqa: S308 - every value is escaped above or an int
            f'<tr><td>{escape(line.team)}</td><td class="num">{int(line.table) if line.opponent else "—"}</td>'
            f"<td>{escape(line.opponent) if line.opponent else bye}</td></tr>"
            for line in lines
        )
    )


def table_qr_rows(tables, qr_for) -> SafeString:
    """<tr>s of table, the two sides and the QR code of the match's page (`qr_for(match_id)`: segno's own SVG)."""
    return mark_safe(
        "".join(  # noqa: S308 - every value is escaped above, an int, or segno's SVG
            f'<tr><td class="num">{int(t.table)}</td><td>{escape(t.team)}<br>{escape(t.opponent)}</td>'
            f'<td class="screen-qr">{qr_for(t.match)}</td></tr>'
            for t in tables
        )
    )


def standing_rows(rows) -> SafeString:
    """<tr>s of rank, team, match points, record (wins-losses-draws)."""
    return mark_safe(
        "".join(  # noqa: S308 - every value is escaped or an int
            f'<tr><td class="num">{int(rank)}</td><td>{escape(name)}</td><td class="num">{int(row.match_points)}</td>'
            f"<td>{int(row.wins)}-{int(row.losses)}-{int(row.draws)}</td></tr>"
            for rank, row, name in rows
        )
    )
