#!/usr/bin/env bash
# Builds the release archive dist/bundlediff-<version>-linux-<arch>.tar.gz: a binary that runs
# on Linux without a Swift toolchain, shell completions, a man page, README, LICENSE, and
# dist/bundlediff-<version>-linux-<arch>.tar.gz.sha256 beside it.
#
# Linked statically: the Swift standard library and FoundationEssentials (--static-swift-stdlib;
# the product imports no other part of Foundation, so neither Foundation nor ICU is linked),
# libgit2 1.5.1 and what it needs (libssh2, mbedTLS, http-parser, PCRE2), OpenSSL's libcrypto,
# zlib, SQLite (libsqlite3, which reads app data stores) and libyaml (configuration and baseline
# files), all from Debian 12's -dev packages, and GCC's libstdc++ (the Swift runtime's C++
# library: loaded as a shared library, it was a fifth of `bundlediff --version`). Left dynamic:
# glibc (2.35 or later) and libgcc_s. libgssapi_krb5.so.2 (Debian ships no static library of it), which
# libgit2 uses for HTTP "Negotiate" authentication only, is not linked: CGitShim's
# LazyGSSAPI.c loads it on first use. README.md says why.
#
# The commit (`git describe --always --dirty`) is baked in for `bundlediff --version`, through
# a generated header; set BUNDLEDIFF_COMMIT to override it (a source tree without git).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/setup-deps.sh"
cd "$here"

# The static libraries: libgit2-dev brings libgit2.a and its private dependencies' -dev packages.
need=()
for pkg in libgit2-dev libssh2-1-dev libmbedtls-dev libhttp-parser-dev libpcre2-dev libssl-dev zlib1g-dev libsqlite3-dev libyaml-dev; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

libdir=$(pkg-config --variable=libdir libgit2)
if [ "$(pkg-config --modversion libgit2)" != "1.5.1" ]; then
  echo "package.sh: libgit2 $(pkg-config --modversion libgit2) found; bundlediff is built against 1.5.1" >&2
  exit 1
fi
scratch="$here/.build-package"
# Static linking: pkg-config files of our own, found first, send the link to a folder holding
# only the static archives (`-lgit2` would otherwise find libgit2.so beside libgit2.a), with
# libgit2's private dependencies listed after it.
static="$scratch/static-libs"
rm -rf "$static"; mkdir -p "$static"
for lib in git2 ssh2 mbedtls mbedx509 mbedcrypto http_parser pcre2-8 crypto z sqlite3 yaml; do
  if [ ! -f "$libdir/lib$lib.a" ]; then
    echo "package.sh: $libdir/lib$lib.a is missing (its Debian -dev package ships it)" >&2
    exit 1
  fi
  ln -s "$libdir/lib$lib.a" "$static/lib$lib.a"
done
# libstdc++ too: the toolchain's link line asks for -lstdc++, and this folder is searched
# first. (GCC's runtime library exception allows linking it into any program.)
if ! command -v gcc >/dev/null; then
  echo "package.sh: gcc is missing (it names libstdc++.a's place; Debian's gcc package)" >&2
  exit 1
fi
libstdcxx=$(gcc -print-file-name=libstdc++.a)
if [ ! -f "$libstdcxx" ]; then
  echo "package.sh: libstdc++.a is missing (Debian's libstdc++-12-dev ships it)" >&2
  exit 1
fi
ln -s "$libstdcxx" "$static/libstdc++.a"
pc="$scratch/pkgconfig"
rm -rf "$pc"; mkdir -p "$pc"
write_pc() {  # write_pc <name> <version> <libs>
  printf 'Name: %s\nDescription: %s from Debian, linked statically\nVersion: %s\nLibs: -L%s %s\nCflags:\n' \
    "$1" "$1" "$2" "$static" "$3" > "$pc/$1.pc"
}
# Not libgssapi_krb5: libgit2's calls into it reach CGitShim's LazyGSSAPI.c, which loads it on first use.
write_pc libgit2 1.5.1 "-lgit2 -lssh2 -lmbedtls -lmbedx509 -lmbedcrypto -lhttp_parser -lpcre2-8 -lcrypto -lz"
write_pc libcrypto "$(pkg-config --modversion libcrypto)" "-lcrypto"
write_pc zlib "$(pkg-config --modversion zlib)" "-lz"
# libsqlite3.a's own needs (pkg-config --static): libm, and zlib's archive linked above.
write_pc sqlite3 "$(pkg-config --modversion sqlite3)" "-lsqlite3 -lm -lz"
# libyaml.a needs nothing but libc.
write_pc yaml-0.1 "$(pkg-config --modversion yaml-0.1)" "-lyaml"
export PKG_CONFIG_PATH="$pc"

# The commit, in a header that only Sources/CBuildInfo includes: a new commit recompiles that
# one C file and relinks, where a -D flag would change every compile command.
commit=${BUNDLEDIFF_COMMIT:-$(git -C "$here" describe --always --dirty --abbrev=12 2>/dev/null || true)}
case "$commit" in
  *[!A-Za-z0-9._+-]*) echo "package.sh: commit '$commit' has characters a C string cannot take here" >&2; exit 1 ;;
esac
mkdir -p "$scratch/buildinfo"
header="$scratch/buildinfo/bundlediff_commit.h"
printf '#define BUNDLEDIFF_COMMIT "%s"\n' "$commit" > "$header.new"
if cmp -s "$header.new" "$header"; then rm "$header.new"; else mv "$header.new" "$header"; fi

# lld (from the toolchain) resolves symbols across archives in any order. --wrap sends
# libgit2's parsing of the CA bundle at set-up through CGitShim's DeferredCertificates.c,
# which defers it until a remote is contacted.
# -disable-concrete-type-metadata-mangled-name-accessors: a concrete generic type's metadata
# (`[BundlePath: Span]`, `Option<String?>`) is got through its accessor, with the witness
# tables the compiler knows, not by demangling its name at first use, which looked up each
# conformance by scanning the binary's 4,600 conformance records (Benchmarks/README.md, stop 44).
flags=(-c release --scratch-path "$scratch" --static-swift-stdlib
       -Xswiftc -use-ld=lld -Xlinker --wrap=mbedtls_x509_crt_parse_file -Xcc -I"$scratch/buildinfo"
       -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
swift build "${flags[@]}" --product bundlediff >&2
# The man page generator of swift-argument-parser's generate-manual plugin, run on the
# binary just built (the plugin itself would build the whole package a second time).
swift build "${flags[@]}" --product generate-manual >&2
bin_dir=$(swift build "${flags[@]}" --show-bin-path)
bin="$bin_dir/bundlediff"

# Nothing from the Swift toolchain or a -dev package may be needed at run time.
needed=$(readelf -d "$bin" | awk '/NEEDED/ { gsub(/[\[\]]/, "", $5); print $5 }' | sort | tr '\n' ' ')
for lib in $needed; do
  case "$lib" in
    libc.so.6|libm.so.6|libgcc_s.so.1|ld-linux-*.so.*) ;;
    *) echo "package.sh: the binary needs $lib at run time (only glibc and libgcc_s may be)" >&2; exit 1 ;;
  esac
done

# README's promise: glibc 2.35 is enough (Ubuntu 22.04 has it); no libstdc++ is needed.
too_new=$(objdump -T "$bin" | grep -oE 'GLIBC_2\.[0-9]+|GLIBCXX_3\.4\.[0-9]+' | sort -uV \
  | awk -F'[_.]' '($1 == "GLIBC" && $3 > 35) || $1 == "GLIBCXX"' | tr '\n' ' ')
if [ -n "$too_new" ]; then
  echo "package.sh: the binary needs $too_new(README promises glibc 2.35 and nothing of libstdc++)" >&2
  exit 1
fi

version=$("$bin" --version | head -n 1 | cut -d ' ' -f 2)
arch=$(uname -m)
name="bundlediff-$version-linux-$arch"
stage="$scratch/stage/$name"
rm -rf "$scratch/stage"; mkdir -p "$stage/bin" "$stage/share/man/man1" \
  "$stage/share/bash-completion/completions" "$stage/share/zsh/site-functions" "$stage/share/fish/vendor_completions.d"
cp "$bin" "$stage/bin/bundlediff"
strip "$stage/bin/bundlediff"
"$stage/bin/bundlediff" --generate-completion-script bash > "$stage/share/bash-completion/completions/bundlediff"
"$stage/bin/bundlediff" --generate-completion-script zsh > "$stage/share/zsh/site-functions/_bundlediff"
"$stage/bin/bundlediff" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/bundlediff.fish"
man_dir="$scratch/man"
rm -rf "$man_dir"; mkdir -p "$man_dir"
"$bin_dir/generate-manual" "$stage/bin/bundlediff" --output-directory "$man_dir" \
  --date "$(git -C "$here" log -1 --format=%cs 2>/dev/null || date -u +%F)" >&2
cp "$man_dir/bundlediff.1" "$stage/share/man/man1/bundlediff.1"
cp README.md LICENSE "$stage/"

mkdir -p dist
archive="dist/$name.tar.gz"
# Reproducible: sorted names, fixed owner and the commit's time.
mtime=$(git -C "$here" log -1 --format=%cI 2>/dev/null || date -u +%FT%TZ)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" \
  -C "$scratch/stage" -cf - "$name" | gzip -n -9 > "$archive"
(cd dist && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$here/$archive"
