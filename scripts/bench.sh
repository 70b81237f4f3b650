#!/usr/bin/env bash
# Builds the benchmarks' shaded jar and runs every side-by-side measurement in one JVM:
# citerag vs LangChain4j vs the physical floor (in-memory search, pgvector load and search,
# citation validation, pipeline overhead). Writes benchmarks/results/latest.md.
#
# Database: CITERAG_BENCH_JDBC_URL (with CITERAG_BENCH_JDBC_USER / CITERAG_BENCH_JDBC_PASSWORD),
# else a throwaway PostgreSQL cluster started by the testkit's fixture (installed with
# scripts/setup-postgres.sh when missing).
#
# Usage: scripts/bench.sh [--max-load L] [harness arguments, e.g. --sections memory,pipeline]
#   e.g. --sections pgload --load-runs 2 --out benchmarks/results/pgvector-load.md: only the
#   pgvector load rows, at --n rows (default 100,000), R runs of each path in rotating order.
#   --max-load L   wait (up to 20 minutes) until the 1-minute load average is below L before
#                  starting; the machine is shared, and figures taken under load are noisy.
# BENCH_HEAP sets the heap (default 6g); BENCH_JAVA_OPTS adds JVM options, e.g.
# BENCH_JAVA_OPTS=-Dbench.ingest.embedder=onnx for the ingest section with the in-process model.
set -euo pipefail
cd "$(dirname "$0")/.."

max_load=""
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --max-load) max_load="$2"; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done

log() { echo "[bench] $*" >&2; }

if [ -z "${CITERAG_BENCH_JDBC_URL:-}" ]; then
  bash scripts/setup-postgres.sh
fi

log "building the benchmarks jar"
./mvnw -q -B -ntp -pl benchmarks -am -DskipTests package

if [ -n "$max_load" ]; then
  for _ in $(seq 1 120); do
    load1="$(cut -d' ' -f1 /proc/loadavg)"
    if awk -v l="$load1" -v m="$max_load" 'BEGIN { exit !(l < m) }'; then break; fi
    log "load average ${load1} >= ${max_load}: waiting"
    sleep 10
  done
fi
log "uptime: $(uptime)"

heap="${BENCH_HEAP:-6g}"
# shellcheck disable=SC2086 # BENCH_JAVA_OPTS is a list of options
exec java -Xms"$heap" -Xmx"$heap" -XX:+UseG1GC -XX:+AlwaysPreTouch ${BENCH_JAVA_OPTS:-} \
  -Dbench.command="${BENCH_JAVA_OPTS:+BENCH_JAVA_OPTS=$BENCH_JAVA_OPTS }scripts/bench.sh ${args[*]:-}" \
  -cp benchmarks/target/citerag-benchmarks.jar dev.citerag.bench.BenchMain \
  --out benchmarks/results/latest.md ${args[@]+"${args[@]}"}
