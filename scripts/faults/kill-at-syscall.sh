#!/usr/bin/env bash
# Kills `bundlediff snapshot` at every file-system step of its write, deterministically:
# strace injects SIGKILL on entry to the Nth call of one system call (pwrite64 and
# write: the pack, its index, refs; link, unlink, rename: putting them in place;
# mkdir: creating the history), for N = 1, 2, … until a run finishes unharmed.
# Then: fsck is clean, the branch names the old or the new build, a history being
# created is either absent or whole, and recording again succeeds.
#
# usage: scripts/faults/kill-at-syscall.sh   (needs strace; skipped without it)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
command -v strace >/dev/null || { echo "kill-at-syscall: strace not installed: skipped"; exit 0; }
strace -f -qq -o /dev/null true 2>/dev/null || { echo "kill-at-syscall: strace cannot trace here (ptrace denied): skipped"; exit 0; }
bin=$(faults_binary)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
branch=refs/heads/com.example.big/main
make_build "$work/build" 1 30
runs=0 killed=0 moved=0

# trial <history> <syscall> <n> <expected build>: one killed recording and the checks.
trial() {
  local repo=$1 call=$2 n=$3 number=$4 old new status=0
  old=$(git --git-dir "$repo" rev-parse -q --verify "$branch" 2>/dev/null || true)
  { strace -f -qq -o /dev/null -e trace="$call" -e inject="$call:signal=KILL:when=$n" \
    "$bin" snapshot "$work/build/Big.app" --repo "$repo" >/dev/null 2>"$work/err"; } 2>/dev/null || status=$?
  runs=$((runs + 1))
  if [ "$status" -eq 0 ]; then return 1; fi  # no Nth call: this system call is done
  [ "$status" -eq 137 ] || fail "$call #$n: exit $status: $(cat "$work/err")"
  killed=$((killed + 1))
  if [ -e "$repo" ]; then
    git --git-dir "$repo" rev-parse --git-dir >/dev/null 2>&1 || fail "$call #$n: $repo is not a repository"
    fsck_clean "$repo" || fail "$call #$n: fsck"
  fi
  new=$(git --git-dir "$repo" rev-parse -q --verify "$branch" 2>/dev/null || true)
  if [ "$new" != "$old" ]; then
    moved=$((moved + 1))
    git --git-dir "$repo" cat-file commit "$new" | grep -qx "Bundlediff-Build: $number" \
      || fail "$call #$n: $branch names $new, not build $number"
  fi
  "$bin" snapshot "$work/build/Big.app" --repo "$repo" >/dev/null 2>"$work/err" \
    || fail "$call #$n: recording again failed: $(cat "$work/err")"
  fsck_clean "$repo"
  git --git-dir "$repo" rev-parse -q --verify "refs/tags/com.example.big@1.0+$number" >/dev/null \
    || fail "$call #$n: tag of build $number missing after recording again"
  return 0
}

# A new history (its creation included), then a rebuild recorded into an existing one.
for call in mkdir pwrite64 write link unlink rename; do
  n=1
  while true; do
    rm -rf "$work/fresh"
    trial "$work/fresh" "$call" "$n" 1 || break
    n=$((n + 1))
  done
done
"$bin" snapshot "$work/build/Big.app" --repo "$work/existing" >/dev/null
number=1
for call in pwrite64 write link unlink rename; do
  n=1
  while true; do
    number=$((number + 1))
    make_build "$work/build" "$number" 0
    trial "$work/existing" "$call" "$n" "$number" || break
    n=$((n + 1))
  done
done
leftovers=$(find "$work" -maxdepth 1 -name '.*.new-*' | wc -l)
echo "kill-at-syscall: $runs runs, $killed killed at a system call of the write ($moved after the branch moved);" \
  "fsck clean and recorded again every time; $leftovers half-created histories left aside (hidden .new- folders)"
