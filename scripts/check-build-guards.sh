#!/usr/bin/env bash
# Proves that the build's guards bite: the committed tree (HEAD, via git archive) is copied to a
# temporary folder, `verify` of citerag-core must pass there, and then each of three defects is
# injected in turn into citerag-core and must FAIL the same build with the guard's own message:
#
#   nullaway  a dereference of a @Nullable parameter      -> "[NullAway] dereferenced expression"
#   format    a line google-java-format would rewrite      -> "format violations" (Spotless)
#   doclint   a public API method without a doc comment    -> "warning: no comment" (javadoc)
#
# Each build is `./mvnw -o -B -ntp -pl citerag-core verify -DskipTests` (not -q: javadoc's warnings are only printed at the default log level) (offline: the
# dependencies must already be in ~/.m2). Four builds of core take several minutes, so this is not
# part of CI; run it after changing the build's checks. Your working tree is never touched.
#
#   bash scripts/check-build-guards.sh            # extra Maven options may follow, e.g. -Dx=y
#
# Exit status: 0 every guard behaved, 1 some guard did not (or the clean tree failed).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

git -C "$root" archive --format=tar HEAD | tar -x -C "$work"
cd "$work"

core=citerag-core/src/main/java/dev/citerag
internal_file="$core/internal/Checks.java"   # internal: javadoc does not document it
api_file="$core/store/WriteResult.java"      # exported API: javadoc must document it
cp "$internal_file" "$work/Checks.java.orig"
cp "$api_file" "$work/WriteResult.java.orig"

# Appends $2 (Java members) before the closing brace of the class in file $1.
append_member() {
  python3 - "$1" "$2" <<'EOF'
import sys
path, member = sys.argv[1], sys.argv[2]
s = open(path, encoding="utf-8").read().rstrip()
assert s.endswith("}"), path
open(path, "w", encoding="utf-8").write(s[:-1].rstrip() + "\n\n" + member + "}\n")
EOF
}

restore() {
  cp "$work/Checks.java.orig" "$internal_file"
  cp "$work/WriteResult.java.orig" "$api_file"
}

results=()
failures=0

# run NAME EXPECT: EXPECT empty means the build must pass; otherwise it must fail and its output
# must have a line matching the extended regular expression EXPECT.
run() {
  local name="$1" expect="$2" log="$work/$1.log" start end rc
  start=$(date +%s)
  set +e
  ./mvnw -o -B -ntp -pl citerag-core verify -DskipTests "${extra[@]}" >"$log" 2>&1
  rc=$?
  set -e
  end=$(date +%s)
  local took="$((end - start)) s"
  if [ -z "$expect" ]; then
    if [ "$rc" -eq 0 ]; then
      results+=("PASS  $name: build succeeded ($took)")
    else
      results+=("FAIL  $name: the clean tree does not build ($took)")
      tail -30 "$log" >&2
      failures=$((failures + 1))
    fi
    return
  fi
  local hit
  hit=$(grep -E -m1 -- "$expect" "$log" | sed -E 's/^\[[A-Z]+\] //; s#'"$work"'/##' | cut -c1-150 || true)
  if [ "$rc" -ne 0 ] && [ -n "$hit" ]; then
    results+=("PASS  $name: build failed as expected ($took): $hit")
  elif [ "$rc" -eq 0 ]; then
    results+=("FAIL  $name: the defect did not fail the build ($took)")
    failures=$((failures + 1))
  else
    results+=("FAIL  $name: the build failed, but without \"$expect\" ($took)")
    tail -30 "$log" >&2
    failures=$((failures + 1))
  fi
}

extra=("$@")

echo "== clean tree (HEAD $(git -C "$root" rev-parse --short HEAD))"
run clean ""

echo "== defect 1: null dereference (NullAway)"
append_member "$internal_file" '  static int guardProbe(@Nullable String value) {
    return value.length();
  }
'
run nullaway "\[NullAway\] dereferenced expression '?value'? is @Nullable"
restore

echo "== defect 2: unformatted line (Spotless, google-java-format)"
append_member "$internal_file" '  static   int   guardProbe( ) { return 1; }
'
run format "format violations"
restore

echo "== defect 3: undocumented public API method (javadoc doclint)"
append_member "$api_file" '  public int guardProbe() {
    return documentsWritten;
  }
'
run doclint 'WriteResult\.java:[0-9]+: warning: no comment'
restore

echo
echo "Build guards, citerag-core:"
printf '  %s\n' "${results[@]}"
if [ "$failures" -gt 0 ]; then
  echo "VERDICT: $failures guard check(s) did not behave" >&2
  exit 1
fi
echo "VERDICT: every guard fails the build on its defect, and the clean tree passes"
