#!/usr/bin/env python3
"""Writes results/games.md and results/games.json: who wins the strip boards of the
7-in-a-row question and the small classic games, each answer with its certificate
replayed by the independent checker (amoba verify --strategy).

Usage: python3 scripts/games_report.py [--amoba target/release/amoba] [--out-dir results]
       [--only GAME,...]   (run these again, keep the other rows)

Every figure is computed by the commands it runs; nothing is typed in here but the
list of games, the published figures quoted beside them, and the limits of each run.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

# The first-move table's limits: each first move's search stops after so many nodes,
# with a table of so many MiB. (4, 11) gets enough for its corner moves, which take
# about 53 million nodes (its other moves take at most 2.2 million), and (4, 12) enough
# for every class of first moves whose search alone has ended (BENCHMARKS.md, *The first
# moves of (4, 12, 7^tr)*: 1 to 80 million nodes); its corner class is open. (4, 13)
# gets 20 million, about half an hour of CPU for its 28 classes (BENCHMARKS.md, *The first
# moves of (4, 13, 7^tr)*).
M1 = (1_000_000, "256")
CORNERS = (150_000_000, "2048")
CORNERS_12 = (100_000_000, "4096")
M13 = (20_000_000, "2048")

# The publication's solver (Czifra, Csóka, Zombori, Makay, "Towards solving the
# 7-in-a-row game", IEEE CoG 2021; best-first proof-number search, built and run on a
# 2-core machine like the one of BENCHMARKS.md): (nodes, CPU seconds, peak memory in
# bytes), None where it gives no figure.
PUB_4x8 = (5_834, None, None)
PUB_4x12 = (3_322_269, 5.8, 1_380_000_000)
PUB_10 = (44_212, 0.05, 18_000_000)
PUB_11 = (300_114, 0.42, 97_000_000)
PUB_12 = (2_641_659, 4.8, 1_060_000_000)
NO_PUB = (None, None, None)

# (game file, the first-move table's limits or None for no table, published winner
# and source, the publication's solver's figures).
GAMES = [
    ("seven", M1, "Maker, only by opening at 1 (dissertation, ch. 6.3.3)", NO_PUB),
    ("tictactoe", M1, "Maker", NO_PUB),
    ("square4-k4", None, "Breaker", NO_PUB),
    ("torus-square9", None, "Breaker (a good pairing exists)", NO_PUB),
    ("strip4-8", M1, "Maker (dissertation ch. 6)", PUB_4x8),
    ("strip4-12", M1, "open in the dissertation; Maker by proof-number search", PUB_4x12),
    ("strip4-16", None, "open (the publication's solver ran out of 24 GB)", NO_PUB),
    ("strip7tr-7", M1, "Maker (Czifra et al. 2021)", NO_PUB),
    ("strip7tr-8", M1, "Maker (Czifra et al. 2021)", NO_PUB),
    ("strip7tr-9", M1, "Maker (Czifra et al. 2021)", NO_PUB),
    ("strip7tr-10", M1, "Maker (Czifra et al. 2021)", PUB_10),
    ("strip7tr-11", CORNERS, "Maker (Czifra et al. 2021)", PUB_11),
    ("strip7tr-12", CORNERS_12, "Maker (Czifra et al. 2021)", PUB_12),
    ("strip7tr-13", M13, "Maker (Czifra et al. 2021)", NO_PUB),
    ("strip7tr-14", M1, "Maker (Czifra et al. 2021)", NO_PUB),
]

# Sub-boards known only by the sizes of their sets (each a segment of a line) and
# their cells, whose blocking power and counting bound `amoba game power` computes:
# (name, sizes, cells, the published blocking power and its source).
TILES = [
    ("the dissertation's 12-cell tile of 8-in-a-row", "2,2,3,3,3,3,4,4,4", 12,
     "9k − 19 (dissertation ch. 6.2)"),
]

# The first-move table is a second command, apart from the root's search so that the
# time and memory of the table above are those of the root and its certificate alone:
# `--node-limit 1` stops its root search at once, and each first move's search stops
# after the game's nodes in GAMES (then "not decided"), with the game's table there.
# Each move decided comes with its winner's strategy (`--move-certificates`), which the
# checker replays against the game after the move.

# MiB of table for the games that need more than --memory gives.
MEMORY = {"strip4-16": "4096", "strip7tr-13": "4096", "strip7tr-14": "6144"}


def run(cmd, show_progress=False):
    """Runs `cmd`; its stderr is shown (the progress of a long search) or kept for
    the message when it fails."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, text=True,
                       stderr=None if show_progress else subprocess.PIPE)
    if p.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)}: exit {p.returncode}\n{p.stderr or ''}")
    return p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--amoba", default="target/release/amoba")
    ap.add_argument("--out-dir", default="results")
    ap.add_argument("--memory", default="2048", help="MiB of table per search")
    ap.add_argument("--only", help="comma-separated games to run again; the other rows are "
                    "kept from the games.md and games.json already in --out-dir")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    unknown = only - {g[0] for g in GAMES} if only else set()
    if unknown:
        sys.exit(f"--only: not a game of this report: {', '.join(sorted(unknown))}")
    kept = previous(args.out_dir) if only else {}
    rows = []
    version = None
    os.makedirs(args.out_dir, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, moves, published, pub_figures in GAMES:
            if only and name not in only:
                if name not in kept:
                    sys.exit(f"--only: {name} is not in the report of {args.out_dir}; run it too")
                rows.append(kept[name])
                continue
            game = f"data/games/{name}.game"
            info = json.loads(run([args.amoba, "game", "info", game, "--json"]).stdout)
            cert = os.path.join(tmp, f"{name}.strategy")
            cmd = [args.amoba, "solve", game, "--json", "--memory", MEMORY.get(name, args.memory),
                   "--progress", "log", "--certificate", cert]
            t = time.time()
            solved = json.loads(run(cmd, show_progress=True).stdout)
            wall = time.time() - t
            moves_command = None
            if moves is not None:
                nodes, memory = moves
                mdir = os.path.join(tmp, f"moves-{name}")
                mcmd = [args.amoba, "solve", game, "--json", "--memory", memory,
                        "--node-limit", "1", "--moves", "--move-node-limit", str(nodes),
                        "--move-certificates", mdir]
                moves_run = run(mcmd + ["--progress", "log"], show_progress=True)
                solved["moves"] = [checked_move(args.amoba, m)
                                   for m in json.loads(moves_run.stdout)["moves"]]
                moves_command = ("amoba " + " ".join(mcmd[1:])).replace(mdir, f"moves-{name}")
            check = json.loads(run([args.amoba, "verify", "--strategy", game, cert,
                                    "--json"]).stdout)
            cost = solved.pop("cost")
            solved["certificate"]["file"] = f"{name}.strategy"
            # The certificate's name without the temporary folder.
            solved["provenance"]["command"] = as_typed(solved["provenance"]).replace(
                cert, f"{name}.strategy")
            if version is None:
                version = solved["provenance"]["amoba_version"]
            rows.append({
                "game": name,
                "info": {k: info[k] for k in ("cells", "sets", "set_sizes", "blocking_power",
                                              "counting_bound") if k in info},
                "published": published,
                "published_figures": pub_figures,
                "solve": solved,
                "moves_command": moves_command,
                "check": {k: check[k] for k in ("verdict", "winner", "nodes", "depth",
                                                "opening")},
                "_cost": (cost["seconds"], cost["peak_memory_bytes"], wall),
            })
            print(f"{name}: {solved['winner']} in {solved['nodes']} nodes, "
                  f"{cost['seconds']:.1f} s; certificate {check['verdict']}", file=sys.stderr)
    os.makedirs(args.out_dir, exist_ok=True)
    md = ["# Who wins: Maker–Breaker games and the strip boards of 7-in-a-row", "",
          "Written by `python3 scripts/games_report.py` (docs/spec.md §11). Each winner is",
          "decided by `amoba solve` and comes with a certificate that the independent",
          "checker `amoba verify --strategy` replays; the certificates are rewritten by",
          "every run (they are not committed; a run writes them into a temporary folder).",
          "Times and memory were measured on the 2-core machine of BENCHMARKS.md and vary",
          "from run to run; node counts do not.", "",
          "| game | cells | sets | blocking power | counting bound | winner | published | nodes | certificate (nodes, depth) | checker | time | peak memory | publication: nodes | CPU | peak memory |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "_line" in r:
            md.append(r["_line"])
            continue
        i, s, c = r["info"], r["solve"], r["check"]
        bp = i.get("blocking_power")
        cb = i.get("counting_bound")
        secs, mem, _ = r["_cost"]
        pn, pcpu, pmem = r["published_figures"]
        md.append("| {} | {} | {} | {} | {} | {} | {} | {:,} | {:,}, {} | {} | {:.1f} s | {} | {} | {} | {} |".format(
            r["game"], i["cells"], i["sets"], bp["text"] if bp else "—",
            f"k ≥ {cb['value']:.2f}" if cb else "—",
            (s["winner"] or "not decided").capitalize(), r["published"], s["nodes"],
            s["certificate"]["nodes"], s["certificate"]["depth"],
            c["verdict"], secs, megabytes(mem), f"{pn:,}" if pn else "—",
            f"{pcpu} s" if pcpu is not None else "—", megabytes(pmem)))
    md += ["", "## First moves", "",
           "Who wins after each first move: `amoba solve GAME --moves --node-limit 1",
           "--move-node-limit N --memory M`, a command of its own (its root search stops at",
           "once; the table above is the root's search alone). Each first move's search",
           "stops after N nodes, given with each game below, and the move is then *not",
           "decided*. A move that an automorphism of the game fixing the starting position",
           "maps onto another takes that move's winner (docs/spec.md §11.8), so only one move",
           "of each such class is searched. Each move decided comes with its winner's",
           "strategy (`--move-certificates DIR`: the game after the move, as `amoba game",
           "after` writes it, and the strategy from there; a move joined to another gets",
           "that move's strategy with its cells renamed by the automorphism), and each",
           "line says how many of them `amoba verify --strategy` accepted.", ""]
    for r in rows:
        moves = r["_entry"]["moves"] if "_entry" in r else r["solve"].get("moves")
        if not moves:
            continue
        command = r["_entry"]["moves_command"] if "_entry" in r else r["moves_command"]
        words = command.split()
        limit = int(words[words.index("--move-node-limit") + 1])
        memory = words[words.index("--memory") + 1]
        md.append(f"- **{r['game']}** ({limit:,} nodes per move, {memory} MiB): "
                  + first_moves(moves))
    md += ["", "## How the winners open", "",
           "Each certificate's play from the start while it is forced, as the checker reports",
           "it (`amoba verify --strategy`): the winner's moves and each reply of the loser's",
           "that is the only one the certificate answers (every other reply loses at once or",
           "takes a dead cell), up to the loser's first choice or the end of the game.", ""]
    for r in rows:
        opening = ((r["_entry"]["certificate"] or {}).get("opening") if "_entry" in r
                   else r["check"]["opening"])
        if opening is None:
            continue
        md.append(f"- **{r['game']}**: " + opens(opening))
    md += ["", "## Not decided here", "",
           "The (4, n, 7^tr) boards for n = 15 and 16 and the dissertation's 4×20 are shipped in",
           "`data/games/` but not in this table: with the present search they do not finish",
           "within the limits of this report (the table gives the time n = 14 takes).",
           "BENCHMARKS.md gives how far the runs on them got; `amoba solve --node-limit N",
           "--progress log` shows how far a run gets. So does BENCHMARKS.md for a first",
           "move left undecided in the first-move tables above (*The first moves of",
           "(4, 12, 7^tr)*: its corner class; *The first moves of (4, 13, 7^tr)*: the",
           "classes left open here, each searched alone with more nodes).", ""]
    tiles = [tile(args.amoba, *t) for t in TILES]
    md += ["## Sub-boards known by the sizes of their sets", "",
           "The blocking power and counting bound of a sub-board follow from the sizes of",
           "its sets and its number of cells alone, every set being a segment of a line",
           "(`amoba game power --sizes S,S,… --cells R`; docs/spec.md §11.15).", "",
           "| sub-board | cells | sets by size | blocking power | counting bound | published |",
           "|---|---|---|---|---|---|"]
    for t in tiles:
        sizes = ", ".join(f"{c} of {s}" for s, c in enumerate(t["set_sizes"]) if c)
        cb = t["counting_bound"]
        md.append(f"| {t['name']} | {t['cells']} | {sizes} | {t['blocking_power']['text']} "
                  f"| k ≥ {cb['num']}/{cb['den']} ≈ {cb['value']:.2f} | {t['published']} |")
    md.append("")
    write(os.path.join(args.out_dir, "games.md"), "\n".join(md))
    write(os.path.join(args.out_dir, "games.json"),
          json.dumps(document(rows, tiles, version), indent=2, ensure_ascii=False) + "\n")


def tile(amoba, name, sizes, cells, published):
    """One entry of TILES, its figures computed by `amoba game power`."""
    cmd = [amoba, "game", "power", "--sizes", sizes, "--cells", str(cells), "--json"]
    d = json.loads(run(cmd).stdout)
    return {"name": name, "command": as_typed(d["provenance"]), "cells": d["cells"],
            "sets": d["sets"], "set_sizes": d["set_sizes"],
            "blocking_power": d["blocking_power"], "counting_bound": d["counting_bound"],
            "published": published}


def as_typed(provenance):
    """The command of a provenance block as a reader would type it: `amoba`, whatever
    the binary's file is called."""
    return "amoba " + provenance["command"].split(" ", 1)[1]


def document(rows, tiles, version):
    """The amoba-games document (docs/schemas/games.schema.json): every row of the
    report without what depends on the run (times, memory)."""
    games = []
    for r in rows:
        if "_entry" in r:
            games.append(r["_entry"])
            continue
        i, s, c = r["info"], r["solve"], r["check"]
        games.append({
            "game": r["game"],
            "file": f"data/games/{r['game']}.game",
            "game_sha256": s["game_sha256"],
            "cells": i["cells"],
            "sets": i["sets"],
            "set_sizes": i["set_sizes"],
            "first": s["first"],
            "symmetries": s["symmetries"],
            "blocking_power": i.get("blocking_power"),
            "counting_bound": i.get("counting_bound"),
            "command": s["provenance"]["command"],
            "winner": s["winner"],
            "nodes": s["nodes"],
            "moves": s["moves"],
            "moves_command": r.get("moves_command"),
            "certificate": {"nodes": s["certificate"]["nodes"],
                            "depth": s["certificate"]["depth"],
                            "verdict": c["verdict"],
                            "opening": c["opening"]} if s["certificate"] else None,
            "published": {"winner": r["published"],
                          # Its CPU time and memory, figures of a run on one
                          # machine, stay in games.md, as amoba's own do.
                          "nodes": r["published_figures"][0]},
        })
    return {
        "provenance": {
            "format": "amoba-games",
            "format_version": 1,
            "amoba_version": version,
            "command": "python3 scripts/games_report.py",
            "board": "data/games",
            "catalogue_sha256": None,
        },
        "games": games,
        "tiles": tiles,
    }


def first_moves(moves):
    """The first-move table of one game in a line: the moves by winner (the largest
    group last, as "the other N" when there are others), the moves searched and
    their nodes."""
    by = {}
    for m in moves:
        by.setdefault(m["winner"], []).append(m["cell"])
    groups = sorted(by.items(), key=lambda kv: (-len(kv[1]), str(kv[0])))[::-1]
    word = lambda w: f"{w.capitalize()} wins" if w else "not decided"
    parts = [f"{word(w)} after {', '.join(cs)}" for w, cs in groups[:-1]]
    w, cs = groups[-1]
    parts.append(f"{word(w)} after the other {len(cs)}" if parts
                 else f"{word(w)} after every first move")
    searched = [m for m in moves if m.get("same_as") is None]
    certs = [m["certificate"] for m in moves if m.get("certificate")]
    proofs = sum(c["verdict"] == "proof" for c in certs)
    checked = (f"; {len(certs)} certificates, {proofs} accepted as proofs" if certs
               else "; no certificate")
    return (f"{'; '.join(parts)} ({len(searched)} of {len(moves)} moves searched, "
            f"{sum(m['nodes'] for m in searched):,} nodes{checked})")


def checked_move(amoba, move):
    """A first move of `amoba solve --moves --json`, its certificate (if any) replayed
    by `amoba verify --strategy` against the game after the move, both written into
    one folder by --move-certificates: the certificate's size and the checker's verdict."""
    cert = move.get("certificate")
    if cert is not None:
        game = cert["file"].removesuffix(".strategy") + ".game"
        check = json.loads(run([amoba, "verify", "--strategy", game, cert["file"],
                                "--json"]).stdout)
        move["certificate"] = {"nodes": cert["nodes"], "depth": cert["depth"],
                               "verdict": check["verdict"]}
    return move


def megabytes(n):
    """Bytes in MB, or a dash."""
    return f"{n / 1e6:,.0f} MB" if n else "—"


def opens(opening):
    """An opening in words: each move with its player."""
    if not opening:
        return "none (the loser chooses at once)"
    return ", ".join(f"{m['side'].capitalize()} {m['cell']}" for m in opening)


def previous(out_dir):
    """The rows of the report already in `out_dir`, by game: the JSON entry and the
    line of the Markdown table (which alone holds the time and memory)."""
    with open(os.path.join(out_dir, "games.json")) as f:
        entries = {e["game"]: e for e in json.load(f)["games"]}
    with open(os.path.join(out_dir, "games.md")) as f:
        lines = {line.split("|")[1].strip(): line.rstrip("\n") for line in f
                 if line.startswith("| ") and line.split("|")[1].strip() in entries}
    return {g: {"game": g, "_entry": e, "_line": lines[g]} for g, e in entries.items()
            if g in lines}


def write(path, text):
    """Writes `text` to `path` through a temporary file in the same folder."""
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main()
