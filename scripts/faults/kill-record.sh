#!/usr/bin/env bash
# Kills `bundlediff snapshot` with SIGKILL at a random point, then checks the history:
# git fsck --strict is clean, the branch names the old or the new commit (never
# anything else), and recording the same build again succeeds.
#
# usage: scripts/faults/kill-record.sh [trials] [files]   (defaults: 100, 1000)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
trials=${1:-100}
files=${2:-1000}
bin=$(faults_binary)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo=$work/history
build=$work/build
app=$build/Big.app
branch=refs/heads/com.example.big/main
make_build "$build" 1 "$files"
started=$(now_ms)
"$bin" snapshot "$app" --repo "$repo" >/dev/null
baseline_ms=$(( $(now_ms) - started ))
# The typical duration of recording a rebuild (what the kills are spread over): the
# shortest of three.
typical_ms=999999
for number in 2 3 4; do
  make_build "$build" "$number" 0
  started=$(now_ms)
  "$bin" snapshot "$app" --repo "$repo" >/dev/null
  took=$(( $(now_ms) - started ))
  [ "$took" -ge "$typical_ms" ] || typical_ms=$took
done
echo "kill-record: $files files; first record ${baseline_ms} ms, rebuild ${typical_ms} ms (shortest of 3); $trials trials"

before=0 after=0 finished=0 locks=0
for trial in $(seq 1 "$trials"); do
  number=$((trial + 4))
  old=$(git --git-dir "$repo" rev-parse "$branch")
  make_build "$build" "$number" 0
  # Odd trials: anywhere in the run. Even trials: its last quarter and a little after,
  # where the pack, the branch and the tags are written.
  if [ $((trial % 2)) -eq 1 ]; then
    delay_ms=$(( RANDOM % (typical_ms + 1) ))
  else
    delay_ms=$(( typical_ms * 3 / 4 + RANDOM % (typical_ms * 4 / 10 + 1) ))
  fi
  "$bin" snapshot "$app" --repo "$repo" >"$work/out" 2>"$work/err" &
  pid=$!
  sleep "$(awk "BEGIN { print $delay_ms / 1000 }")"
  kill -9 "$pid" 2>/dev/null || true
  status=0; { wait "$pid"; } 2>/dev/null || status=$?
  [ "$status" -eq 0 ] || [ "$status" -eq 137 ] || fail "trial $trial: exit $status: $(cat "$work/err")"
  fsck_clean "$repo" || fail "trial $trial (killed after ${delay_ms} ms): fsck"
  new=$(git --git-dir "$repo" rev-parse "$branch")
  if [ "$new" = "$old" ]; then
    before=$((before + 1))
  else
    parent=$(git --git-dir "$repo" rev-parse "$new^")
    [ "$parent" = "$old" ] || fail "trial $trial: $branch moved to $new whose parent is not $old"
    git --git-dir "$repo" cat-file commit "$new" | grep -qx "Bundlediff-Build: $number" \
      || fail "trial $trial: $branch names $new, which is not build $number"
    if [ "$status" -eq 0 ]; then finished=$((finished + 1)); else after=$((after + 1)); fi
  fi
  # A reference lock left by the kill: the next recording must remove it (after 2 s).
  stale=$(find "$repo" -name '*.lock' -not -path '*/objects/*' | wc -l)
  [ "$stale" -eq 0 ] || locks=$((locks + 1))
  # Recording again succeeds (a killed write is completed or redone) and tags the build.
  started=$(now_ms)
  if ! "$bin" snapshot "$app" --repo "$repo" >"$work/out" 2>"$work/err"; then
    fail "trial $trial: recording again failed ($stale stale lock files): $(cat "$work/err")"
  fi
  # Follow the machine's load: the kills spread over the recent duration of a recording
  # (a removed stale lock makes that one 2 s longer: left out).
  took=$(( $(now_ms) - started ))
  [ "$stale" -ne 0 ] || typical_ms=$(( (typical_ms * 3 + took) / 4 ))
  [ "$(git --git-dir "$repo" rev-parse "$branch")" != "$old" ] || fail "trial $trial: build $number not recorded"
  git --git-dir "$repo" rev-parse -q --verify "refs/tags/com.example.big@1.0+$number" >/dev/null \
    || fail "trial $trial: tag of build $number missing after recording again"
done
fsck_clean "$repo"
# Temporary files of killed pack writes (removed by a recording once an hour old).
temps=$(find "$repo/objects" -type f -name 'pack_git2_*' | wc -l)
refs_left=$(find "$repo" -name '*.lock' -not -path '*/objects/*' | wc -l)
[ "$refs_left" -eq 0 ] || fail "$refs_left reference lock files left at the end"
count=$(git --git-dir "$repo" rev-list --count "$branch")
[ "$count" -eq $((trials + 4)) ] || fail "expected $((trials + 4)) builds on $branch, found $count"
"$bin" log --repo "$repo" >/dev/null || fail "log failed after the trials"
echo "kill-record: $trials trials (a recording took ${typical_ms} ms at the end): killed before the branch moved $before, killed after $after," \
  "finished before the kill $finished; $locks left a reference lock (removed by the next recording);" \
  "$temps temporary pack files of killed writes left (removed when an hour old);" \
  "$count builds on the branch; fsck clean"
