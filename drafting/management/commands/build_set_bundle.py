"""Build the compact set data Hydra ships (drafting/data/sets) from MTGJSON set files."""

import gzip
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from drafting.boosters import BoosterDataError, booster_config
from drafting.data import compact_set, write_index, write_set


class Command(BaseCommand):
    help = (
        "Read MTGJSON set files (SRC_DIR/CODE.json.gz) and write, for every set with a default booster "
        "configuration, OUT_DIR/CODE.json.gz with only what pack generation needs, plus OUT_DIR/index.json."
    )

    def add_arguments(self, parser):
        parser.add_argument("src_dir", help="folder of MTGJSON set files, CODE.json.gz or CODE.json")
        parser.add_argument("out_dir", help="where to write the bundle, normally drafting/data/sets")
        parser.add_argument(
            "--set-list",
            help="MTGJSON SetList.json for set names (default: SRC_DIR/SetList.json, else SRC_DIR/../SetList.json)",
        )
        parser.add_argument("--sets", help="comma-separated set codes to include (default: all in SRC_DIR)")

    def handle(self, *args, **options):
        src_dir, out_dir = Path(options["src_dir"]), Path(options["out_dir"])
        if not src_dir.is_dir():
            raise CommandError(f"{src_dir} is not a folder of MTGJSON set files.")
        files = sorted(src_dir.glob("*.json.gz")) + sorted(src_dir.glob("*.json"))
        sources = {}
        for path in files:
            if path.name == "SetList.json":
                continue
            document = _read_json(path)
            if isinstance(document, dict) and isinstance(document.get("data"), dict) and "code" in document["data"]:
                sources[document["data"]["code"]] = document
        if not sources:
            raise CommandError(f"No MTGJSON set files (CODE.json.gz) in {src_dir}.")

        wanted = {code.strip().upper() for code in (options["sets"] or "").split(",") if code.strip()}
        missing = wanted - set(sources)
        if missing:
            raise CommandError(f"Not in {src_dir}: {', '.join(sorted(missing))}.")
        names = _set_names(src_dir, options["set_list"])

        # Any set in SRC_DIR may hold cards another set's boosters use (Mystical Archive, Masterpieces).
        every_card = {
            card["uuid"]: {**card, "setCode": code}
            for code, document in sources.items()
            for card in document["data"].get("cards", [])
        }

        index, total = [], 0
        for code in sorted(wanted or sources):
            document = sources[code]
            try:
                data, dropped = compact_set(document["data"], name=names.get(code), other_cards=every_card)
                sizes = booster_config(data).pack_sizes
            except (ValueError, BoosterDataError) as error:
                self.stderr.write(f"{code}: skipped, {error}")
                continue
            path = write_set(data, out_dir=out_dir, source_meta=document.get("meta"))
            total += path.stat().st_size
            entry = {field: data[field] for field in ("code", "name", "type", "releaseDate") if field in data}
            entry["packSizes"] = list(sizes)
            if dropped:
                entry["droppedCards"] = dropped
            index.append(entry)
            note = f"; left out (not in SRC_DIR): {dropped}" if dropped else ""
            self.stdout.write(
                f"{code}: {len(data['cards'])} cards, packs of {'/'.join(map(str, sizes))}, "
                f"{path.stat().st_size // 1024} KiB{note}"
            )
        if not index:
            raise CommandError("No set had a usable booster configuration; nothing written.")
        write_index(index, out_dir=out_dir)
        self.stdout.write(f"Wrote {len(index)} sets, {total / 1024:.0f} KiB, to {out_dir}.")


def _read_json(path: Path):
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError) as error:
        raise CommandError(f"Cannot read {path}: {error}") from error


def _set_names(src_dir: Path, set_list: str | None) -> dict[str, str]:
    candidates = [Path(set_list)] if set_list else [src_dir / "SetList.json", src_dir.parent / "SetList.json"]
    for path in candidates:
        if path.exists():
            return {entry["code"]: entry["name"] for entry in _read_json(path)["data"]}
    if set_list:
        raise CommandError(f"{set_list} does not exist.")
    return {}  # the set files carry their own names
