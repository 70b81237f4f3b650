#!/usr/bin/env bash
# Checks that the build is reproducible: builds the library jars twice, each time from a clean
# state (`clean package`, tests skipped), and compares the two sets byte for byte (SHA-256).
# The library modules are the ones citerag-bom manages, so a module added to the BOM is checked too.
# Exit status: 0 identical, 1 some jar differs, 2 the build failed.
#
#   bash scripts/check-reproducible.sh            # extra Maven options may follow, e.g. -o
set -euo pipefail
cd "$(dirname "$0")/.."

modules=$(sed -n 's:.*<artifactId>\(citerag-[a-z0-9-]*\)</artifactId>.*:\1:p' citerag-bom/pom.xml \
  | grep -vx 'citerag-bom' | sort -u)
if [ -z "$modules" ]; then
  echo "no library module found in citerag-bom/pom.xml" >&2
  exit 2
fi
list=$(echo "$modules" | paste -sd, -)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

for run in 1 2; do
  echo "== build $run of 2: clean package of $list"
  if ! ./mvnw -B -ntp -q -DskipTests -pl "$list" -am clean package "$@" >"$out/build-$run.log" 2>&1; then
    tail -40 "$out/build-$run.log" >&2
    echo "VERDICT: build $run failed" >&2
    exit 2
  fi
  mkdir -p "$out/$run"
  for m in $modules; do
    cp "$m"/target/"$m"-*.jar "$out/$run/"
  done
  (cd "$out/$run" && sha256sum -- *.jar) >"$out/sha-$run.txt"
done

echo "== SHA-256 of build 1"
cat "$out/sha-1.txt"
if diff -u "$out/sha-1.txt" "$out/sha-2.txt"; then
  echo "VERDICT: REPRODUCIBLE: $(wc -l <"$out/sha-1.txt") library jars are byte-identical across two clean builds"
  exit 0
fi
echo "== entries that differ"
for j in "$out"/1/*.jar; do
  b="$(basename "$j")"
  if ! cmp -s "$j" "$out/2/$b"; then
    diff <(unzip -lv "$j" | awk 'NR>3 {print $7, $8, $1, $5, $6}') \
         <(unzip -lv "$out/2/$b" | awk 'NR>3 {print $7, $8, $1, $5, $6}') | sed "s|^|$b: |" || true
  fi
done
echo "VERDICT: NOT REPRODUCIBLE: the jars above differ between two clean builds"
exit 1
