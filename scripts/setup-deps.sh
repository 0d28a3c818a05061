#!/usr/bin/env bash
# Installs the system libraries bundlediff links against (Debian/Ubuntu: libgit2, OpenSSL's
# libcrypto, zlib, SQLite, libyaml), when missing,
# and the tools the tests and scripts use (git, python3; strace for scripts/faults; the schema
# validators: xmllint from libxml2-utils, check-jsonschema from PyPI; macholib from PyPI
# for the Mach-O cross-check).
set -euo pipefail
need=()
# strace kills at write system calls in scripts/faults; git brings git daemon and git
# http-backend; openssh-server/-client serve ssh:// remotes in scripts/faults/ssh-remote.sh.
for pkg in libgit2-dev libssl-dev zlib1g-dev libsqlite3-dev libyaml-dev pkg-config git python3 strace openssh-server openssh-client libxml2-utils; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
# check-jsonschema validates the JSON and SARIF reports against their schemas in the tests.
if ! command -v check-jsonschema >/dev/null 2>&1; then
  echo "installing: check-jsonschema (PyPI)" >&2
  # A Debian-managed Python refuses pip installs outside a virtual environment (PEP 668):
  # there, install for the user (~/.local/bin, where the tests also look).
  python3 -m pip install -q check-jsonschema 2>/dev/null \
    || python3 -m pip install -q --user --break-system-packages check-jsonschema
fi
# macholib, the independent Mach-O reader MachOCrossCheckTests compares the product's
# reader with (scripts/macho-crosscheck/macho_facts.py); pinned so its output cannot drift.
if ! python3 -c 'import macholib, sys; sys.exit(macholib.__version__ != "1.16.4")' 2>/dev/null; then
  echo "installing: macholib 1.16.4 (PyPI)" >&2
  python3 -m pip install -q macholib==1.16.4 2>/dev/null \
    || python3 -m pip install -q --user --break-system-packages macholib==1.16.4
fi
# The JUnit XML schema (the Jenkins/Ant junit-10.xsd) the JUnit report is validated against:
# taken from pytest's source distribution on PyPI, where pytest validates its own JUnit
# output with it (testing/example_scripts/junit-10.xsd), into a cache outside the repository.
junit_xsd="${XDG_CACHE_HOME:-$HOME/.cache}/bundlediff-tests/junit-10.xsd"
if [ ! -s "$junit_xsd" ]; then
  echo "fetching: junit-10.xsd (pytest 8.3.3 sdist, PyPI)" >&2
  mkdir -p "$(dirname "$junit_xsd")"
  fetch=$(mktemp -d)
  python3 -m pip download -q --no-deps --no-binary :all: -d "$fetch" pytest==8.3.3
  tar -xzf "$fetch"/pytest-8.3.3.tar.gz -O pytest-8.3.3/testing/example_scripts/junit-10.xsd > "$junit_xsd.part"
  mv "$junit_xsd.part" "$junit_xsd"
  rm -rf "$fetch"
fi
