"""`bench_draft --format 2hg`: Two-Headed Giant pods drafted live through the real services, a real Celery worker
(with beat) and PostgreSQL (docs/2hg-draft.md).

`--pods N` pods of four teams (4N teams of two) draft six pack rounds of generated boosters. One bot thread per
pod plays its teams: at every pick step each team but `--idle-teams` picks two random cards of the pack in front
of it after a random think time, both teammates sometimes pressing at once; the idle teams never pick, so the
pod's timer gives them their two oldest cards at every step. `--kill-worker-after S` kills the worker (SIGKILL, as
a crash) S seconds in and starts a new one: its timers die with it and the beat sweep must pick up.

Figures: picks (cards taken), pick latency at the server (the service call), how late timeouts fired against
their deadlines, picks lost (acknowledged to a bot but not recorded as answered) or doubled (more than two cards
for a team at one step, or a card taken twice), steps missing. The last line is one JSON object of the figures.
"""
from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import connections

from drafting import thg
from drafting.models import DraftSettings, DraftStatus, PickVia, Pod, PodCard, PodTeam
from drafting.services.picks import DraftRefused
from drafting.services.pods import thg_pick, thg_pod_end, thg_pod_generate_packs, thg_pod_start, thg_pods_seat
from tournaments.enums import FormatKind, Structure
from tournaments.models import Event, Player, Registration, Seat, Team

PREFIX = "bench-2hg"


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def cleanup() -> None:
    events = Event.objects.filter(name=f"{PREFIX} event")
    Pod.objects.filter(event__in=events).delete()
    events.delete()
    Team.objects.filter(name__startswith=f"{PREFIX} team").delete()
    Player.objects.filter(user__username__startswith=PREFIX).delete()
    get_user_model().objects.filter(username__startswith=PREFIX).delete()


def setup(options, write) -> list[Pod]:
    user_model = get_user_model()
    organizer, _ = user_model.objects.get_or_create(username=f"{PREFIX}-organizer", defaults={"is_staff": True})
    event = Event.objects.create(
        name=f"{PREFIX} event", date=time.strftime("%Y-%m-%d"), organizer=organizer, team_size=2,
        structure=Structure.TWO_HEADED_GIANT, format_kind=FormatKind.THG_DRAFT, shared_life=30, shared_poison=15,
    )
    DraftSettings.objects.create(event=event, set_code=options["set"], thg_pick_seconds={"1": max(1, round(options["pick_seconds"]))})
    teams = 4 * options["pods"]
    users = user_model.objects.bulk_create(user_model(username=f"{PREFIX}-{k}") for k in range(2 * teams))
    players = Player.objects.bulk_create(Player(user=u, name=u.username) for u in users)
    for t in range(teams):
        registration = Registration.objects.create(event=event, team=Team.objects.create(name=f"{PREFIX} team {t}"))
        Seat.objects.bulk_create(
            Seat(registration=registration, event=event, letter=letter, player=players[2 * t + k])
            for k, letter in enumerate(event.seat_letters)
        )
    pods = thg_pods_seat(event=event, by=organizer, seed=options["seed"])
    Pod.objects.filter(event=event).update(round_review_seconds=options["review_seconds"] or None)
    for pod in pods:
        thg_pod_generate_packs(pod_id=pod.pk, by=organizer, seed=f"bench-{pod.number}")
    write(f"{len(pods)} pods of {teams // len(pods)} teams set up: {len(pods) * 6 * teams // len(pods)} boosters.")
    return list(Pod.objects.filter(event=event).select_related("event"))


def run(pods: list[Pod], options, rng: random.Random, *, kill_and_restart=None) -> dict:
    latencies: list[float] = []
    acknowledged: list[tuple[int, int, int, tuple[int, ...]]] = []  # team, round, step, cards
    refused: Counter = Counter()
    lock = threading.Lock()
    rounds_to_play = options["packs"] or thg.PACK_ROUNDS
    organizer = pods[0].event.organizer

    def bot(pod: Pod, seed: int) -> None:
        local = random.Random(seed)
        try:
            teams = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
            users = {t.pk: [s.player.user for s in Seat.objects.filter(registration_id=t.registration_id)
                            .select_related("player__user")] for t in teams}
            idle = {t.pk for t in local.sample(teams, options["idle_teams"])}
            size = len(teams)
            done_step = None
            while True:
                row = Pod.objects.filter(pk=pod.pk).values("status", "pack_round", "step", "picks_open_at").get()
                if row["status"] != DraftStatus.RUNNING:
                    return
                if row["pack_round"] >= rounds_to_play:
                    thg_pod_end(pod_id=pod.pk, by=organizer, reason="bench: pack rounds played")
                    return
                key = (row["pack_round"], row["step"])
                if key == done_step:
                    time.sleep(0.1)  # a phone polls every second; the bots check ten times as often
                    continue
                done_step = key
                if row["picks_open_at"] is not None:
                    time.sleep(max(0.0, row["picks_open_at"].timestamp() - time.time()))
                plan = sorted((local.random() * options["think_max"], t) for t in teams if t.pk not in idle)
                started_step = time.monotonic()
                for at, team in plan:
                    time.sleep(max(0.0, started_step + at - time.monotonic()))
                    opener = thg.pack_in_front_of(pod_size=size, pack_round=key[0], step=key[1], seat=team.seat)
                    pack = list(PodCard.objects.filter(pod=pod, pack_round=key[0], opener=opener, team__isnull=True)
                                .values_list("pk", flat=True))
                    if not thg.needs_choice(len(pack)):
                        continue
                    cards = local.sample(pack, 2)
                    presses = 2 if local.random() < 0.2 else 1  # sometimes both teammates press at once
                    results: list = [None] * presses

                    def press(k: int, user) -> None:
                        began = time.perf_counter()
                        try:
                            thg_pick(pod_id=pod.pk, user=user, card_ids=cards, pack_round=key[0], step=key[1])
                            results[k] = time.perf_counter() - began
                        except DraftRefused as refusal:
                            results[k] = refusal
                        finally:
                            if k:
                                connections.close_all()

                    if presses == 2:
                        other = threading.Thread(target=press, args=(1, users[team.pk][1]))
                        other.start()
                        press(0, users[team.pk][0])
                        other.join()
                    else:
                        press(0, users[team.pk][local.randrange(2)])
                    with lock:
                        for result in results:
                            if isinstance(result, float):
                                latencies.append(result)
                                acknowledged.append((team.pk, key[0], key[1], tuple(cards)))
                            else:
                                refused[str(result).split(";")[0][:48]] += 1
        finally:
            connections.close_all()

    for pod in pods:
        thg_pod_start(pod_id=pod.pk, by=organizer)
    started = time.perf_counter()
    threads = [threading.Thread(target=bot, args=(pod, rng.randrange(2**32)), daemon=True) for pod in pods]
    for thread in threads:
        thread.start()
    killer = None
    if kill_and_restart is not None and options["kill_worker_after"]:
        killer = threading.Timer(options["kill_worker_after"], kill_and_restart)
        killer.start()
    for thread in threads:
        thread.join()
    if killer is not None:
        killer.cancel()
    return {"latencies": latencies, "acknowledged": acknowledged, "refused": refused,
            "wall": time.perf_counter() - started}


def report(pods: list[Pod], results: dict, options, write) -> dict:
    ids = [p.pk for p in pods]
    picked = list(PodCard.objects.filter(pod_id__in=ids, team__isnull=False).values_list(
        "pk", "team_id", "pack_round", "pick_step", "via", "picked_at", "deadline_at"))
    per_step = Counter((team, r, s) for _pk, team, r, s, *_ in picked)
    doubled = sum(n - 2 for n in per_step.values() if n > 2)
    owner = {pk: (team, r, s) for pk, team, r, s, *_ in picked}
    lost = sum(1 for team, r, s, cards in results["acknowledged"] if any(owner.get(c) != (team, r, s) for c in cards))
    # Every step a pod has moved past: each team took two cards (or the one or two left, automatically).
    missing = 0
    for pod in Pod.objects.filter(pk__in=ids):
        teams = list(PodTeam.objects.filter(pod=pod).values_list("pk", flat=True))
        last_round = pod.pack_round if pod.status != DraftStatus.FINISHED else (options["packs"] or thg.PACK_ROUNDS)
        for r in range(min(last_round, len(pod.pack_sizes))):
            for s in range(thg.steps_in_round(pod.pack_sizes[r])):
                for team in teams:
                    if per_step.get((team, r, s), 0) == 0:
                        missing += 1
    lateness = [(at - deadline).total_seconds() for *_, via, at, deadline in picked
                if via in (PickVia.TIMER, PickVia.SWEEP, PickVia.READ) and deadline is not None]
    via = Counter(v for *_, v, _at, _dl in picked)
    latency_ms = [x * 1000 for x in results["latencies"]]
    write("")
    write(f"Pods: {len(pods)} ({4 * len(pods)} teams of two), {options['idle_teams']} idle team(s) a pod, pick "
          f"{options['pick_seconds']} s, think 0..{options['think_max']} s, pack rounds {options['packs'] or 6}")
    write(f"Cards picked: {len(picked)} in {results['wall']:.1f} s = {len(picked) / max(results['wall'], 1e-9):.1f} cards/s")
    write("  by: " + ", ".join(f"{k} {v}" for k, v in sorted(via.items())))
    write(f"Team pick latency (service call, ms): p50 {percentile(latency_ms, .5):.1f}, "
          f"p95 {percentile(latency_ms, .95):.1f}, max {max(latency_ms, default=float('nan')):.1f} "
          f"({len(latency_ms)} picks)")
    write(f"Timeouts late against their deadline (ms): p50 {percentile(lateness, .5) * 1000:.0f}, "
          f"p95 {percentile(lateness, .95) * 1000:.0f}, max {max(lateness, default=float('nan')) * 1000:.0f} "
          f"({len(lateness)} cards)")
    write(f"Refused presses: {sum(results['refused'].values())} {dict(results['refused'])}")
    write(f"Picks lost: {lost}   doubled: {doubled}   steps missing: {missing}")
    figures = {
        "format": "2hg", "pods": len(pods), "teams": 4 * len(pods), "picks": len(picked),
        "team_picks": len(latency_ms), "lost": lost, "doubled": doubled, "missing": missing,
        "pick_p50_ms": round(percentile(latency_ms, .5), 1), "pick_p95_ms": round(percentile(latency_ms, .95), 1),
        "timeouts": len(lateness), "timeout_late_p50_ms": round(percentile(lateness, .5) * 1000, 1),
        "timeout_late_p95_ms": round(percentile(lateness, .95) * 1000, 1), "wall_s": round(results["wall"], 1),
        "by": dict(via), "worker_killed": bool(options["kill_worker_after"]),
    }
    return figures


def main(command, options) -> None:
    write = command.stdout.write
    from .bench_draft import start_worker, stop_worker, worker_database_url

    rng = random.Random(options["seed"])
    cleanup()
    pods = setup(options, write)
    worker = {"proc": None}
    if not options["no_worker"]:
        def start():
            worker["proc"] = start_worker(database_url=worker_database_url(), broker_url=command.broker_url,
                                          concurrency=options["concurrency"], pool="prefork")
            write(f"Worker started (log {worker['proc'].log_path}).")

        def kill_and_restart():
            write("Killing the worker (SIGKILL) mid-draft, then starting a new one.")
            stop_worker(worker["proc"], kill=True)
            start()

        start()
    try:
        results = run(pods, options, rng, kill_and_restart=None if options["no_worker"] else kill_and_restart)
    finally:
        if worker["proc"] is not None:
            stop_worker(worker["proc"])
    figures = report(pods, results, options, write)
    if not options["keep"]:
        cleanup()
    write(json.dumps(figures, sort_keys=True))
    if figures["lost"] or figures["doubled"] or figures["missing"]:
        raise CommandError("Picks were lost, doubled or missing.")
