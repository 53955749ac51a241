"""Card data files are bounded by what they inflate to, not by their compressed size (issue 52): a few hundred KB
of gzip can unpack to gigabytes, and a bundle was read whole (a 306 KB "bundle" took a worker to 1.04 GB). Every card
file is read as a stream and refused past the operator's limit, with the limit named."""

import gzip
import json
import time
import tracemalloc

import pytest

from cards.importer import CardDataError, CardFileTooLarge, read_card_data
from cards.models import CardDataImport
from cards.services import cards_import_file
from tests.cards.test_import_data import allprintings, write

MB = 1024 * 1024
BUNDLE_HEAD = (
    b'{"format":"hydra-cards","version":3,"source":"bomb","date":"2026-01-01","sets":[],'
    b'"formats":["modern"],"statuses":["legal","banned","restricted"],"languages":[],"cards":['
)
BOLT = (
    b'["Lightning Bolt","",[],"Instant",[],["Instant"],1,"R",[[0,1]],null,"or-bolt","normal",[],"{R}",'
    b'"Lightning Bolt deals 3 damage to any target.","R","",""],'
)


def gzip_bomb(path, *, head: bytes, filler: bytes, inflated: int, tail: bytes = b"]}"):
    """A gzip file that inflates to about `inflated` bytes: `head`, `filler` repeated, `tail`."""
    block = filler * max(1, MB // len(filler))
    with gzip.open(path, "wb", compresslevel=9) as fh:
        fh.write(head)
        for _ in range(inflated // len(block)):
            fh.write(block)
        fh.write(tail)
    return path


def test_a_gzip_bomb_bundle_is_refused_by_the_inflated_cap_quickly_and_in_little_memory(tmp_path, settings):
    bomb = gzip_bomb(tmp_path / "cards.json.gz", head=BUNDLE_HEAD, filler=b" ", inflated=200 * MB)
    assert bomb.stat().st_size < 300 * 1024  # a few hundred KB on the wire
    settings.HYDRA_CARD_BUNDLE_MAX_BYTES = 64 * MB
    tracemalloc.start()
    started = time.monotonic()
    try:
        with pytest.raises(CardFileTooLarge) as refused:
            read_card_data(
                bomb,
                max_bytes=settings.HYDRA_CARD_FILE_MAX_BYTES,
                max_bundle_bytes=settings.HYDRA_CARD_BUNDLE_MAX_BYTES,
            )
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    elapsed = time.monotonic() - started
    assert "cards.json.gz unpacks to more than 64 MB; Hydra reads at most 64 MB of card data." in str(refused.value)
    print(
        f"gzip bomb bundle ({bomb.stat().st_size // 1024} KB, 200 MB inflated): refused in {elapsed:.2f} s, "
        f"peak traced memory {peak / MB:.1f} MB"
    )
    assert peak < 8 * MB  # read in chunks: never the whole file


def test_a_bundle_of_repeated_cards_is_refused_past_the_limit_and_nothing_is_imported(tmp_path, settings, db):
    bomb = gzip_bomb(tmp_path / "cards.json.gz", head=BUNDLE_HEAD, filler=BOLT, inflated=8 * MB, tail=BOLT[:-1] + b"]}")
    settings.HYDRA_CARD_BUNDLE_MAX_BYTES = 2 * MB
    before = CardDataImport.objects.count()
    with pytest.raises(CardDataError, match="unpacks to more than 2 MB; Hydra reads at most 2 MB"):
        cards_import_file(path=bomb)
    assert CardDataImport.objects.count() == before


def test_an_mtgjson_file_past_the_card_file_limit_is_refused(tmp_path, settings, db):
    path = write(tmp_path / "AllPrintings.json.xz", allprintings())
    settings.HYDRA_CARD_FILE_MAX_BYTES = 1024
    with pytest.raises(CardFileTooLarge, match="AllPrintings.json.xz unpacks to more than 1 MB"):
        cards_import_file(path=path)
    settings.HYDRA_CARD_FILE_MAX_BYTES = MB
    assert cards_import_file(path=path).total == 3


def test_a_streamed_bundle_reads_as_the_whole_document_did(tmp_path):
    document = json.loads((BUNDLE_HEAD + BOLT[:-1] + b"]}").decode())
    data = read_card_data(write(tmp_path / "cards.json.gz", document), max_bytes=MB, max_bundle_bytes=MB)
    assert (data.kind, data.data_date, data.version, data.formats) == ("bundle", "2026-01-01", "bomb", ("modern",))
    assert [(c.name, c.legalities, c.mana_cost) for c in data.cards] == [
        ("Lightning Bolt", {"modern": "banned"}, "{R}")
    ]


def test_a_bundle_without_its_header_before_the_cards_is_refused_not_a_fault(tmp_path):
    path = tmp_path / "cards.json"
    path.write_bytes(b'{"format":"hydra-cards","version":3,"cards":[],"formats":[]}')
    with pytest.raises(CardDataError, match="no formats, statuses, languages before its cards"):
        read_card_data(path)
