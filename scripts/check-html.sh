#!/usr/bin/env bash
# Opens the HTML reports in a real browser (headless Chromium from Debian): the demo's
# diff and gate reports, a history page recorded from the demo builds, the examples in
# Reports/ and the hostile golden pages must load with no console error, exception, CSP
# violation, network request or dialog, and the findings filters must work. Each page is
# laid out at 390 px and 1280 px: no sideways scroll of the page or of a finding card,
# every control reachable with Tab. Screenshots: .build/html-check/<page>-<width>.png.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/scripts/setup-deps.sh"
need=()
for pkg in chromium python3-websocket fonts-droid-fallback; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
cd "$here"
swift build --product bundlediff >/dev/null
bin="$(swift build --show-bin-path)/bundlediff"
out="$here/.build/html-check"
mkdir -p "$out"
date=2026-11-08T10:00:00Z
# Exit status 1 means failing findings (the demo's build 2 has one); 2 would be an error.
"$bin" diff Demo/builds/1/Wanderlust.app Demo/builds/2/Wanderlust.app --format html --report-date "$date" \
  -o "$out/diff.html" || [ $? -eq 1 ]
"$bin" gate Demo/builds/2/Wanderlust.app --against Demo/builds/1/Wanderlust.app --format html --report-date "$date" \
  -o "$out/gate.html" || [ $? -eq 1 ]
# The history page from the same two builds, recorded into a scratch history.
repo=$(mktemp -d)
trap 'rm -rf "$repo"' EXIT
for n in 1 2; do
  "$bin" snapshot "Demo/builds/$n/Wanderlust.app" --repo "$repo/h" --recorded-at "2026-11-0${n}T09:00:00Z" >/dev/null
done
"$bin" history size --repo "$repo/h" --format html -o "$out/history-size.html"
# Debian's python3 (with python3-websocket), not whichever python3 comes first on PATH.
/usr/bin/python3 scripts/check-html.py "$out" "$out/diff.html" "$out/gate.html" "$out/history-size.html" \
  Tests/Goldens/history/languages.html Tests/Goldens/hostile-names.html Tests/Goldens/history/hostile-builds.html
