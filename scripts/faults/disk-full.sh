#!/usr/bin/env bash
# Recording into a history that cannot grow: (1) a file-size limit (ulimit -f), always;
# (2) a full filesystem: small tmpfs mounts of many sizes (when this user may mount),
# so that the disk fills up at every step (creating the repository, the pack, its
# index, the branch, HEAD, the tag). Every failure must be exit 2 with one message
# naming the history and the cause, fsck must stay clean, the branch must name no
# build or the whole new one, and recording again with space must succeed.
#
# usage: scripts/faults/disk-full.sh [tmpfs-sizes-in-KiB...]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin=$(faults_binary)
work=$(mktemp -d)
mnt=$work/mnt
cleanup() { mountpoint -q "$mnt" 2>/dev/null && umount "$mnt"; rm -rf "$work"; }
trap cleanup EXIT
branch=refs/heads/com.example.big/main
make_build "$work/b1" 1 200
make_build "$work/b2" 2 200
# The history keeps property lists as text: a 1 MiB .strings file makes a large pack.
python3 -c "import os; open('$work/b2/Big.app/en.lproj/Large.strings', 'w').write(''.join('\"%s\" = \"%s\";\n' % (os.urandom(12).hex(), os.urandom(12).hex()) for _ in range(17000)))"

# check_failure <repo> <expected cause> <old ref or ""> : after a failed record.
check_failure() {
  local repo=$1 cause=$2 old=$3 lines
  lines=$(wc -l <"$work/err")
  [ "$lines" -eq 1 ] || fail "expected one line of error, got: $(cat "$work/err")"
  grep -q "^bundlediff: error: $repo[:/].*$cause" "$work/err" || fail "unclear message: $(cat "$work/err")"
  if [ -d "$repo/objects" ]; then
    fsck_clean "$repo" || fail "fsck after: $(cat "$work/err")"
    [ -z "$(find "$repo" -name '*.lock' -o -name 'pack_git2_*' -o -name 'tmp_*')" ] \
      || fail "left behind: $(find "$repo" -name '*.lock' -o -name 'pack_git2_*' -o -name 'tmp_*')"
  fi
  local now; now=$(git --git-dir "$repo" rev-parse -q --verify "$branch" 2>/dev/null || true)
  if [ "$now" != "$old" ]; then
    [ "$(git --git-dir "$repo" rev-parse "$now^{tree}")" != "" ] || fail "branch names a broken commit"
    grep -q "was recorded as" "$work/err" || fail "branch moved but the message says otherwise: $(cat "$work/err")"
  fi
}

# (1) File-size limit: the pack of build 2 (over 500 KiB) passes a 256 KiB limit.
repo=$work/limited
"$bin" snapshot "$work/b1/Big.app" --repo "$repo" >/dev/null
old=$(git --git-dir "$repo" rev-parse "$branch")
status=0
(ulimit -f 256; exec "$bin" snapshot "$work/b2/Big.app" --repo "$repo") >/dev/null 2>"$work/err" || status=$?
[ "$status" -eq 2 ] || fail "file-size limit: exit $status (expected 2): $(cat "$work/err")"
check_failure "$repo" "File too large; the build was not recorded" "$old"
[ "$(git --git-dir "$repo" rev-parse "$branch")" = "$old" ] || fail "file-size limit: branch moved"
"$bin" snapshot "$work/b2/Big.app" --repo "$repo" >/dev/null || fail "record after lifting the limit"
fsck_clean "$repo"
echo "disk-full: file-size limit 256 KiB: exit 2, '$(sed 's/^bundlediff: error: //' "$work/err" | cut -c1-60)…'; branch unchanged; recorded afterwards"

# (2) Full filesystem.
mkdir -p "$mnt"
if ! mount -t tmpfs -o size=64k tmpfs "$mnt" 2>/dev/null; then
  echo "disk-full: cannot mount a tmpfs here (not root?): full-filesystem part skipped"
  exit 0
fi
umount "$mnt"
sizes=("$@")
# Every page (4 KiB) up to where build 1 fits, and around where build 2 stops fitting.
[ ${#sizes[@]} -gt 0 ] || mapfile -t sizes < <(seq 4 4 100; seq 512 4 660)
failed=0 passed=0
for kib in "${sizes[@]}"; do
  mount -t tmpfs -o "size=${kib}k" tmpfs "$mnt"
  repo=$mnt/history
  for b in b1 b2; do
    old=$(git --git-dir "$repo" rev-parse -q --verify "$branch" 2>/dev/null || true)
    status=0
    "$bin" snapshot "$work/$b/Big.app" --repo "$repo" >/dev/null 2>"$work/err" || status=$?
    if [ "$status" -eq 0 ]; then passed=$((passed + 1)); continue; fi
    [ "$status" -eq 2 ] || fail "tmpfs ${kib}k, $b: exit $status: $(cat "$work/err")"
    check_failure "$repo" "No space left on device" "$old"
    failed=$((failed + 1))
    [ -z "${FAULTS_VERBOSE:-}" ] || echo "  tmpfs ${kib} KiB, $b: $(sed "s|^bundlediff: error: $mnt/||" "$work/err")"
    sed -e 's/pack_git2_[0-9a-f]*/pack_git2_*/' -e 's/[0-9]* bytes/N bytes/g' -e 's/[0-9]* are free/N are free/' \
      -e "s|^bundlediff: error: $mnt/||" "$work/err" >>"$work/messages"
    # With space again, the same recording succeeds and the history is whole.
    mount -o remount,size=8m "$mnt"
    "$bin" snapshot "$work/$b/Big.app" --repo "$repo" >/dev/null 2>"$work/err" \
      || fail "tmpfs ${kib}k, $b: recording again with space failed: $(cat "$work/err")"
    fsck_clean "$repo"
    git --git-dir "$repo" rev-parse -q --verify "refs/tags/com.example.big@1.0+${b#b}" >/dev/null \
      || fail "tmpfs ${kib}k: tag of $b missing after recording again"
    break
  done
  umount "$mnt"
done
echo "disk-full: distinct messages (count, text):"
sort "$work/messages" | uniq -c | sort -rn | sed 's/^/  /'
echo "disk-full: ${#sizes[@]} tmpfs sizes (${sizes[0]}–${sizes[-1]} KiB): $failed recordings failed with 'No space left on device' (exit 2, fsck clean, recorded again with space), $passed fit"
