#!/usr/bin/env bash
# History-query benchmark: records --builds builds (default 10,000) of a --files-file app
# (default 5,000; Benchmarks/generate_history.py writes the first build, the
# generate-history tool records it and appends the rest in one process, writing the
# commits `bundlediff snapshot` would write), then times `log`, `gate` and each `bundlediff history` query with
# the release build (median of --repeat runs, default 3) and prints a markdown table with
# the repository size. Target: every query < 1 s. Queries after the first use the derived
# cache the first one wrote; the *_cold rows delete it before each run.
# Usage: Benchmarks/history.sh [--no-build] [--repeat N] [--builds N] [--files N]
# Generating takes minutes (about 12 for 10,000 builds on a shared 2-core host); the history is kept in $BENCH_DIR/history-<builds>-<files>
# (default BENCH_DIR /tmp/bundlediff-bench) and reused.
set -euo pipefail

BUILD=1 REPEAT=3 BUILDS=10000 FILES=5000
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) BUILD=0 ;;
    --repeat) REPEAT="$2"; shift ;;
    --builds) BUILDS="$2"; shift ;;
    --files) FILES="$2"; shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BENCH_DIR="${BENCH_DIR:-/tmp/bundlediff-bench}"
DATA="$BENCH_DIR/history-$BUILDS-$FILES"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
[ -x /usr/bin/time ] || { echo "installing GNU time" >&2; apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y time >/dev/null; }; }

if [ "$BUILD" = 1 ]; then
  echo "building (release)..." >&2
  (cd "$ROOT" && swift build -c release --product bundlediff >&2 && swift build -c release --product generate-history >&2)
fi
BIN="$ROOT/.build/release/bundlediff"

if [ ! -f "$DATA/.complete" ]; then
  echo "recording $BUILDS builds of a $FILES-file app into $DATA/repo (minutes)..." >&2
  python3 "$ROOT/Benchmarks/generate_history.py" "$BIN" "$DATA" --files "$FILES" --base-only >&2
  /usr/bin/time -f "recorded $BUILDS builds in %e s" "$ROOT/.build/release/generate-history" \
    "$DATA/app/History.app" "$DATA/repo" --builds "$BUILDS" --moved-out "$DATA/moved.txt" >&2
  touch "$DATA/.complete"
fi
REPO="$DATA/repo"
APP_FILES=$(find "$DATA/app" -type f | wc -l)
PACKS=$(find "$REPO/objects/pack" -name '*.pack' | wc -l)
cat "$REPO"/objects/pack/* >/dev/null  # warm page cache

# measure NAME ARGS…: median wall time, median CPU time (user + system: steadier when
# other work shares the cores) and largest peak RSS of REPEAT runs.
declare -A WALL CPUS RSS
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() {
  local name="$1" walls=() cpus=() rss=0 i out r; shift
  for i in $(seq "$REPEAT"); do
    # *_cold rows run without the derived cache (docs/snapshot-format.md, "Derived cache")
    case "$name" in *_cold) rm -rf "$REPO/bundlediff/cache" ;; esac
    out="$DATA/time.$name"
    # gate exits 1 on findings: only 2 (and up) is a failure
    /usr/bin/time -f '%e %U %S %M' -o "$out" "$BIN" "$@" --repo "$REPO" >"$DATA/out.$name" 2>"$DATA/err.$name" \
      || [ $? = 1 ] || { echo "$name failed:" >&2; cat "$DATA/err.$name" >&2; exit 1; }
    tail -n1 "$out" >"$out.last"  # GNU time puts "Command exited with non-zero status" first
    walls+=("$(cut -d' ' -f1 "$out.last")")
    cpus+=("$(awk '{print $2 + $3}' "$out.last")")
    r=$(cut -d' ' -f4 "$out.last"); [ "$r" -gt "$rss" ] && rss=$r
  done
  WALL[$name]=$(median "${walls[@]}") CPUS[$name]=$(median "${cpus[@]}") RSS[$name]=$rss
  echo "  $name: ${WALL[$name]} s (runs: ${walls[*]}), CPU ${CPUS[$name]} s, $((rss / 1024)) MiB" >&2
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
# A resource that moved once: its history follows it from its first path.
MOVED=$(cat "$DATA/moved.txt")
MOVED_NAME=${MOVED##*/}
measure log log
measure log_all log --all
measure gate gate "$DATA/app/History.app"
measure builds history builds
measure builds_range history builds --versions 1.3..1.5
measure key_version history key CFBundleVersion
measure key_camera history key NSCameraUsageDescription
measure key_strings history key '"key.0"' --file History.app/fr.lproj/T0.strings
measure key_framework history key CFBundleIdentifier --bundle com.example.history.kit1
measure path history path History.app/Resources/d00/r00000.bin
measure path_moved history path "$MOVED"
measure size_cold history size
measure size history size
measure size_html history size --format html
measure languages_cold history languages
measure languages history languages
measure languages_csv history languages --format csv

rows() { grep -cE '^[0-9a-f]{10}[ ,]' "$DATA/out.$1" || true; }
row() { printf '| `%s` | %s s | %s s | %s MiB | %s |\n' "$2" "${WALL[$1]}" "${CPUS[$1]}" "$((RSS[$1] / 1024))" "$3"; }
cat <<TABLE

History: $BUILDS builds of a $APP_FILES-file app, $PACKS packs, repository $(du -sh "$REPO" | cut -f1) ($(du -sb "$REPO" | cut -f1) bytes); $(nproc) cores; median of $REPEAT runs; load average before: $LOAD_BEFORE, after: $(cut -d' ' -f1-3 /proc/loadavg).

| Query | Wall | CPU time | Peak RSS | Rows |
|---|---|---|---|---|
$(row log "log" "$(rows log)")
$(row log_all "log --all" "$(rows log_all)")
$(row gate "gate …/History.app (build 1 vs the highest recorded)" "$(grep -c . "$DATA/out.gate") lines")
$(row builds "history builds" "$(rows builds)")
$(row builds_range "history builds --versions 1.3..1.5" "$(rows builds_range)")
$(row key_version "history key CFBundleVersion" "$(rows key_version)")
$(row key_camera "history key NSCameraUsageDescription" "$(rows key_camera)")
$(row key_strings 'history key "key.0" --file …/fr.lproj/T0.strings' "$(rows key_strings)")
$(row key_framework "history key CFBundleIdentifier --bundle …kit1" "$(rows key_framework)")
$(row path "history path …/r00000.bin" "$(rows path)")
$(row path_moved "history path …/$MOVED_NAME (moved)" "$(rows path_moved)")
$(row size_cold "history size (no derived cache)" "$(rows size_cold)")
$(row size "history size" "$(rows size)")
$(row size_html "history size --format html" "$(wc -c <"$DATA/out.size_html") bytes")
$(row languages_cold "history languages (no derived cache)" "$(rows languages_cold)")
$(row languages "history languages" "$(rows languages)")
$(row languages_csv "history languages --format csv" "$(rows languages_csv)")
TABLE
