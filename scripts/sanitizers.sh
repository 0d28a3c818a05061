#!/usr/bin/env bash
# Builds and runs the whole test suite under AddressSanitizer and/or ThreadSanitizer.
#
#   bash scripts/sanitizers.sh [address|thread|all]      (default all)
#
# Each sanitizer gets its own scratch directory (.build-asan, .build-tsan; gitignored), so
# the normal debug build is not disturbed. The corpus tests run when BUNDLEDIFF_CORPUS is
# set (as .ci/run sets it). Timings are printed at the end and go to
# .build-<san>/sanitizer-run.log.
#
# Not part of .ci/run: on the 2-core CI machine each sanitizer build alone takes several
# minutes (a full second and third build of the package), which would more than double CI.
# Run it before a release and after changes to the readers, the pipeline or the store.
#
# Last run (2026-11-23, 2 cores shared with other jobs, corpus tests on; details in
# docs/reliability.md, "Fuzzing and sanitizers"): 211 tests pass under both.
#   address: first build 199 s (incremental 4-24 s), tests 168 s (622 s under heavy load)
#   thread:  first build 136 s (incremental 11-26 s), tests 164 s (486 s under heavy load)
#
# Environment:
#   ASAN_OPTIONS  detect_leaks=0: with leak detection on (checked 2026-11-23 on the
#                 hostile suites), LeakSanitizer fails the run on leaks in the toolchain's
#                 libraries only: Foundation's Data(contentsOf:) buffers and Process.run's
#                 weak references (the tests' git and find helpers) and XCTest's suite
#                 objects, a few KB per process and none in bundlediff's code. Every other
#                 ASan error aborts the run.
#   TSAN_OPTIONS  halt_on_error=1: the first data race fails the run. No suppressions.
set -euo pipefail
which=${1:-all}
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
bash scripts/setup-deps.sh
export SWIFT_BACKTRACE=enable=no
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1

run() { # sanitizer scratch-dir
    local san=$1 dir=$2 start build_end end status=0
    mkdir -p "$dir"
    start=$(date +%s)
    echo "sanitizers.sh: building with -sanitize=$san into $dir"
    swift build --build-tests --sanitize="$san" --scratch-path "$dir"
    build_end=$(date +%s)
    echo "sanitizers.sh: testing with -sanitize=$san"
    swift test --skip-build --sanitize="$san" --scratch-path "$dir" 2>&1 | tee "$dir/sanitizer-test.log" \
        || status=$?
    end=$(date +%s)
    local summary
    summary=$(grep -E 'Test run with [0-9]+ tests' "$dir/sanitizer-test.log" | tail -n 1 || true)
    printf '%s: build %ss, tests %ss, status %s; %s\n' "$san" $((build_end - start)) $((end - build_end)) \
        "$status" "$summary" | tee -a "$dir/sanitizer-run.log"
    if grep -qE '^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer)' "$dir/sanitizer-test.log"; then
        echo "sanitizers.sh: $san reported an error (see $dir/sanitizer-test.log)" >&2
        status=1
    fi
    return "$status"
}

failed=()
case $which in
    address|all) ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} run address .build-asan || failed+=(address) ;;&
    thread|all) TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1} run thread .build-tsan || failed+=(thread) ;;
    address) ;;
    *) echo "usage: scripts/sanitizers.sh [address|thread|all]" >&2; exit 2 ;;
esac
if ((${#failed[@]})); then
    echo "sanitizers.sh: failures under: ${failed[*]}" >&2
    exit 1
fi
echo "sanitizers.sh: clean"
