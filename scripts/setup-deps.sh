#!/usr/bin/env bash
# Installs the system libraries bundlediff links against (Debian/Ubuntu), when missing,
# and the tools the tests and scripts use (git, python3; strace for scripts/faults).
set -euo pipefail
need=()
# strace kills at write system calls in scripts/faults; git brings git daemon and git
# http-backend; openssh-server/-client serve ssh:// remotes in scripts/faults/ssh-remote.sh.
for pkg in libgit2-dev libssl-dev zlib1g-dev pkg-config git python3 strace openssh-server openssh-client; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
