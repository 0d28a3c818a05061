# Shared helpers for scripts/faults/*.sh (sourced, not run).
# BUNDLEDIFF_BIN: the binary to test; else the debug build (built when missing,
# BUNDLEDIFF_CONFIG=release for a release build).
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
faults_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

faults_binary() {
  if [ -n "${BUNDLEDIFF_BIN:-}" ]; then echo "$BUNDLEDIFF_BIN"; return; fi
  local config=${BUNDLEDIFF_CONFIG:-debug}
  (cd "$faults_root" && swift build -c "$config" --product bundlediff >&2)
  echo "$(cd "$faults_root" && swift build -c "$config" --show-bin-path)/bundlediff"
}

# make_build <dir> <build-number> [files] [app-id]
make_build() {
  python3 "$faults_root/scripts/faults/make-build.py" "$@"
}

# fsck_clean <repo>: git fsck --strict without errors or warnings (dangling objects and
# the notices of a history with no build yet are fine).
fsck_clean() {
  local out
  if ! out=$(git --git-dir "$1" fsck --strict --no-progress 2>&1); then
    echo "fsck failed for $1:" >&2; echo "$out" >&2; return 1
  fi
  if echo "$out" | grep -v -e '^dangling ' -e '^notice: ' | grep -q .; then
    echo "fsck reported problems for $1:" >&2; echo "$out" >&2; return 1
  fi
}

now_ms() { date +%s%3N; }

fail() { echo "FAIL: $*" >&2; exit 1; }
