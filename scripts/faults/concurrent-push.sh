#!/usr/bin/env bash
# Many runners pushing to one shared history: PROCS processes (default 8) each record
# BUILDS builds (default 25, all different) with `snapshot --push` to one bare remote served
# on loopback by `git daemon` (git://, the default) or `git http-backend` (http).
# Checks: every build is on the remote's branch and tagged, no run failed,
# `git fsck --strict` is clean on the remote and on every runner's history.
# Usage: scripts/faults/concurrent-push.sh [git|http]   (BUNDLEDIFF_BIN: the binary to use)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
transport=${1:-git}
procs=${PROCS:-8}
builds=${BUILDS:-25}
bin=${BUNDLEDIFF_BIN:-$here/.build/debug/bundlediff}
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
work=$(mktemp -d)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The builds: the demo app with CFBundleVersion <runner>0<n> (200 different builds).
python3 - "$here/Demo/builds/1/Wanderlust.app" "$work/builds" "$procs" "$builds" <<'PY'
import plistlib, shutil, sys
src, dst, procs, builds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
for p in range(1, procs + 1):
    for n in range(1, builds + 1):
        app = f"{dst}/r{p}/b{n}/Wanderlust.app"
        shutil.copytree(src, app, symlinks=True)
        with open(f"{app}/Info.plist", "rb") as f:
            info = plistlib.load(f)
        info["CFBundleVersion"] = f"{p}0{n}"
        with open(f"{app}/Info.plist", "wb") as f:
            plistlib.dump(info, f)
PY

mkdir -p "$work/srv"
git init -q --bare "$work/srv/shared.git"
case "$transport" in
  git)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$(git --exec-path)/git-daemon" --reuseaddr --base-path="$work/srv" --export-all --enable=receive-pack \
      --listen=127.0.0.1 --port="$port" "$work/srv" 2>"$work/daemon.log" &
    server_pid=$!
    url="git://127.0.0.1:$port/shared.git"
    for _ in $(seq 50); do
      git ls-remote "$url" >/dev/null 2>&1 && break
      sleep 0.1
    done
    ;;
  http)
    python3 "$here/scripts/faults/serve.py" http "$work/srv" >"$work/port" 2>"$work/http.log" &
    server_pid=$!
    for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
    url="http://127.0.0.1:$(cat "$work/port")/shared.git"
    ;;
  *) echo "usage: $0 [git|http]" >&2; exit 2 ;;
esac

start=$(date +%s.%N)
for p in $(seq "$procs"); do
  (
    for n in $(seq "$builds"); do
      if ! "$bin" snapshot "$work/builds/r$p/b$n/Wanderlust.app" --repo "$work/runner-$p" --push "$url" \
          --label "runner-$p" >>"$work/out-$p" 2>>"$work/err-$p"; then
        echo "runner $p build $n failed" >>"$work/failures"
      fi
    done
  ) &
done
wait $(jobs -p | grep -v "^$server_pid\$") 2>/dev/null || true
elapsed=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")

remote="$work/srv/shared.git"
branch=refs/heads/com.example.wanderlust/main
expected=$((procs * builds))
count=$(git -C "$remote" rev-list --count "$branch")
tags=$(git -C "$remote" tag --list 'com.example.wanderlust@*' | wc -l)
distinct=$(git -C "$remote" log --format=%B "$branch" | grep -c '^Bundlediff-Build: ' || true)
attempts=$(cat "$work"/out-* | awk '/^attempts: /{s += $2 - 1} END {print s + 0}')
most=$(cat "$work"/out-* | awk '/^attempts: /{if ($2 > m) m = $2} END {print m + 0}')
moved=$(cat "$work"/out-* | grep -c '^this build is now ' || true)
status=0
fsck_ok=yes
if [ -s "$work/failures" ]; then
  echo "FAILED runs:"; cat "$work/failures"; cat "$work"/err-* | sort | uniq -c | head -20; status=1
fi
[ "$count" -eq "$expected" ] || { echo "FAIL: $count builds on the remote branch, expected $expected"; status=1; }
[ "$tags" -eq "$expected" ] || { echo "FAIL: $tags version tags on the remote, expected $expected"; status=1; }
git -C "$remote" fsck --strict --no-dangling >/dev/null 2>"$work/fsck" || { echo "FAIL: fsck remote"; cat "$work/fsck"; status=1; fsck_ok=no; }
for p in $(seq "$procs"); do
  git -C "$work/runner-$p" fsck --strict --no-dangling >/dev/null 2>"$work/fsck" \
    || { echo "FAIL: fsck runner $p"; cat "$work/fsck"; status=1; fsck_ok=no; }
done
echo "concurrent push over $transport: $procs runners x $builds builds in ${elapsed}s;" \
  "$count builds on the remote ($distinct build trailers), $tags tags;" \
  "$moved builds put on top of another runner's; $attempts extra attempts (at most $most for one build); failed runs: $( [ -s "$work/failures" ] && wc -l <"$work/failures" || echo 0); fsck clean: $fsck_ok"
exit $status
