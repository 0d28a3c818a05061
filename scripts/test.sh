#!/usr/bin/env bash
# Runs the whole test suite (Swift tests, then the GitHub Action's test), installing what it
# needs first.
# Corpus tests run when BUNDLEDIFF_CORPUS points at ../shared/corpus (as .ci/run does).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/setup-deps.sh"
cd "$here"
swift build --build-tests
swift test --skip-build --parallel
# The GitHub Action's script with a stub gh, actionlint on action.yml, shellcheck.
bash scripts/action/test.sh
