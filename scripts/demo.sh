#!/usr/bin/env bash
# The demo: records the two bundled demo builds of "Wanderlust" into a history under the
# working directory (./.bundlediff) and prints the comparison of the two recorded builds,
# then records the app's data container before and after the upgrade and prints the
# migration report.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/setup-deps.sh"
# BUNDLEDIFF_BIN: a bundlediff to run instead of building one (CI passes the packaged one).
if [ -n "${BUNDLEDIFF_BIN:-}" ]; then
  bin=$BUNDLEDIFF_BIN
else
  swift build -c release --package-path "$here" >&2
  bin="$(swift build -c release --package-path "$here" --show-bin-path)/bundlediff"
fi
"$bin" snapshot "$here/Demo/builds/1/Wanderlust.app" --label demo-1 --recorded-at 2026-11-01T09:00:00Z
"$bin" snapshot "$here/Demo/builds/2/Wanderlust.app" --label demo-2 --recorded-at 2026-11-08T09:00:00Z
echo
"$bin" log
echo
# Exit code 1 means "findings at the failing severity": the demo's build 2 has some.
"$bin" diff com.example.wanderlust@1.0 com.example.wanderlust@1.1 || true
echo
# The migration report: the app's data container before and after the upgrade to 1.1.
"$bin" snapshot --container "$here/Demo/containers/before" --label before --build com.example.wanderlust@1.0 \
  --recorded-at 2026-11-02T09:00:00Z
"$bin" snapshot --container "$here/Demo/containers/after" --label after --build com.example.wanderlust@1.1 \
  --recorded-at 2026-11-09T09:00:00Z
echo
"$bin" diff "$here/Demo/containers/before" "$here/Demo/containers/after" || true
