#!/usr/bin/env bash
# Runs every fault script with the counts .ci/run uses and prints one summary line each.
# BUNDLEDIFF_BIN as in lib.sh; KILL_TRIALS (100) sets the random kills.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
BUNDLEDIFF_BIN=$(faults_binary)
export BUNDLEDIFF_BIN
for script in "kill-record.sh ${KILL_TRIALS:-100}" kill-at-syscall.sh "concurrent-record.sh 8 25" disk-full.sh; do
  started=$(now_ms)
  # shellcheck disable=SC2086
  bash "$here"/$script
  echo "  ($script: $(( ($(now_ms) - started) / 1000 )) s)"
done
