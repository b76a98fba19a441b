#!/usr/bin/env bash
# The run step of action.yml: turns the Action's inputs (INPUT_* variables, which the
# step sets in env:) into one cspm-report command line, runs it and writes the step's
# outputs. Inputs are data here: each becomes one argument, never shell code, and only
# the report patterns are expanded as globs. The step succeeds whatever the verdict,
# so that the SARIF upload after it runs; the Action's last step fails with the code.
set -euo pipefail
shopt -s globstar

command=${INPUT_COMMAND:-check}
case "$command" in
  check | gate | diff | render) ;;
  *)
    echo "::error title=cspm-report::the command input must be check, gate, diff or render"
    exit 2
    ;;
esac

# Prints each non-blank line of $1 without surrounding blanks or a carriage return.
lines() {
  local line
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line%$'\r'}
    line=${line#"${line%%[![:space:]]*}"}
    line=${line%"${line##*[![:space:]]}"}
    [ -n "$line" ] && printf '%s\n' "$line"
  done <<< "$1"
}

# Writes a step output in the delimited form, which no value can break out of.
output() {
  local delimiter
  delimiter="cspm_report_$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
  printf '%s<<%s\n%s\n%s\n' "$1" "$delimiter" "$2" "$delimiter" >> "$GITHUB_OUTPUT"
}

args=("$command")
reports=0
while IFS= read -r pattern; do
  # Unquoted, split at newlines only: pathname expansion and nothing else. A pattern that
  # matches nothing stays as it is, and the command reports it missing (exit 2).
  IFS=$'\n'
  # shellcheck disable=SC2206
  matches=($pattern)
  unset IFS
  for match in "${matches[@]}"; do
    # A path starting with - would be read as an option.
    [[ $match == -?* ]] && match="./$match"
    args+=("$match")
    reports=$((reports + 1))
  done
done < <(lines "${INPUT_REPORTS:-}")
if [ "$reports" -eq 0 ]; then
  echo "::error title=cspm-report::the reports input names no file"
  exit 2
fi

[ -n "${INPUT_RULES:-}" ] && args+=(--rules "$INPUT_RULES")
# Before the outputs, whose options take several values and would take these too.
while IFS= read -r arg; do args+=("$arg"); done < <(lines "${INPUT_ARGS:-}")
sarif=${INPUT_SARIF_FILE:-}
if [ "$command" = render ]; then
  for name in INPUT_FAIL_ON INPUT_SARIF_FILE INPUT_MARKDOWN_FILE INPUT_JUNIT_FILE; do
    if [ -n "${!name:-}" ]; then
      echo "::error title=cspm-report::render writes documents only: leave fail-on, sarif-file, markdown-file and junit-file empty"
      exit 2
    fi
  done
  while IFS= read -r format; do args+=(--format "$format"); done < <(lines "${INPUT_FORMATS//,/$'\n'}")
  args+=(--out-dir "${INPUT_OUT_DIR:-cspm-report-documents}")
else
  [ -n "${INPUT_FAIL_ON:-}" ] && args+=(--fail-on "$INPUT_FAIL_ON")
  if [ -z "$sarif" ] && [ "${INPUT_UPLOAD_SARIF:-false}" = true ]; then
    sarif="${RUNNER_TEMP:-/tmp}/cspm-report-$command.sarif"
  fi
  if [ "${INPUT_ANNOTATIONS:-true}" = true ]; then
    # Annotations on standard output, where the runner reads them; the command appends the
    # Markdown summary to GITHUB_STEP_SUMMARY itself.
    args+=(--format github --output -)
  else
    args+=(--format text --output -)
  fi
  [ -n "$sarif" ] && args+=(--format sarif --output "$sarif")
  [ -n "${INPUT_MARKDOWN_FILE:-}" ] && args+=(--format markdown --output "$INPUT_MARKDOWN_FILE")
  [ -n "${INPUT_JUNIT_FILE:-}" ] && args+=(--format junit --output "$INPUT_JUNIT_FILE")
fi

code=0
node "$GITHUB_ACTION_PATH/dist/cspm-report.js" "${args[@]}" || code=$?

output exit-code "$code"
if [ -n "$sarif" ] && [ -f "$sarif" ]; then output sarif-file "$sarif"; else output sarif-file ""; fi
output sarif-category "${INPUT_SARIF_CATEGORY:-cspm-report-$command}"
if [ "$command" = render ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -d "${INPUT_OUT_DIR:-cspm-report-documents}" ]; then
  {
    echo "### cspm-report render"
    echo
    # shellcheck disable=SC2016 # the backquotes are Markdown's
    find "${INPUT_OUT_DIR:-cspm-report-documents}" -type f | LC_ALL=C sort | sed 's/.*/- `&`/'
  } >> "$GITHUB_STEP_SUMMARY"
fi
