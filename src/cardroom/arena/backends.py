"""Where the games run: in this process, in a pool of local processes, or as Ray tasks.

Every backend returns the records in the schedule's order, whatever order the tasks finish in, so the
results of a run depend on its seed and nothing else (with iteration budgets; a clock budget makes
each decision depend on the machine's speed).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from cardroom.arena.config import ArenaConfig
from cardroom.arena.match import GameRecord, run_task
from cardroom.arena.schedule import DealTask

Progress = Callable[[int], None]  # called with the number of games just finished


def run(config: ArenaConfig, tasks: Sequence[DealTask], progress: Progress | None = None) -> list[GameRecord]:
    report = progress or (lambda _n: None)
    if config.backend == "ray":
        results = _run_ray(config, tasks, report)
    elif config.jobs == 1:
        results = {}
        for i, task in enumerate(tasks):
            results[i] = run_task(config, task)
            report(len(results[i]))
    else:
        results = _run_pool(config, tasks, report)
    return [record for i in range(len(tasks)) for record in results[i]]


def _run_pool(config: ArenaConfig, tasks: Sequence[DealTask], report: Progress) -> dict[int, list[GameRecord]]:
    # fork keeps whatever games and bots the parent registered at run time (tests register toy games).
    context = multiprocessing.get_context("fork")
    results: dict[int, list[GameRecord]] = {}
    with ProcessPoolExecutor(max_workers=config.jobs, mp_context=context) as pool:
        futures: dict[Future[list[GameRecord]], int] = {
            pool.submit(run_task, config, task): i for i, task in enumerate(tasks)
        }
        pending = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                records = future.result()
                results[futures[future]] = records
                report(len(records))
    return results


def _run_ray(config: ArenaConfig, tasks: Sequence[DealTask], report: Progress) -> dict[int, list[GameRecord]]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs the ray extra: pip install 'cardroom[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        if config.address:
            ray.init(address=config.address, log_to_driver=False)
        else:
            ray.init(num_cpus=config.jobs, include_dashboard=False, log_to_driver=False)
    try:
        remote: Any = ray.remote(num_cpus=1)(run_task)
        config_ref = ray.put(config)
        refs = {remote.remote(config_ref, task): i for i, task in enumerate(tasks)}
        results: dict[int, list[GameRecord]] = {}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                records = ray.get(ref)
                results[refs[ref]] = records
                report(len(records))
        return results
    finally:
        if started_here:
            ray.shutdown()
