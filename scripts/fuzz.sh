#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for a given time each, one after the other,
# each on a corpus seeded from data/ (fuzz/corpus/<target>/, not committed).
#
#   scripts/fuzz.sh                 # every target, 900 s each (the habit: 15 minutes)
#   scripts/fuzz.sh 120             # every target, 2 minutes each
#   scripts/fuzz.sh 600 placement   # one target
#   JOBS=2 SANITIZER=address scripts/fuzz.sh 900
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`) and a toolchain that takes -Z flags:
# nightly, or stable with RUSTC_BOOTSTRAP=1 (set here). Without AddressSanitizer by
# default (SANITIZER=none): the crate is safe Rust. A crash leaves its input in
# fuzz/artifacts/<target>/ and stops the script with libFuzzer's exit code; turn
# the input into a case of tests/hostile_inputs.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-900}
shift || true
JOBS=${JOBS:-1}
SANITIZER=${SANITIZER:-none}
export RUSTC_BOOTSTRAP=1

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cd fuzz && cargo fuzz list)
fi

# Seeds: the files of data/ each target reads.
seed() {
    local t=$1 dir=fuzz/corpus/$1
    mkdir -p "$dir"
    [ -n "$(ls -A "$dir")" ] && return 0
    case $t in
        verify) cp data/*/*.txt "$dir"/ 2>/dev/null || true ;;
        game_file) cp data/games/*.game "$dir"/ ;;
        strategy)
            printf 'first maker\ncells a b c\nset a b\nset a c\n' > "$dir/game"
            { cat "$dir/game"; printf '\377amoba-strategy 1\ngame %s\nwinner maker\nroot 0\nnode 0 move a 1\nnode 1 reply\n' \
                "$(sha256sum "$dir/game" | cut -c1-64)"; } > "$dir/seed"
            rm "$dir/game" ;;
        board_file) cp data/boards/*.toml data/boards/research/*.toml "$dir"/ ;;
        inline_board)
            printf '1,0 0,1 1,1 1,-1\3778,0 0,8' > "$dir/square9"
            printf '1,0 0,1 1,2 2,1\37716,0 8,8' > "$dir/knight"
            printf '1,0,0 0,1,0 0,0,1\3776,0,0 0,6,0 0,0,6' > "$dir/cube7" ;;
        placement) cp data/placements/*.txt "$dir"/ ;;
        symmetry)
            i=0
            for s in identity '0,-1 1,0 + 3,0' '+ 8,-16' '1,0 0,1' '-1,0 0,1 + 1,2'; do
                i=$((i + 1))
                printf '%s' "$s" > "$dir/seed$i"
            done ;;
        game_part)
            # Two shards of the 4×7 strip at depth 1, solved by the binary.
            local tmp
            tmp=$(mktemp -d)
            cargo run --release -q -- game strip7tr --n 7 --out "$tmp/g.game"
            for i in 0 1; do
                cargo run --release -q -- solve "$tmp/g.game" --shard $i/2 --split-depth 1 \
                    --out-dir "$tmp" --progress none > /dev/null || true
            done
            cp "$tmp"/parts/*.txt "$dir"/
            rm -r "$tmp" ;;
        join_strategy)
            # The certificates of the seven-cell game's first moves, by the binary.
            local tmp
            tmp=$(mktemp -d)
            cargo run --release -q -- solve data/games/seven.game --moves \
                --move-certificates "$tmp" > /dev/null || true
            cp "$tmp"/*.strategy "$dir"/
            rm -r "$tmp" ;;
        merge_parts)
            for f in results/count-*.json results/scan-*.json; do
                [ -e "$f" ] && cp "$f" "$dir"/
            done ;;
    esac
}

for t in "${targets[@]}"; do
    seed "$t"
    echo "== $t: $SECONDS_EACH s, $JOBS job(s), sanitizer $SANITIZER"
    (cd fuzz && cargo fuzz run -s "$SANITIZER" -O "$t" -- \
        -max_total_time="$SECONDS_EACH" -jobs="$JOBS" -workers="$JOBS" -max_len=20000 \
        -timeout=30 -rss_limit_mb=4096 -print_final_stats=1)
done
