"""Fetching the current card data from MTGJSON or Scryfall, for `import_cards --download`.

Only used when someone asks for it: Hydra never needs the network to run. The file is streamed to disk (a full
AllPrintings is about 100 MB compressed) and handed to the importer like a file the user downloaded.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from common.outbound import Download, OutboundError, OutboundRefused, outbound_download

# What `--download SOURCE` fetches. Scryfall publishes its bulk files under changing names: its index says where.
SOURCES = {
    "mtgjson": "https://mtgjson.com/api/v5/AllPrintings.json.xz",
    "mtgjson-atomic": "https://mtgjson.com/api/v5/AtomicCards.json.xz",
    "scryfall-oracle": "https://api.scryfall.com/bulk-data",
    "scryfall-default": "https://api.scryfall.com/bulk-data",
}
_SCRYFALL_TYPES = {"scryfall-oracle": "oracle_cards", "scryfall-default": "default_cards"}
_USER_AGENT = "Hydra-tournament-software/1 (card data import)"
_TIMEOUT = 60
_MAX_BYTES = 4 * 1024**3  # AllPrintings is about 100 MB compressed and 500 MB plain


class DownloadError(RuntimeError):
    """The data could not be fetched; the message says what to do instead."""


@contextmanager
def _open(url: str, *, accept: str = "*/*") -> Iterator[Download]:
    """The answer of `url`, through the one outbound helper (common.outbound: public addresses only unless the
    operator allows a mirror's, no redirect followed)."""
    try:
        with outbound_download(
            url, headers={"User-Agent": _USER_AGENT, "Accept": accept}, timeout=_TIMEOUT, max_bytes=_MAX_BYTES
        ) as response:
            yield response
    except (OutboundRefused, OutboundError) as exc:
        raise DownloadError(
            f"Cannot download {url}: {exc}. Is this machine online? Otherwise download the file on another "
            "machine and run: python manage.py import_cards FILE"
        ) from None


def scryfall_file_url(index_url: str, *, kind: str) -> str:
    """The download address of Scryfall's bulk file of `kind` ("oracle_cards", "default_cards") from its index."""
    with _open(index_url, accept="application/json") as response:
        try:
            index = json.loads(response.read(64 * 1024 * 1024))
        except (ValueError, UnicodeDecodeError) as exc:
            raise DownloadError(f"{index_url} did not answer with Scryfall's bulk data index: {exc}") from None
    for entry in index.get("data") or ():
        if isinstance(entry, dict) and entry.get("type") == kind and entry.get("download_uri"):
            return entry["download_uri"]
    raise DownloadError(f"Scryfall's bulk data index at {index_url} lists no {kind!r} file.")


def card_data_download(
    *, source: str = "mtgjson", url: str = "", directory: str | Path | None = None, progress=None
) -> Path:
    """Download the card data of `source` (a key of SOURCES) to a file in `directory` (a temporary directory by
    default) and return its path. `url` replaces the source's address (a mirror; the tests' local server).
    `progress(bytes_done, bytes_total_or_None)` follows the download. Raises DownloadError."""
    if source not in SOURCES:
        raise DownloadError(f"Unknown source {source!r}: use one of {', '.join(SOURCES)}.")
    address = url or SOURCES[source]
    if source in _SCRYFALL_TYPES:
        address = scryfall_file_url(address, kind=_SCRYFALL_TYPES[source])
    directory = Path(directory or tempfile.mkdtemp(prefix="hydra-cards-"))
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / (Path(urllib.parse.urlparse(address).path).name or "card-data.json")
    with _open(address) as response, open(target, "wb") as out:
        total = int(response.headers.get("Content-Length") or 0) or None
        done = 0
        try:
            while chunk := response.read(1 << 20):
                out.write(chunk)
                done += len(chunk)
                if progress:
                    progress(done, total)
        except OSError as exc:
            raise DownloadError(f"The download of {address} broke off: {exc}. Try again.") from None
    if total is not None and done != total:
        raise DownloadError(f"The download of {address} broke off after {done} of {total} bytes. Try again.")
    return target


def cleanup(path: Path) -> None:
    """Remove a downloaded file and its temporary directory."""
    shutil.rmtree(path.parent, ignore_errors=True)
