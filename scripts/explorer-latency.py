#!/usr/bin/env python3
"""Latency of the explorer (BENCHMARKS.md, *The explorer*).

Starts `amoba serve --board BOARD --port 0` (the catalogue and index must be where
every command finds them, so that the start measures loading, not enumerating),
then measures:

* the start: wall time from the spawn to the first page (`GET /`) and its data
  (`GET /api/graph`) answered, and the server's CPU time until then;
* each request of the table, REPEATS times one after the other: the median and
  largest wall time seen by the client over loopback, and the server's CPU time per
  request (user + system of the server process from /proc/PID/stat, over all the
  repeats, divided by their number);
* a whole pairing page: its document, its drawing and the drawing of every move to
  a neighbour (what the page loads), in sequence.

Usage: scripts/explorer-latency.py [BOARD] [REPEATS]   (default square9 20)
"""

import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request

BIN = os.environ.get("AMOBA", "target/release/amoba")
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User + system CPU time of the process, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def fetch(url):
    with urllib.request.urlopen(url, timeout=60) as r:
        body = r.read()
        assert r.status == 200, url
        return body


def main():
    board = sys.argv[1] if len(sys.argv) > 1 else "square9"
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    t0 = time.perf_counter()
    server = subprocess.Popen(
        [BIN, "serve", "--board", board, "--port", "0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        base = None
        for line in server.stderr:
            if "http://" in line:
                base = line[line.index("http://") :].split()[0].rstrip("/")
                break
        assert base, "no URL printed"
        fetch(base + "/")
        graph = json.loads(fetch(base + "/api/graph"))
        ready = time.perf_counter() - t0
        cpu_ready = cpu_seconds(server.pid)
        classes = graph["vertices"]
        print(f"board {board}: {classes} classes")
        print(
            f"start: first page and its data after {ready * 1e3:.0f} ms wall, "
            f"server CPU {cpu_ready * 1e3:.0f} ms"
        )
        mid = classes // 2
        requests = [
            f"/api/pairing/1",
            f"/api/pairing/{mid}",
            f"/api/pairing/{mid}/svg",
            f"/api/path?from=1&to=2000",
            f"/api/path?from=1&to={mid}",
            f"/api/path?from=1&to={classes}",
            f"/api/path/svg?from=1&to=2000&step=1",
            f"/api/select?stabiliser=4..",
            f"/api/neighbourhood/1/svg?radius=2",
        ]
        print("| request | median wall | max wall | server CPU per request |")
        print("|---|---|---|---|")
        for path in requests:
            fetch(base + path)  # once before, so that the first use is not timed
            walls = []
            cpu0 = cpu_seconds(server.pid)
            for _ in range(repeats):
                t = time.perf_counter()
                fetch(base + path)
                walls.append(time.perf_counter() - t)
            cpu = (cpu_seconds(server.pid) - cpu0) / repeats
            print(
                f"| `{path}` | {statistics.median(walls) * 1e3:.1f} ms | "
                f"{max(walls) * 1e3:.1f} ms | {cpu * 1e3:.1f} ms |"
            )
        # Whole pairing pages: the document, the drawing, every move's drawing.
        for pid in (1, mid):
            walls = []
            cpu0 = cpu_seconds(server.pid)
            for _ in range(repeats):
                t = time.perf_counter()
                doc = json.loads(fetch(f"{base}/api/pairing/{pid}"))
                fetch(f"{base}/api/pairing/{pid}/svg")
                for n in doc["neighbours"]:
                    fetch(f"{base}/api/pairing/{pid}/move/{n['id']}/svg")
                walls.append(time.perf_counter() - t)
            cpu = (cpu_seconds(server.pid) - cpu0) / repeats
            print(
                f"| pairing page ID {pid} (document, drawing, {doc['degree']} move "
                f"drawings) | {statistics.median(walls) * 1e3:.1f} ms | "
                f"{max(walls) * 1e3:.1f} ms | {cpu * 1e3:.1f} ms |"
            )
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
