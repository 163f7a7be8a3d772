"""Abuse a real `cardroom serve` on loopback and print how it answers: bodies too large, deep JSON,
wrong content types, invalid UTF-8, huge numbers, thousands of idle sockets, a flood of WebSockets
on one table and of bare connections. After each attack another client asks for the game list and its
time is printed; the server's resident memory is printed before and after.

Bounded: every attack has a fixed count and every wait a timeout, so the script stops by itself
(about a minute). Loopback only: the server is its own child process on 127.0.0.1.

    python bench/server/server_abuse.py
    python bench/server/server_abuse.py --idle 3000 --flood 2000
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import free_port, new_tacocat, rss_mb, start_server

SEATS = '"seats":[{"kind":"me"},{"kind":"invite"}]'


def bodies() -> dict[str, tuple[str, bytes]]:
    """Each malformed request for POST /api/tables: its content type and body."""
    table = '{{"game":"tacocat",{},"reaction_seconds":{}}}'
    return {
        "body of 1 MB": ("application/json", b" " * (1 << 20)),
        "body of 20 MB": ("application/json", b"[" + b"1," * (10 << 20) + b"1]"),
        "JSON 30,000 lists deep": ("application/json", b"[" * 30_000 + b"]" * 30_000),
        "JSON 20,000 objects deep": ("application/json", b'{"a":' * 20_000 + b"1" + b"}" * 20_000),
        "an integer of 5,000 digits": ("application/json", table.format(SEATS, "9" * 5000).encode()),
        "the number 1e400": ("application/json", table.format(SEATS, "1e400").encode()),
        "NaN": ("application/json", table.format(SEATS, "NaN").encode()),
        "invalid UTF-8": ("application/json", b'{"game":"\xff\xfe",' + SEATS.encode() + b"}"),
        "a lone surrogate": (
            "application/json",
            b'{"game":"tacocat","seats":[{"kind":"me","name":"\\ud800"},{"kind":"invite"}]}',
        ),
        "JSON sent as text/plain": ("text/plain", ('{"game":"tacocat",' + SEATS + "}").encode()),
        "XML": ("application/xml", b"<table game='tacocat'/>"),
        "a form": ("application/x-www-form-urlencoded", b"game=tacocat"),
        "no body at all": ("application/json", b""),
    }


async def probe(base: str, times: int = 20) -> str:
    """Another client's view: the game list asked ``times`` times in a row; median and worst time."""
    took = []
    async with httpx.AsyncClient(timeout=10) as http:
        for _ in range(times):
            started = time.perf_counter()
            answer = await http.get(base + "/api/games")
            took.append((time.perf_counter() - started) * 1000)
            if answer.status_code != 200:
                return f"another client got {answer.status_code}"
    return f"another client: median {statistics.median(took):.1f} ms, worst {max(took):.1f} ms over {times} requests"


async def malformed(base: str) -> None:
    print("malformed requests (POST /api/tables):")
    async with httpx.AsyncClient(timeout=60) as http:
        for what, (content_type, body) in bodies().items():
            started = time.perf_counter()
            try:
                answer = await http.post(base + "/api/tables", content=body, headers={"content-type": content_type})
                said = f"{answer.status_code} {answer.text[:90]!r}"
            except httpx.HTTPError as exc:  # the server may close the connection on a body it refuses
                said = f"connection closed ({type(exc).__name__})"
            print(f"  {what:28} -> {said}  [{(time.perf_counter() - started) * 1000:.0f} ms]")
    print("  " + await probe(base))


async def idle_sockets(host: str, port: int, count: int, hold: float) -> None:
    """``count`` TCP connections that send nothing, and as many that send half a request; held
    ``hold`` seconds, then how many the server has closed by itself."""
    loop = asyncio.get_running_loop()
    opened: list[socket.socket] = []
    refused = 0
    for i in range(count):
        s = socket.socket()
        s.setblocking(False)
        try:
            await asyncio.wait_for(loop.sock_connect(s, (host, port)), 5)
            if i % 2:
                await loop.sock_sendall(s, b"GET /api/games HTTP/1.1\r\nHost: x\r\n")  # never finished
            opened.append(s)
        except (OSError, TimeoutError):
            refused += 1
            s.close()
    print(
        f"idle sockets: {len(opened)} open ({count // 2} silent, {count - count // 2} with half a request), {refused} refused"
    )
    print("  " + await probe(base_of(host, port)))
    await asyncio.sleep(hold)
    closed = 0
    for s in opened:
        try:
            closed += s.recv(1) == b""
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
    print(f"  after {hold:.0f} s the server had closed {closed} of {len(opened)}")
    print("  " + await probe(base_of(host, port)))
    for s in opened:
        s.close()


async def socket_flood(base: str, count: int) -> None:
    """``count`` spectator WebSockets on one table at once, then ``count`` bare connections opened and
    dropped as fast as they can be."""
    async with httpx.AsyncClient(timeout=10) as http:
        table_id, _tokens = await new_tacocat(http, base)
    url = base.replace("http", "ws", 1) + f"/api/tables/{table_id}/ws"
    outcomes: Counter[str] = Counter()
    held: list[websockets.ClientConnection] = []
    gate = asyncio.Semaphore(200)

    async def one() -> None:
        async with gate:
            try:
                ws = await asyncio.wait_for(websockets.connect(url, open_timeout=10), 15)
            except websockets.InvalidStatus as refused:  # refused before the handshake: an HTTP status
                outcomes[f"refused with HTTP {refused.response.status_code}"] += 1
                return
            except Exception as exc:  # every way a connection can fail is counted
                outcomes[type(exc).__name__] += 1
                return
            try:
                await asyncio.wait_for(ws.recv(), 5)
                outcomes["accepted"] += 1
                held.append(ws)
            except websockets.ConnectionClosed as closed:
                outcomes[f"closed {closed.rcvd.code if closed.rcvd else '?'}"] += 1
            except TimeoutError:
                outcomes["no snapshot in 5 s"] += 1

    started = time.perf_counter()
    await asyncio.gather(*(one() for _ in range(count)))
    print(
        f"WebSocket flood: {count} spectators on one table in {time.perf_counter() - started:.1f} s: {dict(outcomes)}"
    )
    print("  " + await probe(base))
    await asyncio.gather(*(ws.close() for ws in held))

    host, port = base.removeprefix("http://").split(":")
    started = time.perf_counter()
    failed = 0
    for _ in range(count):
        try:
            _reader, writer = await asyncio.wait_for(asyncio.open_connection(host, int(port)), 5)
            writer.close()
        except (OSError, TimeoutError):
            failed += 1
    print(f"connection churn: {count} opened and dropped in {time.perf_counter() - started:.1f} s, {failed} failed")
    print("  " + await probe(base))


def base_of(host: str, port: int) -> str:
    return f"http://{host}:{port}"


async def attack(host: str, port: int, server_pid: int, args: argparse.Namespace) -> None:
    base = base_of(host, port)
    print(f"server resident memory at start: {rss_mb(server_pid):.0f} MB")
    print("  " + await probe(base))
    await malformed(base)
    print(f"  server resident memory: {rss_mb(server_pid):.0f} MB")
    await idle_sockets(host, port, args.idle, args.hold)
    print(f"  server resident memory: {rss_mb(server_pid):.0f} MB")
    await socket_flood(base, args.flood)
    await asyncio.sleep(1)
    print(f"server resident memory at the end: {rss_mb(server_pid):.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--idle", type=int, default=2000, help="idle TCP connections to hold (default 2000)")
    parser.add_argument("--hold", type=float, default=12.0, help="seconds to hold them (default 12)")
    parser.add_argument("--flood", type=int, default=1000, help="WebSockets and connections to flood (default 1000)")
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the server inherits it too
    with tempfile.TemporaryDirectory() as scratch:
        port = free_port()
        server = start_server(port, f"sqlite:///{Path(scratch) / 'abuse.sqlite3'}")
        try:
            asyncio.run(asyncio.wait_for(attack("127.0.0.1", port, server.pid, args), 300))
            print(f"server still running at the end: {server.poll() is None}")
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
