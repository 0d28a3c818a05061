#!/usr/bin/env bash
# History-query benchmark: records --builds builds (default 1,000) of a --files-file app
# (default 5,000; Benchmarks/generate_history.py), then times each `bundlediff history`
# query with the release build (median of --repeat runs, default 3) and prints a
# markdown table with the repository size. Target: every query < 1 s.
# Usage: Benchmarks/history.sh [--no-build] [--repeat N] [--builds N] [--files N]
# Recording takes minutes (one `bundlediff snapshot` per build); the history is kept in
# $BENCH_DIR/history-<builds>-<files> (default BENCH_DIR /tmp/bundlediff-bench) and reused.
set -euo pipefail

BUILD=1 REPEAT=3 BUILDS=1000 FILES=5000
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) BUILD=0 ;;
    --repeat) REPEAT="$2"; shift ;;
    --builds) BUILDS="$2"; shift ;;
    --files) FILES="$2"; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
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
  (cd "$ROOT" && swift build -c release --product bundlediff >&2)
fi
BIN="$ROOT/.build/release/bundlediff"

if [ ! -f "$DATA/.complete" ]; then
  echo "recording $BUILDS builds of a $FILES-file app into $DATA/repo (minutes)..." >&2
  python3 "$ROOT/Benchmarks/generate_history.py" "$BIN" "$DATA" --builds "$BUILDS" --files "$FILES" >&2
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
    out="$DATA/time.$name"
    /usr/bin/time -f '%e %U %S %M' -o "$out" "$BIN" history "$@" --repo "$REPO" >"$DATA/out.$name" 2>"$DATA/err.$name" \
      || { echo "$name failed:" >&2; cat "$DATA/err.$name" >&2; exit 1; }
    walls+=("$(cut -d' ' -f1 "$out")")
    cpus+=("$(awk '{print $2 + $3}' "$out")")
    r=$(cut -d' ' -f4 "$out"); [ "$r" -gt "$rss" ] && rss=$r
  done
  WALL[$name]=$(median "${walls[@]}") CPUS[$name]=$(median "${cpus[@]}") RSS[$name]=$rss
  echo "  $name: ${WALL[$name]} s (runs: ${walls[*]}), CPU ${CPUS[$name]} s, $((rss / 1024)) MiB" >&2
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
# A resource that moved once (rNNNNN.bin comes from Resources/d<NNNNN % 40>/): its
# history follows it from its first path (see generate_history.py).
MOVED_NAME=$(cd "$DATA/app" && find History.app/Resources/moved -type f -printf '%f\n' | sort | head -1)
N=$((10#$(echo "$MOVED_NAME" | tr -dc 0-9)))
MOVED=$(printf 'History.app/Resources/d%02d/%s' $((N % 40)) "$MOVED_NAME")
measure builds builds
measure builds_range builds --versions 1.3..1.5
measure key_version key CFBundleVersion
measure key_camera key NSCameraUsageDescription
measure key_strings key '"key.0"' --file History.app/fr.lproj/T0.strings
measure key_framework key CFBundleIdentifier --bundle com.example.history.kit1
measure path path History.app/Resources/d00/r00000.bin
measure path_moved path "$MOVED"
measure size size
measure size_html size --format html
measure languages languages
measure languages_csv languages --format csv

rows() { grep -cE '^[0-9a-f]{10}[ ,]' "$DATA/out.$1" || true; }
row() { printf '| `history %s` | %s s | %s s | %s MiB | %s |\n' "$2" "${WALL[$1]}" "${CPUS[$1]}" "$((RSS[$1] / 1024))" "$3"; }
cat <<TABLE

History: $BUILDS builds of a $APP_FILES-file app, $PACKS packs, repository $(du -sh "$REPO" | cut -f1) ($(du -sb "$REPO" | cut -f1) bytes); $(nproc) cores; median of $REPEAT runs; load average before: $LOAD_BEFORE, after: $(cut -d' ' -f1-3 /proc/loadavg).

| Query | Wall | CPU time | Peak RSS | Rows |
|---|---|---|---|---|
$(row builds "builds" "$(rows builds)")
$(row builds_range "builds --versions 1.3..1.5" "$(rows builds_range)")
$(row key_version "key CFBundleVersion" "$(rows key_version)")
$(row key_camera "key NSCameraUsageDescription" "$(rows key_camera)")
$(row key_strings 'key "key.0" --file …/fr.lproj/T0.strings' "$(rows key_strings)")
$(row key_framework "key CFBundleIdentifier --bundle …kit1" "$(rows key_framework)")
$(row path "path …/r00000.bin" "$(rows path)")
$(row path_moved "path …/$MOVED_NAME (moved)" "$(rows path_moved)")
$(row size "size" "$(rows size)")
$(row size_html "size --format html" "$(wc -c <"$DATA/out.size_html") bytes")
$(row languages "languages" "$(rows languages)")
$(row languages_csv "languages --format csv" "$(rows languages_csv)")
TABLE
