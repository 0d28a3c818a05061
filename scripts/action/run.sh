#!/usr/bin/env bash
# The shell of the bundlediff GitHub Action (action.yml): installs the release archive, runs
# `bundlediff gate` with a Markdown report, appends the report to the job summary, creates or
# updates one pull-request comment (found by a hidden marker), and only then exits with the
# gate's status, so the report is posted even when the gate fails.
#
# Inputs come as environment variables (action.yml maps them; tests/action-test.sh sets them):
#   BUNDLEDIFF_ARCHIVE  path or https URL of bundlediff-<version>-linux-<arch>.tar.gz (required)
#   BUNDLEDIFF_SHA256   its expected SHA-256; default: the .sha256 file beside it, when there
#   BUNDLEDIFF_BUILD    the new build (required)
#   BUNDLEDIFF_AGAINST, BUNDLEDIFF_REPO, BUNDLEDIFF_REMOTE, BUNDLEDIFF_CHANNEL, BUNDLEDIFF_CONFIG,
#   BUNDLEDIFF_FAIL_ON  the gate's options of the same names, when not empty
#   BUNDLEDIFF_ARGS     more gate arguments, split at whitespace (no quoting)
#   BUNDLEDIFF_COMMENT  "true": create or update the pull request's comment
#   BUNDLEDIFF_COMMENT_ID  names the comment (one per gate), "bundlediff-gate" by default
#   BUNDLEDIFF_COMMENT_AUTHOR  whose comment is updated ("github-actions[bot]" by default)
#   BUNDLEDIFF_PR       the pull request number (empty outside pull requests: no comment)
#   GITHUB_REPOSITORY, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_PATH, RUNNER_TEMP, GH_TOKEN
set -euo pipefail

say() { echo "bundlediff-action: $*" >&2; }
fail() { echo "::error title=bundlediff::$*"; exit 2; }

[ "$(uname -s)" = Linux ] || fail "the release archive is for Linux; on macOS build bundlediff from source (README: Install)"
: "${BUNDLEDIFF_ARCHIVE:?the archive input (a path or URL of the release archive) is required}"
: "${BUNDLEDIFF_BUILD:?the build input (the new build) is required}"
: "${GITHUB_STEP_SUMMARY:?GITHUB_STEP_SUMMARY is not set: run inside GitHub Actions}"
: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set: run inside GitHub Actions}"
# The marker and the author go into a jq filter as string literals: characters needing no escape.
comment_id=${BUNDLEDIFF_COMMENT_ID:-bundlediff-gate}
[[ "$comment_id" =~ ^[A-Za-z0-9._-]+$ ]] || fail "comment-id '$comment_id' may hold only letters, digits, '.', '_' and '-'"
author=${BUNDLEDIFF_COMMENT_AUTHOR:-github-actions[bot]}
login_pattern='^[][A-Za-z0-9._-]+$'
[[ "$author" =~ $login_pattern ]] || fail "comment-author '$author' is not a GitHub login"
temp=${RUNNER_TEMP:-${TMPDIR:-/tmp}}
work=$(mktemp -d "$temp/bundlediff-action.XXXXXX")

# --- Install -------------------------------------------------------------------------------
archive=$BUNDLEDIFF_ARCHIVE
expected=${BUNDLEDIFF_SHA256:-}
case "$archive" in
  https://*|http://*)
    say "downloading $archive"
    curl -fsSL --retry 3 -o "$work/bundlediff.tar.gz" "$archive" || fail "could not download $archive"
    if [ -z "$expected" ]; then
      curl -fsSL --retry 3 -o "$work/bundlediff.tar.gz.sha256" "$archive.sha256" \
        || fail "could not download $archive.sha256 (or give the sha256 input)"
      expected=$(cut -d ' ' -f 1 "$work/bundlediff.tar.gz.sha256")
    fi
    archive="$work/bundlediff.tar.gz" ;;
  *)
    [ -f "$archive" ] || fail "$archive: no such archive"
    if [ -z "$expected" ] && [ -f "$archive.sha256" ]; then
      expected=$(cut -d ' ' -f 1 "$archive.sha256")
    fi ;;
esac
if [ -n "$expected" ]; then
  actual=$(sha256sum "$archive" | cut -d ' ' -f 1)
  [ "$actual" = "$expected" ] || fail "$BUNDLEDIFF_ARCHIVE: SHA-256 $actual, expected $expected"
fi
mkdir -p "$work/install"
tar -xzf "$archive" -C "$work/install" --strip-components=1 || fail "$BUNDLEDIFF_ARCHIVE: not a bundlediff release archive"
bin="$work/install/bin/bundlediff"
[ -x "$bin" ] || fail "$BUNDLEDIFF_ARCHIVE: no bin/bundlediff inside"
"$bin" --version >&2 || fail "the bundlediff binary does not run here (see the lines above)"
[ -z "${GITHUB_PATH:-}" ] || echo "$work/install/bin" >> "$GITHUB_PATH"

# --- Gate ------------------------------------------------------------------------------------
args=(gate "$BUNDLEDIFF_BUILD" --format markdown --output "$work/report.md")
[ -z "${BUNDLEDIFF_AGAINST:-}" ] || args+=(--against "$BUNDLEDIFF_AGAINST")
[ -z "${BUNDLEDIFF_REPO:-}" ] || args+=(--repo "$BUNDLEDIFF_REPO")
[ -z "${BUNDLEDIFF_REMOTE:-}" ] || args+=(--remote "$BUNDLEDIFF_REMOTE")
[ -z "${BUNDLEDIFF_CHANNEL:-}" ] || args+=(--channel "$BUNDLEDIFF_CHANNEL")
[ -z "${BUNDLEDIFF_CONFIG:-}" ] || args+=(--config "$BUNDLEDIFF_CONFIG")
[ -z "${BUNDLEDIFF_FAIL_ON:-}" ] || args+=(--fail-on "$BUNDLEDIFF_FAIL_ON")
if [ -n "${BUNDLEDIFF_ARGS:-}" ]; then
  read -r -a extra <<< "$BUNDLEDIFF_ARGS"
  args+=("${extra[@]}")
fi
status=0
"$bin" "${args[@]}" 2> "$work/stderr.txt" || status=$?
cat "$work/stderr.txt" >&2

# The report: the gate's Markdown, or, when the gate could not run (exit 2 before writing a
# report), its error lines as an indented code block (no line can leave such a block).
marker="<!-- bundlediff: $comment_id -->"
{
  echo "$marker"
  if [ -s "$work/report.md" ]; then
    cat "$work/report.md"
  else
    echo "**bundlediff gate could not run** (exit $status):"
    echo
    sed 's/^/    /' "$work/stderr.txt"
  fi
} > "$work/comment.md"
[ ! -s "$work/report.md" ] || cat "$work/report.md"
sed 1d "$work/comment.md" >> "$GITHUB_STEP_SUMMARY"
{
  echo "exit-code=$status"
  echo "report=$work/comment.md"
} >> "$GITHUB_OUTPUT"

# --- One pull-request comment, updated in place ----------------------------------------------
if [ "${BUNDLEDIFF_COMMENT:-true}" = true ] && [ -n "${BUNDLEDIFF_PR:-}" ]; then
  repo=${GITHUB_REPOSITORY:?GITHUB_REPOSITORY is not set}
  # The marker is compared whole, as the first line, so "a-b" never matches "a-bc"; the last
  # such comment of the author is the one to update (gh applies --jq to each page).
  filter=".[] | select(.user.login == \"$author\" and (.body | split(\"\\n\")[0]) == \"$marker\") | .id"
  existing=$(gh api --paginate "repos/$repo/issues/$BUNDLEDIFF_PR/comments?per_page=100" --jq "$filter" \
    2> "$work/gh.txt") \
    || { cat "$work/gh.txt" >&2; existing=""; echo "::warning title=bundlediff::could not list the pull request's comments"; }
  existing=$(printf '%s\n' "$existing" | tail -n 1)
  if [ -n "$existing" ]; then
    gh api --method PATCH "repos/$repo/issues/comments/$existing" -F "body=@$work/comment.md" > /dev/null \
      && say "updated comment $existing" \
      || echo "::warning title=bundlediff::could not update comment $existing (does the token have pull-requests: write?)"
  else
    gh api --method POST "repos/$repo/issues/$BUNDLEDIFF_PR/comments" -F "body=@$work/comment.md" > /dev/null \
      && say "commented on pull request $BUNDLEDIFF_PR" \
      || echo "::warning title=bundlediff::could not comment on pull request $BUNDLEDIFF_PR (does the token have pull-requests: write?)"
  fi
fi

# Only now: the step fails when the gate did.
exit "$status"
