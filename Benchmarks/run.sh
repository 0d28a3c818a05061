#!/usr/bin/env bash
# Benchmarks of bundlediff: snapshot (vs a SHA-256 baseline and vs git add+commit),
# repository growth, and diff (recorded vs recorded, disk vs disk).
# Usage: Benchmarks/run.sh [--quick] [--no-build] [--repeat N]
# Scratch data goes to $BENCH_DIR (default /tmp/bundlediff-bench); generated bundles
# are kept there and reused while their parameters do not change.
set -euo pipefail

QUICK=0 BUILD=1 REPEAT=3
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) QUICK=1 ;;
    --no-build) BUILD=0 ;;
    --repeat) REPEAT="$2"; shift ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift
done

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
GEN="$ROOT/Benchmarks/generate_bundle.py"
if [ "$QUICK" = 1 ]; then
  FILES=2000 BYTES=$((64 << 20)) CHANGE=100 MOVE=20
else
  FILES=20000 BYTES=$((1 << 30)) CHANGE=1000 MOVE=200
fi
BENCH_DIR="${BENCH_DIR:-/tmp/bundlediff-bench}"
DATA="$BENCH_DIR/data-$FILES-$BYTES-$CHANGE-$MOVE"
WORK="$BENCH_DIR/work"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
STAMP="2026-11-23T00:00:00Z"

[ -x /usr/bin/time ] || { echo "installing GNU time" >&2; apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y time >/dev/null; }; }

if [ "$BUILD" = 1 ]; then
  echo "building (release)..." >&2
  (cd "$ROOT" && swift build -c release >&2)
fi
BIN="$ROOT/.build/release/bundlediff"

# --- bundles ---------------------------------------------------------------
# base: the first build; rebuild: 1% of files rewritten (repo growth);
# moved: CHANGE files rewritten and MOVE files moved (diff). Copies are hard links
# (the generator replaces the files it rewrites), so they cost no extra disk.
if [ ! -f "$DATA/.complete" ]; then
  echo "generating bundles in $DATA..." >&2
  rm -rf "$DATA"; mkdir -p "$DATA"
  python3 "$GEN" "$DATA/base" --files "$FILES" --bytes "$BYTES" --seed 1
  cp -al "$DATA/base" "$DATA/rebuild"
  python3 "$GEN" "$DATA/rebuild" --mutate 1 --seed 2
  cp -al "$DATA/base" "$DATA/moved"
  python3 "$GEN" "$DATA/moved" --change "$CHANGE" --move "$MOVE" --seed 3
  cp -al "$DATA/base" "$DATA/all"
  python3 "$GEN" "$DATA/all" --mutate 100 --seed 4
  touch "$DATA/.complete"
fi
BASE="$DATA/base/Big.app" REBUILD="$DATA/rebuild/Big.app" MOVED="$DATA/moved/Big.app" ALL="$DATA/all/Big.app"
BUNDLE_BYTES=$(find "$BASE" -type f -printf '%s\n' | awk '{s+=$1} END {print s}')
BUNDLE_FILES=$(find "$BASE" -type f | wc -l)
# Warm the page cache: every measurement below reads from memory, not from the disk.
cat "$BASE"/Info.plist >/dev/null
find "$DATA" -type f -print0 | xargs -0 cat >/dev/null

rm -rf "$WORK"; mkdir -p "$WORK"

# measure NAME PREP CMD: runs PREP (untimed) then CMD under /usr/bin/time -v, REPEAT
# times; records the median wall time, the median CPU time (user + system: robust when
# other work shares the cores) and the largest peak RSS and CPU% seen.
declare -A WALL RSS CPU CPUS
measure() {
  local name="$1" prep="$2" cmd="$3" walls=() cpus=() rss=0 cpu=0 i out
  for i in $(seq "$REPEAT"); do
    eval "$prep"
    sync  # no writeback of earlier steps (git writes ~1 GiB) during the timed command
    out="$WORK/time.$name.$i"
    /usr/bin/time -v -o "$out" bash -c "$cmd" >"$WORK/out.$name" 2>"$WORK/err.$name" || {
      local rc=$?
      # diff exits 1 when it finds changes at or above the threshold: not a failure here.
      if [ "$rc" -gt 1 ]; then echo "$name failed ($rc):" >&2; cat "$WORK/err.$name" >&2; exit 1; fi
    }
    walls+=("$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,p,":"); s=0; for(k=1;k<=n;k++) s=s*60+p[k]; print s}' "$out")")
    cpus+=("$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {print u+s}' "$out")")
    local r c
    r=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out")
    c=$(awk -F': ' '/Percent of CPU/ {sub("%","",$2); print $2}' "$out")
    [ "$r" -gt "$rss" ] && rss=$r
    [ "$c" -gt "$cpu" ] && cpu=$c
  done
  WALL[$name]=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  CPUS[$name]=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  RSS[$name]=$rss CPU[$name]=$cpu
  echo "  $name: ${WALL[$name]} s (runs: ${walls[*]}), CPU ${CPUS[$name]} s, ${rss} KiB, ${cpu}% CPU" >&2
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
echo "measuring ($REPEAT runs each; load average: $LOAD_BEFORE)..." >&2

# SHA-256 baselines: the same files, 2 parallel workers, the faster of coreutils and OpenSSL.
measure sha256sum : "cd '$BASE' && find . -type f -print0 | xargs -0 -P2 -n 256 sha256sum >/dev/null"
measure openssl : "cd '$BASE' && find . -type f -print0 | xargs -0 -P2 -n 256 openssl dgst -sha256 >/dev/null"


# bundlediff snapshot of the first build into an empty repository.
measure snapshot "rm -rf '$WORK/repo'" "'$BIN' snapshot '$BASE' --repo '$WORK/repo' --recorded-at $STAMP"

# Repository growth: record the 1%-rewritten build on top.
BEFORE=$(du -sb "$WORK/repo" | cut -f1)
measure snapshot2 "rm -rf '$WORK/repo2' && cp -a '$WORK/repo' '$WORK/repo2'" \
  "'$BIN' snapshot '$REBUILD' --repo '$WORK/repo2' --recorded-at $STAMP"
AFTER=$(du -sb "$WORK/repo2" | cut -f1)
GROWTH=$((AFTER - BEFORE))

# Diff: CHANGE rewritten + MOVE moved files, recorded vs recorded and disk vs disk.
rm -rf "$WORK/repo3"
"$BIN" snapshot "$BASE" --repo "$WORK/repo3" --recorded-at $STAMP >/dev/null
measure snapshot_moved "rm -rf '$WORK/repo4'" "'$BIN' snapshot '$MOVED' --repo '$WORK/repo4' --recorded-at $STAMP"
"$BIN" snapshot "$MOVED" --repo "$WORK/repo3" --recorded-at $STAMP >/dev/null
measure diff_recorded : "'$BIN' diff com.example.big@1.0+1 com.example.big@1.0+2 --repo '$WORK/repo3'"
cp "$WORK/out.diff_recorded" "$WORK/diff_recorded.txt"
# The same two commits compared by git itself (the yardstick for diff_recorded).
measure git_diff_tree : "git -C '$WORK/repo3' diff-tree -r -M com.example.big@1.0+1 com.example.big@1.0+2 >/dev/null"
# Worst case: every file of the app rewritten (recorded on its own channel).
"$BIN" snapshot "$ALL" --repo "$WORK/repo3" --channel all --recorded-at $STAMP >/dev/null
ALL_COMMIT=$(git -C "$WORK/repo3" rev-parse refs/heads/com.example.big/all)
measure diff_recorded_all : "'$BIN' diff com.example.big@1.0+1 $ALL_COMMIT --repo '$WORK/repo3'"
measure diff_disk : "'$BIN' diff '$BASE' '$MOVED'"
cp "$WORK/out.diff_disk" "$WORK/diff_disk.txt"

# Last: git writes a compressed copy of every file (~1 GiB per run).
# git add -A && git commit of the same tree, in a scratch non-bare repository.
measure git "rm -rf '$WORK/git' && mkdir -p '$WORK/git' && cp -al '$BASE' '$WORK/git/Big.app' && git -C '$WORK/git' init -q" \
  "cd '$WORK/git' && git add -A && git -c user.name=bench -c user.email=bench@localhost commit -qm base"
rm -rf "$WORK/git"

# --- table -------------------------------------------------------------------
mib() { awk -v k="$1" 'BEGIN {printf "%.0f", k/1024}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2fx", a/b}'; }
BASELINE=sha256sum
awk -v a="${WALL[openssl]}" -v b="${WALL[sha256sum]}" 'BEGIN {exit !(a<b)}' && BASELINE=openssl
RECORD_PAIR=$(awk -v a="${WALL[snapshot]}" -v b="${WALL[snapshot_moved]}" 'BEGIN {print a+b}')
row() { printf '| %s | %s s | %s s | %s%% | %s MiB | %s |\n' "$1" "${WALL[$1]}" "${CPUS[$1]}" "${CPU[$1]}" "$(mib "${RSS[$1]}")" "$2"; }

cat <<TABLE

Bundle: $BUNDLE_FILES files, $BUNDLE_BYTES bytes ($(mib $((BUNDLE_BYTES / 1024))) MiB); $(nproc) cores; median of $REPEAT runs; warm page cache; load average before: $LOAD_BEFORE, after: $(cut -d' ' -f1-3 /proc/loadavg).

| Measurement | Wall | CPU time | CPU (max) | Peak RSS | Note |
|---|---|---|---|---|---|
$(row sha256sum "sha256sum, 2 workers")
$(row openssl "openssl dgst -sha256, 2 workers")
$(row git "git add -A && git commit (non-bare scratch repo)")
$(row snapshot "wall vs $BASELINE: $(ratio "${WALL[snapshot]}" "${WALL[$BASELINE]}") (target ≤ 1.5x), CPU time $(ratio "${CPUS[snapshot]}" "${CPUS[$BASELINE]}"); wall vs git: $(ratio "${WALL[snapshot]}" "${WALL[git]}")")
$(row snapshot2 "second build, 1% of files rewritten")
$(row snapshot_moved "build with $CHANGE changed + $MOVE moved files")
$(row diff_recorded "$CHANGE changed + $MOVE moved (target < 0.5 s, < 200 MiB); vs git diff-tree: $(ratio "${WALL[diff_recorded]}" "${WALL[git_diff_tree]}")")
$(row git_diff_tree "git diff-tree -r -M of the same two commits")
$(row diff_recorded_all "every file rewritten (worst case)")
$(row diff_disk "vs recording both builds ($RECORD_PAIR s): $(ratio "${WALL[diff_disk]}" "$RECORD_PAIR") (target ≤ 1.2x)")

| Repository | Bytes |
|---|---|
| bare repo after the first snapshot | $BEFORE |
| after the second (1% rewritten) | $AFTER |
| growth | $GROWTH ($(awk -v g="$GROWTH" -v b="$BUNDLE_BYTES" 'BEGIN {printf "%.3f", 100*g/b}')% of the bundle; target < 2%) |
TABLE
