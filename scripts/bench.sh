#!/usr/bin/env bash
# The measurements behind BENCHMARKS.md: run on a quiet machine, compare figures taken
# in the same run. Needs hyperfine and GNU time (apt packages `hyperfine`, `time`).
#
#   scripts/bench.sh            # enumerate (hyperfine) and reproduce (3 runs, stages)
#   RUNS=5 scripts/bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}

cargo build --release --quiet
bin=./target/release/amoba
echo "## machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "## $(rustc --version)"

echo "## amoba enumerate"
hyperfine -w 1 -r 10 "$bin enumerate"
/usr/bin/time -f 'peak RSS %M KB, wall %e s' "$bin" enumerate 2>&1 >/dev/null | tail -1

echo "## amoba reproduce ($RUNS runs): stage times from the cost row, wall and peak RSS"
for _ in $(seq "$RUNS"); do
    out=$(/usr/bin/time -f 'wall %e s, peak RSS %M KB' "$bin" reproduce 2>&1)
    echo "$out" | grep '^| cost' | sed 's/.*graph ~1 min | //; s/ | info |//'
    echo "$out" | tail -1
done
