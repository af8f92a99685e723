#!/bin/sh
# Speed of `outflank best --level LEVEL` on fixed positions (positions.py), for one or more
# builds side by side: `move score depth nodes ms` and nodes a second. Each build runs three
# times a position, the builds interleaved, and the fastest run is shown (the machine is
# shared: the minimum is the least disturbed). A "build" is any command taking `best`'s
# arguments, e.g. a script running the wasm32-wasip1 build through tests/wasi-run.mjs.
#   tests/strength/speed.sh 10 ./outflank-before ./outflank-after
level=$1; shift; bins="$*"
python3 "$(dirname "$0")/positions.py" | while read -r board side; do
  for r in 1 2 3; do for bin in $bins; do
    echo "$(basename "$bin") $($bin best --level "$level" "$board" "$side")"
  done; done | sort -k1,1 -k6,6n | awk '!seen[$1]++ {printf "%-16s %s %s %s %s %5s ms  %.0f nodes/s\n", $1, $2, $3, $4, $5, $6, $5/($6/1000)}'
done
