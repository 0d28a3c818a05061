#!/usr/bin/env bash
# 8 processes record 25 builds each into one local history, all on one app and
# channel, so that they race for one branch. Afterwards every build is on the branch
# (one linear line), every version tag exists, every run exited 0 and fsck is clean.
#
# usage: scripts/faults/concurrent-record.sh [processes] [builds] [files]  (8 25 200)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
processes=${1:-8}
builds=${2:-25}
files=${3:-200}
bin=$(faults_binary)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repo=$work/history
branch=refs/heads/com.example.big/main

writer() {  # writer <p>: records builds p*1000+1 … p*1000+builds
  local p=$1 dir=$work/build$1 k number
  for k in $(seq 1 "$builds"); do
    number=$((p * 1000 + k))
    make_build "$dir" "$number" 0
    if ! "$bin" snapshot "$dir/Big.app" --repo "$repo" >"$work/out.$p.$k" 2>"$work/err.$p.$k"; then
      echo "writer $p build $number: exit $?: $(cat "$work/err.$p.$k")" >>"$work/failures"
    fi
  done
}

for p in $(seq 1 "$processes"); do make_build "$work/build$p" "$((p * 1000))" "$files"; done
started=$(now_ms)
for p in $(seq 1 "$processes"); do writer "$p" & done
wait
elapsed=$(( $(now_ms) - started ))
total=$((processes * builds))
if [ -s "$work/failures" ]; then cat "$work/failures" >&2; fail "$(wc -l <"$work/failures") recordings failed"; fi
fsck_clean "$repo"
count=$(git --git-dir "$repo" rev-list --count "$branch")
[ "$count" -eq "$total" ] || fail "expected $total builds on $branch, found $count"
merges=$(git --git-dir "$repo" rev-list --min-parents=2 --count "$branch")
[ "$merges" -eq 0 ] || fail "$merges merge commits on $branch"
recorded=$(git --git-dir "$repo" log --format=%B "$branch" | grep -c '^Bundlediff-Build: ')
[ "$recorded" -eq "$total" ] || fail "$recorded build trailers, expected $total"
missing=0
for p in $(seq 1 "$processes"); do
  for k in $(seq 1 "$builds"); do
    git --git-dir "$repo" rev-parse -q --verify "refs/tags/com.example.big@1.0+$((p * 1000 + k))" >/dev/null \
      || missing=$((missing + 1))
  done
done
[ "$missing" -eq 0 ] || fail "$missing version tags missing"
retried=$(cat "$work"/out.* | grep -c 'lost races\|lost the race' || true)
races=$(cat "$work"/out.* | sed -n 's/.*note: moved the branch after \([0-9]*\) lost.*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
echo "concurrent-record: $processes processes x $builds builds ($files files each) in ${elapsed} ms:" \
  "$count builds on $branch, all tags present, no failures, fsck clean;" \
  "$retried recordings retried after lost races ($races lost races in all)"
