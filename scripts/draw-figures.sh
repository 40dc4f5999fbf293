#!/usr/bin/env bash
# Regenerates the pairing figures in results/:
#   results/pairing-1.svg            the first catalogue pairing
#   results/symmetric-<ID>.svg       every class of the largest stabiliser order
#   results/component6-<ID>.svg      the six classes of the 6-vertex component
# Reads results/catalogue-9.txt, or the per-user cache when it is missing (enumerated
# there first if need be; README, "Where the catalogue comes from"), and builds the
# pairing graph. Extra arguments go to `amoba show`, e.g. --catalogue PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f results/symmetric-*.svg results/component6-*.svg
cargo run --release --quiet -- show --figures results "$@"
