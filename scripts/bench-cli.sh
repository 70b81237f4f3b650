#!/usr/bin/env bash
# Wall time of whole `./citerag ask` processes (JVM start, model load and the question included),
# cold against warm, runs interleaved so that a busy machine slows both alike. Prints the median,
# min and max of each setup over N runs (default 5):
#
#   scripts/bench-cli.sh [N]
#
# Setups, each on the sample corpus and on --docs (the golden corpus as a folder):
#   cold  CITERAG_CDS=off CITERAG_CACHE_DIR=off: no class-data archive, no index, no vector cache
#   warm  the defaults after one priming run: class-data archive, persistent index, vector cache
# A new question each run would miss the query-vector cache and load the model; the warm setup
# asks the same question every run (a repeated question), and "warm, new question" asks one it has
# not seen (a fresh cache directory per run, primed with the index only).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
docs="$root/citerag-testkit/src/main/resources/dev/citerag/testkit/golden/corpus"
q="How do I roll back a deploy?"
cache="$(mktemp -d /tmp/citerag-bench-cli.XXXXXX)"
trap 'rm -rf "$cache"' EXIT

# builds the jar when needed; this first ask writes the class-data archive
CITERAG_CACHE_DIR=off "$root/citerag" ask --docs "$docs" "$q" >/dev/null 2>&1 || true
now() { date +%s.%N; }
declare -A times
run() { # name, env..., -- args...
  local name="$1"; shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  local t0 t1
  t0="$(now)"
  env "${envs[@]}" "$root/citerag" "$@" >/dev/null 2>&1 || true
  t1="$(now)"
  times[$name]+="$(echo "$t1 - $t0" | bc) "
}
stats() { # prints median min max of the numbers given
  printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "median %.2f s  min %.2f s  max %.2f s  (n=%d)\n", m, a[1], a[NR], NR}'
}

# prime the warm setups: archive, index and query vector
CITERAG_CACHE_DIR="$cache/warm" "$root/citerag" ask "$q" >/dev/null 2>&1 || true
CITERAG_CACHE_DIR="$cache/warm" "$root/citerag" ask --docs "$docs" "$q" >/dev/null 2>&1 || true
for i in $(seq 1 "$runs"); do
  run "sample cold" CITERAG_CDS=off CITERAG_CACHE_DIR=off -- ask "$q"
  run "sample warm" CITERAG_CACHE_DIR="$cache/warm" -- ask "$q"
  run "docs cold" CITERAG_CDS=off CITERAG_CACHE_DIR=off -- ask --docs "$docs" "$q"
  run "docs warm" CITERAG_CACHE_DIR="$cache/warm" -- ask --docs "$docs" "$q"
  run "docs warm, new question" CITERAG_CACHE_DIR="$cache/warm" -- ask --docs "$docs" "Who approves a rollback during a freeze, run $i?"
done
echo "citerag ask, wall time per process, $runs runs each, interleaved; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for name in "sample cold" "sample warm" "docs cold" "docs warm" "docs warm, new question"; do
  # shellcheck disable=SC2086
  printf '%-26s %s\n' "$name" "$(stats ${times[$name]})"
done
