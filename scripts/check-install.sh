#!/usr/bin/env bash
# Proof that the release archive runs bare: unpacks dist/bundlediff-*-linux-<arch>.tar.gz
# (scripts/package.sh builds it; pass another archive as $1) into a clean Debian 12 root made
# with debootstrap (minbase: no Swift, no libgit2, no -dev package), then, inside it (chroot),
# checks the SHA-256 file, runs `bundlediff --version` (it must name the commit and libgit2
# 1.5.1), records the two demo builds, lists them and compares them, then runs `--version`
# with libgssapi_krb5 hidden, and fails otherwise.
#
# The root is made once per machine and kept in $BUNDLEDIFF_CHECK_ROOT
# (/var/cache/bundlediff-check-root); each run works in a scratch folder inside it and removes
# it. Needs root (debootstrap, chroot). Debian mirror: $BUNDLEDIFF_DEBIAN_MIRROR.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=${BUNDLEDIFF_CHECK_ROOT:-/var/cache/bundlediff-check-root}
mirror=${BUNDLEDIFF_DEBIAN_MIRROR:-http://deb.debian.org/debian}
fail() { echo "check-install: $*" >&2; exit 1; }

archive=${1:-}
if [ -z "$archive" ]; then
  shopt -s nullglob
  found=("$here"/dist/bundlediff-*-linux-"$(uname -m)".tar.gz)
  [ ${#found[@]} -eq 1 ] || fail "expected one archive in dist/ (found ${#found[@]}): run scripts/package.sh first"
  archive=${found[0]}
fi
[ -f "$archive" ] || fail "$archive: no such archive"
[ -f "$archive.sha256" ] || fail "$archive.sha256: the SHA-256 file is missing"
[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap and chroot)"

# The root: only what debootstrap's minbase variant installs, plus libgssapi-krb5-2, which
# the binary loads on first use for Kerberos HTTP authentication (package.sh says why; it
# checks that the binary needs no shared library but glibc's and libgcc_s).
if [ ! -f "$root/.bundlediff-check-root" ]; then
  if ! command -v debootstrap >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
  fi
  rm -rf "$root.partial"
  mkdir -p "$(dirname "$root")"
  echo "check-install: making a Debian 12 minbase root in $root (once per machine)" >&2
  debootstrap --variant=minbase --include=libgssapi-krb5-2 bookworm "$root.partial" "$mirror" \
    > "$root.partial.log" 2>&1 || { tail -20 "$root.partial.log" >&2; fail "debootstrap failed"; }
  rm -rf "$root"
  touch "$root.partial/.bundlediff-check-root"
  mv "$root.partial" "$root"
  rm -f "$root.partial.log"
fi
# Clean means clean: no Swift and no libgit2 anywhere in the root.
leaks=$(find "$root" -xdev \( -name 'libswiftCore*' -o -name 'libFoundation*' -o -name 'libgit2*' \
        -o -name swift -o -name 'libdispatch*' \) -print | head -5)
[ -z "$leaks" ] || fail "the root is not clean: $leaks"

work="$root/tmp/bundlediff-check"
rm -rf "$work"; mkdir -p "$work"
# /proc, as every Linux system has it (the Swift runtime reads the arguments from
# /proc/self/cmdline); unmounted on the way out.
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'rm -rf "$work"; umount "$root/proc" 2>/dev/null || true' EXIT
cp "$archive" "$archive.sha256" "$work/"
cp -R "$here/Demo/builds" "$work/builds"
name=$(basename "$archive" .tar.gz)
# The commit --version must name: the checkout's, as package.sh bakes it in (an archive built
# from another commit fails), unless BUNDLEDIFF_EXPECT_COMMIT names another.
expected_commit=${BUNDLEDIFF_EXPECT_COMMIT:-$(git -C "$here" describe --always --dirty --abbrev=12 2>/dev/null || true)}

# Everything below runs inside the root, with an empty environment.
cat > "$work/check.sh" <<EOF
set -eu
cd /tmp/bundlediff-check
sha256sum -c "$name.tar.gz.sha256"
tar -xzf "$name.tar.gz"
bin="\$PWD/$name/bin/bundlediff"
for f in share/man/man1/bundlediff.1 share/bash-completion/completions/bundlediff \
         share/zsh/site-functions/_bundlediff share/fish/vendor_completions.d/bundlediff.fish README.md LICENSE; do
  [ -s "$name/\$f" ] || { echo "missing from the archive: \$f"; exit 1; }
done
"\$bin" --version > version.txt
cat version.txt
grep -qx "libgit2 1.5.1" version.txt || { echo "--version does not name libgit2 1.5.1"; exit 1; }
if [ -n "$expected_commit" ]; then
  grep -qx "commit $expected_commit" version.txt || { echo "--version does not name commit $expected_commit"; exit 1; }
fi
"\$bin" snapshot builds/1/Wanderlust.app --label demo-1 --recorded-at 2026-11-01T09:00:00Z
"\$bin" snapshot builds/2/Wanderlust.app --label demo-2 --recorded-at 2026-11-08T09:00:00Z
"\$bin" log > log.txt
grep -q "com.example.wanderlust" log.txt || { echo "the log does not list the demo builds"; exit 1; }
status=0
"\$bin" diff com.example.wanderlust@1.0 com.example.wanderlust@1.1 > diff.txt || status=\$?
# Exit 1: the demo's build 2 has findings at the failing severity (as scripts/demo.sh says).
[ "\$status" -eq 1 ] || { echo "diff exited \$status, expected 1"; cat diff.txt; exit 1; }
grep -q "com.example.wanderlust" diff.txt || { echo "the diff report does not name the app"; exit 1; }
echo "check-install: the archive runs bare: --version, snapshot, log and diff"
EOF
env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp/bundlediff-check LANG=C.UTF-8 \
  chroot "$root" /bin/sh /tmp/bundlediff-check/check.sh

# It also starts without libgssapi_krb5, which it loads only for Kerberos HTTP authentication
# (CGitShim's LazyGSSAPI.c): the library is hidden for one run, in a mount namespace of its
# own (the kept root is not touched). Where namespaces are not allowed, this step is skipped.
gss=$(find "$root/usr/lib" -name libgssapi_krb5.so.2 -print -quit)
[ -n "$gss" ] || fail "the root has no libgssapi_krb5.so.2 to hide"
if unshare -m true 2>/dev/null; then
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 unshare -m /bin/sh -c \
    "mount --bind /dev/null '$gss' && chroot '$root' /tmp/bundlediff-check/$name/bin/bundlediff --version" >/dev/null \
    || fail "the binary does not start without libgssapi_krb5"
  echo "check-install: it starts without libgssapi_krb5"
else
  echo "check-install: no mount namespace here; not checked that it starts without libgssapi_krb5"
fi
