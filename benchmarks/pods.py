"""`bench_draft --format 2hg` / `--format booster`: pods drafted live through the real services on the drafting
core, a real Celery worker (with beat) and PostgreSQL (docs/2hg-draft.md, docs/drafting.md).

2hg: `--pods N` pods of four teams (4N teams of two) draft six pack rounds of generated boosters, two cards a pick.
booster: `--pods N` pods of eight players (8N players) draft three packs, one card a pick (RULES.md 10).
One bot thread per pod plays its seats: at every pick step each seat but `--idle-teams` picks random cards of the
pack in front of it after a random think time, both teammates (2hg) or two tabs (booster) sometimes pressing at
once; the idle seats never pick, so the pod's timer gives them their oldest cards at every step. `--kill-worker-after S` kills the worker (SIGKILL, as
a crash) S seconds in and starts a new one: its timers die with it and the beat sweep must pick up.

Figures: picks (cards taken), pick latency at the server (the service call), how late timeouts fired against
their deadlines, picks lost (acknowledged to a bot but not recorded as answered) or doubled (more than two cards
for a seat at one step, or a card taken twice), steps missing. The last line is one JSON object of the figures.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import threading
import time
from collections import Counter

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import connections

from benchmarks.figures import percentile
from benchmarks.servers import start_worker, stop_worker, worker_database_url
from drafting import booster, live, thg
from drafting.core import POD, draft_timeout_apply
from drafting.models import DraftSettings, DraftStatus, PickVia, Pod, PodCard, PodTeam
from drafting.services.booster import booster_pods_seat
from drafting.services.picks import DraftRefused
from drafting.services.pods import thg_pick, thg_pod_end, thg_pod_generate_packs, thg_pod_start, thg_pods_seat
from tournaments.enums import FormatKind, Structure
from tournaments.models import Event, Player, Registration, Seat, Team

PREFIX = "bench-2hg"
# Per format: (seats a pod, players a seat, the format's rules)
FORMATS = {"2hg": (4, 2, thg.RULES), "booster": (8, 1, booster.RULES)}


def prefix(options) -> str:
    if options.get("prefix"):
        return options["prefix"]
    return PREFIX if options["format"] == "2hg" else f"bench-{options['format']}"


def cleanup(options) -> None:
    name = prefix(options)
    events = Event.objects.filter(name=f"{name} event")
    Pod.objects.filter(event__in=events).delete()
    events.delete()
    Team.objects.filter(name__startswith=f"{name} team").delete()
    Player.objects.filter(user__username__startswith=name).delete()
    get_user_model().objects.filter(username__startswith=name).delete()


def setup(options, write) -> list[Pod]:
    name = prefix(options)
    per_pod, per_seat, _rules = FORMATS[options["format"]]
    user_model = get_user_model()
    organizer, _ = user_model.objects.get_or_create(username=f"{name}-organizer", defaults={"is_staff": True})
    pick = {"1": max(1, round(options["pick_seconds"]))}
    if options["format"] == "2hg":
        event = Event.objects.create(
            name=f"{name} event",
            date=time.strftime("%Y-%m-%d"),
            organizer=organizer,
            team_size=2,
            structure=Structure.TWO_HEADED_GIANT,
            format_kind=FormatKind.THG_DRAFT,
            shared_life=30,
            shared_poison=15,
        )
        DraftSettings.objects.create(event=event, set_code=options["set"], thg_pick_seconds=pick)
    else:
        # One player a registration (seat A) until events of one player a team exist.
        event = Event.objects.create(
            name=f"{name} event",
            date=time.strftime("%Y-%m-%d"),
            organizer=organizer,
            team_size=2,
            format_kind=FormatKind.BOOSTER_DRAFT,
        )
        DraftSettings.objects.create(event=event, set_code=options["set"], booster_pick_seconds=pick)
    teams = per_pod * options["pods"]
    users = user_model.objects.bulk_create(user_model(username=f"{name}-{k}") for k in range(per_seat * teams))
    players = Player.objects.bulk_create(Player(user=u, name=u.username) for u in users)
    for t in range(teams):
        registration = Registration.objects.create(event=event, team=Team.objects.create(name=f"{name} team {t}"))
        Seat.objects.bulk_create(
            Seat(registration=registration, event=event, letter=letter, player=players[per_seat * t + k])
            for k, letter in enumerate(event.seat_letters[:per_seat])
        )
    if options["format"] == "2hg":
        pods = thg_pods_seat(event=event, by=organizer, seed=options["seed"])
    else:
        pods = booster_pods_seat(event=event, by=organizer, seed=options["seed"])
    Pod.objects.filter(event=event).update(
        round_review_seconds=options["review_seconds"] or None, review_seconds_by_round=[]
    )
    for pod in pods:
        thg_pod_generate_packs(pod_id=pod.pk, by=organizer, seed=f"bench-{pod.number}")
    write(f"{len(pods)} pods of {teams // len(pods)} seats set up: {_rules.pack_rounds * teams} boosters.")
    return list(Pod.objects.filter(event=event).select_related("event"))


def bots(pod_seeds: list[tuple[Pod, int]], options, organizer) -> dict:
    """One bot thread per pod of `pod_seeds` (pod, seed), in this process, until their drafts are over: the
    latencies of the picks they made, the picks acknowledged and the presses refused."""
    latencies: list[float] = []
    acknowledged: list[tuple[int, int, int, tuple[int, ...]]] = []  # team, round, step, cards
    refused: Counter = Counter()
    lock = threading.Lock()
    _per_pod, _per_seat, rules = FORMATS[options["format"]]
    rounds_to_play = options["packs"] or rules.pack_rounds

    def bot(pod: Pod, seed: int) -> None:
        local = random.Random(seed)
        try:
            teams = list(PodTeam.objects.filter(pod=pod).order_by("seat"))
            users = {
                t.pk: [
                    s.player.user
                    for s in Seat.objects.filter(registration_id=t.registration_id).select_related("player__user")
                ]
                for t in teams
            }
            idle = {t.pk for t in local.sample(teams, options["idle_teams"])}
            size = len(teams)
            done_step = None
            # Each seat's page polls its state once a second, and a poll applies an overdue timeout (the lazy
            # timeout on read, docs/drafting.md): with `size` phones polling at random phases, some phone polls
            # every 1/size s. The bot reads that often; the timer task and the sweep race it, as in a real event.
            poll_every, next_poll = 1.0 / size, 0.0
            wait = _waiter(pod)
            while True:
                row = (
                    Pod.objects.filter(pk=pod.pk)
                    .values("status", "pack_round", "step", "picks_open_at", "deadline")
                    .get()
                )
                if row["status"] != DraftStatus.RUNNING:
                    return
                if (
                    options["phones_poll"]
                    and row["deadline"] is not None
                    and time.monotonic() >= next_poll
                    and row["deadline"].timestamp() <= time.time()
                ):
                    next_poll = time.monotonic() + poll_every
                    draft_timeout_apply(
                        kind=POD, draft_id=pod.pk, position=(row["pack_round"], row["step"]), via=PickVia.READ
                    )
                    continue
                if row["pack_round"] >= rounds_to_play:
                    thg_pod_end(pod_id=pod.pk, by=organizer, reason="bench: pack rounds played")
                    return
                key = (row["pack_round"], row["step"])
                if key == done_step:
                    # Wait for news of the pod, as a phone does: until the deadline, or the next phone's poll once
                    # it has passed (the timer's pick is pushed anyway), at most the phones' one-second poll.
                    overdue_by = None if row["deadline"] is None else time.time() - row["deadline"].timestamp()
                    if overdue_by is None:
                        wait(1.0)
                    elif overdue_by < 0:  # the first phone to poll after the deadline does so within 1/size s
                        wait(min(1.0, -overdue_by + local.random() * poll_every))
                    else:
                        wait(max(0.01, next_poll - time.monotonic()) if options["phones_poll"] else 0.1)
                    continue
                done_step = key
                if row["picks_open_at"] is not None:
                    time.sleep(max(0.0, row["picks_open_at"].timestamp() - time.time()))
                plan = sorted((local.random() * options["think_max"], t) for t in teams if t.pk not in idle)
                started_step = time.monotonic()
                for at, team in plan:
                    time.sleep(max(0.0, started_step + at - time.monotonic()))
                    opener = rules.pack_in_front_of(pod_size=size, pack_round=key[0], step=key[1], seat=team.seat)
                    pack = list(
                        PodCard.objects.filter(
                            pod=pod, pack_round=key[0], opener=opener, team__isnull=True
                        ).values_list("pk", flat=True)
                    )
                    if not rules.needs_choice(len(pack)):
                        continue
                    cards = local.sample(pack, rules.cards_per_pick)
                    presses = 2 if local.random() < 0.2 else 1  # sometimes both teammates press at once
                    results: list = [None] * presses

                    def press(k: int, user, cards=cards, key=key, results=results) -> None:
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
                        other = threading.Thread(target=press, args=(1, users[team.pk][-1]))
                        other.start()
                        press(0, users[team.pk][0])
                        other.join()
                    else:
                        press(0, local.choice(users[team.pk]))
                    with lock:
                        for result in results:
                            if isinstance(result, float):
                                latencies.append(result)
                                acknowledged.append((team.pk, key[0], key[1], tuple(cards)))
                            else:
                                refused[str(result).split(";")[0][:48]] += 1
        finally:
            connections.close_all()

    threads = [threading.Thread(target=bot, args=(pod, seed), daemon=True) for pod, seed in pod_seeds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"latencies": latencies, "acknowledged": acknowledged, "refused": refused}


def _waiter(pod: Pod):
    """wait(seconds): until the pod's live push says it changed (drafting.live, as the seats' pages listen) or
    `seconds` pass. Without Redis for the push, the bots look ten times a second (the pages' poll is once)."""
    if not live.redis_url():
        return lambda seconds: time.sleep(min(seconds, 0.1))
    import redis  # lazy: only with a Redis for the live push (HYDRA_REDIS_URL), as drafting.live does

    listener = redis.Redis.from_url(live.redis_url()).pubsub(ignore_subscribe_messages=True)
    listener.subscribe(POD.channel(pod.pk))

    def wait(seconds: float) -> None:
        if listener.get_message(timeout=seconds) is not None:
            while listener.get_message(timeout=0) is not None:  # a burst of picks: one look at the pod is enough
                pass

    return wait


def _bots_in_child(pod_seeds: list[tuple[Pod, int]], options, organizer, send) -> None:
    """A bot process (forked): its own database connections and Redis client, its pods' bots, the results sent
    back to the parent."""
    live._client = ("", None)  # the parent's socket isn't this process's to use
    try:
        send.send(bots(pod_seeds, options, organizer))
    finally:
        connections.close_all()
        send.close()


def run(pods: list[Pod], options, rng: random.Random, *, kill_and_restart=None) -> dict:
    """Start every pod and play them with the bots: in `--bot-processes` processes (the pods dealt out among them),
    so that the bots' Python threads don't queue for one interpreter lock while a pick holds a pod's row lock (one
    process: every bot thread here)."""
    organizer = pods[0].event.organizer
    for pod in pods:
        thg_pod_start(pod_id=pod.pk, by=organizer)
    pod_seeds = [(pod, rng.randrange(2**32)) for pod in pods]
    processes = max(1, min(options.get("bot_processes") or 1, len(pods)))
    started = time.perf_counter()
    children = []
    if processes > 1:
        connections.close_all()  # a forked child must not share the parent's database connection
        context = multiprocessing.get_context("fork")
        for k in range(processes):
            receive, send = context.Pipe(duplex=False)
            child = context.Process(target=_bots_in_child, args=(pod_seeds[k::processes], options, organizer, send))
            child.start()
            send.close()
            children.append((child, receive))
    killer = None  # started after the forks: a child gets no copy of its thread
    if kill_and_restart is not None and options["kill_worker_after"]:
        killer = threading.Timer(options["kill_worker_after"], kill_and_restart)
        killer.start()
    try:
        if processes == 1:
            parts = [bots(pod_seeds, options, organizer)]
        else:
            parts = []
            for child, receive in children:
                try:
                    parts.append(receive.recv())
                except EOFError:
                    raise CommandError(
                        f"A bot process stopped without its results (exit code {child.exitcode})."
                    ) from None
                child.join()
    finally:
        if killer is not None:
            killer.cancel()
    return {
        "latencies": [x for part in parts for x in part["latencies"]],
        "acknowledged": [x for part in parts for x in part["acknowledged"]],
        "refused": sum((part["refused"] for part in parts), Counter()),
        "wall": time.perf_counter() - started,
    }


def report(pods: list[Pod], results: dict, options, write) -> dict:
    per_pod, per_seat, rules = FORMATS[options["format"]]
    ids = [p.pk for p in pods]
    picked = list(
        PodCard.objects.filter(pod_id__in=ids, team__isnull=False).values_list(
            "pk", "team_id", "pack_round", "pick_step", "via", "picked_at", "deadline_at"
        )
    )
    per_step = Counter((team, r, s) for _pk, team, r, s, *_ in picked)
    doubled = sum(n - rules.cards_per_pick for n in per_step.values() if n > rules.cards_per_pick)
    owner = {pk: (team, r, s) for pk, team, r, s, *_ in picked}
    lost = sum(1 for team, r, s, cards in results["acknowledged"] if any(owner.get(c) != (team, r, s) for c in cards))
    # Every step a pod has moved past: each seat took a pick's cards (or what was left, automatically).
    missing = 0
    for pod in Pod.objects.filter(pk__in=ids):
        teams = list(PodTeam.objects.filter(pod=pod).values_list("pk", flat=True))
        last_round = pod.pack_round if pod.status != DraftStatus.FINISHED else (options["packs"] or rules.pack_rounds)
        for r in range(min(last_round, len(pod.pack_sizes))):
            for s in range(rules.steps_in_round(pod.pack_sizes[r])):
                for team in teams:
                    if per_step.get((team, r, s), 0) == 0:
                        missing += 1
    lateness = [
        (at - deadline).total_seconds()
        for *_, via, at, deadline in picked
        if via in (PickVia.TIMER, PickVia.SWEEP, PickVia.READ) and deadline is not None
    ]
    via = Counter(v for *_, v, _at, _dl in picked)
    latency_ms = [x * 1000 for x in results["latencies"]]
    write("")
    write(
        f"Pods: {len(pods)} ({per_pod * len(pods)} seats of {per_seat}), {options['idle_teams']} idle seat(s) a pod, "
        f"pick {options['pick_seconds']} s, think 0..{options['think_max']} s, "
        f"pack rounds {options['packs'] or rules.pack_rounds}"
    )
    write(
        f"Cards picked: {len(picked)} in {results['wall']:.1f} s = {len(picked) / max(results['wall'], 1e-9):.1f} cards/s"
    )
    write("  by: " + ", ".join(f"{k} {v}" for k, v in sorted(via.items())))
    write(
        f"Pick latency (service call, ms): p50 {percentile(latency_ms, 0.5):.1f}, "
        f"p95 {percentile(latency_ms, 0.95):.1f}, max {max(latency_ms, default=float('nan')):.1f} "
        f"({len(latency_ms)} picks)"
    )
    write(
        f"Timeouts late against their deadline (ms): p50 {percentile(lateness, 0.5) * 1000:.0f}, "
        f"p95 {percentile(lateness, 0.95) * 1000:.0f}, max {max(lateness, default=float('nan')) * 1000:.0f} "
        f"({len(lateness)} cards)"
    )
    write(f"Refused presses: {sum(results['refused'].values())} {dict(results['refused'])}")
    write(f"Picks lost: {lost}   doubled: {doubled}   steps missing: {missing}")
    figures = {
        "format": options["format"],
        "pods": len(pods),
        "teams": per_pod * len(pods),
        "picks": len(picked),
        "team_picks": len(latency_ms),
        "lost": lost,
        "doubled": doubled,
        "missing": missing,
        "pick_p50_ms": round(percentile(latency_ms, 0.5), 1),
        "pick_p95_ms": round(percentile(latency_ms, 0.95), 1),
        "timeouts": len(lateness),
        "timeout_late_p50_ms": round(percentile(lateness, 0.5) * 1000, 1),
        "timeout_late_p95_ms": round(percentile(lateness, 0.95) * 1000, 1),
        "wall_s": round(results["wall"], 1),
        "by": dict(via),
        "worker_killed": bool(options["kill_worker_after"]),
    }
    return figures


def main(command, options) -> None:
    write = command.stdout.write
    rng = random.Random(options["seed"])
    cleanup(options)
    pods = setup(options, write)
    worker = {"proc": None}
    if not options["no_worker"]:

        def start():
            worker["proc"] = start_worker(
                database_url=worker_database_url(),
                broker_url=command.broker_url,
                concurrency=options["concurrency"],
                pool="prefork",
            )
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
        cleanup(options)
    write(json.dumps(figures, sort_keys=True))
    if figures["lost"] or figures["doubled"] or figures["missing"]:
        raise CommandError("Picks were lost, doubled or missing.")
