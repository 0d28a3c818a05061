#!/usr/bin/env bash
# ssh:// end to end: an sshd on loopback (own host key listed in a known_hosts file given by
# BUNDLEDIFF_SSH_KNOWN_HOSTS, one authorized key), an ssh-agent
# holding the key, two runners pushing with `snapshot --push ssh://…`, a sync, a runner
# with the key file (BUNDLEDIFF_SSH_KEY) and no agent, and one with a key the server does
# not know (exit 2). Needs openssh-server (scripts/setup-deps.sh installs it).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${BUNDLEDIFF_BIN:-$here/.build/debug/bundlediff}
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
work=$(mktemp -d)
sshd_pid="" agent_pid=""
cleanup() {
  [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null || true
  [ -n "$agent_pid" ] && kill "$agent_pid" 2>/dev/null || true
  rm -rf "$work"
}
[ -n "${KEEP:-}" ] || trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

ssh-keygen -q -t ecdsa -N '' -f "$work/host_key"
ssh-keygen -q -t ecdsa -N '' -f "$work/client_key"
ssh-keygen -q -t ecdsa -N '' -f "$work/stranger_key"
cp "$work/client_key.pub" "$work/authorized_keys"
chmod 600 "$work/authorized_keys"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$work/sshd_config" <<CONF
ListenAddress 127.0.0.1
Port $port
HostKey $work/host_key
AuthorizedKeysFile $work/authorized_keys
PidFile $work/sshd.pid
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
CONF
[ "$(id -u)" -ne 0 ] || mkdir -p /run/sshd
"$(command -v sshd || echo /usr/sbin/sshd)" -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
sshd_pid=$!
for _ in $(seq 50); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && break
  sleep 0.1
done
eval "$(ssh-agent -s -a "$work/agent.sock")" >/dev/null
agent_pid=$SSH_AGENT_PID
ssh-add -q "$work/client_key"

git init -q --bare "$work/shared.git"
# The server's host key is unknown at first: refused, one line, exit 2, nothing recorded remotely.
: >"$work/empty_known_hosts"
set +e
SSH_AUTH_SOCK="$work/agent.sock" BUNDLEDIFF_SSH_KNOWN_HOSTS="$work/empty_known_hosts" \
  "$bin" sync "ssh://$(id -un)@127.0.0.1:$port$work/shared.git" --repo "$work/u" >/dev/null 2>"$work/u.err"
status=$?
set -e
[ "$status" -eq 2 ] || fail "unknown host: exit $status: $(cat "$work/u.err")"
grep -q "is not in $work/empty_known_hosts" "$work/u.err" || fail "unknown host: $(cat "$work/u.err")"
echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$work/host_key.pub")" >"$work/known_hosts"
export BUNDLEDIFF_SSH_KNOWN_HOSTS="$work/known_hosts"
url="ssh://$(id -un)@127.0.0.1:$port$work/shared.git"
"$bin" snapshot "$here/Demo/builds/1/Wanderlust.app" --repo "$work/a" --push "$url" >"$work/a.out" \
  || fail "runner a: $(cat "$work/a.out")"
"$bin" snapshot "$here/Demo/builds/2/Wanderlust.app" --repo "$work/b" --push "$url" >"$work/b.out" \
  || fail "runner b"
"$bin" sync "$url" --repo "$work/a" >"$work/sync.out" || fail "sync"
count=$(git -C "$work/shared.git" rev-list --count refs/heads/com.example.wanderlust/main)
[ "$count" -eq 2 ] || fail "$count builds on the remote, expected 2"
# The key file instead of the agent.
env -u SSH_AUTH_SOCK BUNDLEDIFF_SSH_KEY="$work/client_key" "$bin" sync "$url" --repo "$work/c" --fetch-only \
  >"$work/c.out" || fail "key file"
grep -q "fetched from $url: 3 reference(s)" "$work/c.out" || fail "key file fetched: $(cat "$work/c.out")"
# Another host key for the same host: refused as a possible man in the middle.
ssh-keygen -q -t ecdsa -N '' -f "$work/other_host_key"
echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$work/other_host_key.pub")" >"$work/wrong_known_hosts"
set +e
BUNDLEDIFF_SSH_KNOWN_HOSTS="$work/wrong_known_hosts" "$bin" sync "$url" --repo "$work/w" >/dev/null 2>"$work/w.err"
status=$?
set -e
[ "$status" -eq 2 ] && grep -q "differs from the one in" "$work/w.err" || fail "wrong host key: $(cat "$work/w.err")"
# A key the server does not know: one line, exit 2, within the time limit.
set +e
env -u SSH_AUTH_SOCK BUNDLEDIFF_SSH_KEY="$work/stranger_key" BUNDLEDIFF_NETWORK_TIMEOUT=10 \
  "$bin" sync "$url" --repo "$work/d" >/dev/null 2>"$work/d.err"
status=$?
set -e
[ "$status" -eq 2 ] || fail "unknown key: exit $status: $(cat "$work/d.err")"
[ "$(wc -l <"$work/d.err")" -eq 1 ] || fail "unknown key: $(cat "$work/d.err")"
grep -q "authentication" "$work/d.err" || fail "unknown key: $(cat "$work/d.err")"
git -C "$work/shared.git" fsck --strict --no-dangling 2>/dev/null || fail "fsck remote"
git -C "$work/a" fsck --strict --no-dangling 2>/dev/null || fail "fsck runner a"
echo "ssh remote: 2 runners pushed over ssh:// (agent, host key from known_hosts), sync and key-file fetch work;" \
  "unknown host key, changed host key and unknown client key each give exit 2:"
cat "$work/u.err" "$work/w.err" "$work/d.err"
