#!/usr/bin/env bash
# The run step of action.yml: turns the Action's inputs (INPUT_* variables, which the
# step sets in env:) into one cspm-report command line, runs it and writes the step's
# outputs. Inputs are data here: each becomes one argument, never shell code, and only
# the report patterns are expanded as globs. No input can be read as an option: a value
# goes into its option's --name=value word, and a path starting with - gets ./ before
# it (find has no --, and the command takes no report after one). An input that cannot
# be used as it is (a newline in a path, a file to write outside the workspace and the
# runner's temporary folder, an unknown choice) stops the step, in one line, before the
# command runs. The step succeeds whatever the verdict, so that the SARIF upload after
# it runs; the Action's last step fails with the code.
set -euo pipefail
shopt -s globstar

# Escapes text for a workflow command, so that no value ends the line it is shown on.
escaped() {
  local text=$1
  text=${text//'%'/%25}
  text=${text//$'\r'/%0D}
  text=${text//$'\n'/%0A}
  printf '%s' "$text"
}

# Stops the step with one error line naming the input ($1) and what is wrong with it ($2).
refuse() {
  printf '::error title=cspm-report::the %s input %s\n' "$1" "$(escaped "$2")"
  exit 2
}

# Sets REPLY to $1 without surrounding blanks, as actions/toolkit's getInput reads an
# input. The helpers set REPLY rather than print: a refusal inside $(…) would stop only
# the subshell, its message captured and lost.
trim() {
  REPLY=$1
  REPLY=${REPLY#"${REPLY%%[![:space:]]*}"}
  REPLY=${REPLY%"${REPLY##*[![:space:]]}"}
}

# Prints each non-blank line of $1 without surrounding blanks or a carriage return.
lines() {
  local line
  while IFS= read -r line || [ -n "$line" ]; do
    trim "${line%$'\r'}"
    if [ -n "$REPLY" ]; then printf '%s\n' "$REPLY"; fi
  done <<< "$1"
}

# Sets REPLY to path $2 of input $1 as no command reads as an option (./ before a
# leading -), refusing a control character (a newline) in it. $3 = write: a file or
# folder the command writes, which must stay in the workspace or RUNNER_TEMP.
path_of() {
  local input=$1 path=$2 purpose=${3:-read} root inside=false
  if [[ $path == *[[:cntrl:]]* ]]; then refuse "$input" "holds a control character (a newline?): give one path"; fi
  if [ "$purpose" = write ]; then
    if [[ /$path/ == */../* ]]; then refuse "$input" "\"$path\" goes up with ..: files are written in the workspace or RUNNER_TEMP only"; fi
    if [[ $path == /* ]]; then
      for root in "${GITHUB_WORKSPACE:-}" "${RUNNER_TEMP:-}"; do
        if [ -n "$root" ] && [[ $path == "${root%/}"/* ]]; then inside=true; fi
      done
      if [ "$inside" = false ]; then refuse "$input" "\"$path\" is outside the workspace and RUNNER_TEMP, where files are written"; fi
    fi
  fi
  if [[ $path == -* ]]; then path="./$path"; fi
  REPLY=$path
}

# Sets REPLY to input $1's value $2 when it is one of the words after them, else refuses it.
choice_of() {
  local input=$1 value=$2 word
  shift 2
  for word in "$@"; do
    if [ "$value" = "$word" ]; then
      REPLY=$value
      return 0
    fi
  done
  refuse "$input" "must be one of: $*; not \"$value\""
}

# Writes a step output in the delimited form, which no value can break out of: the
# delimiter ends in 96 random bits that no value can know, drawn once for all the
# step's outputs (a draw per output cost a subshell and two processes each).
delimiter=
output() {
  if [ -z "$delimiter" ]; then
    delimiter=$(od -An -N12 -tx1 /dev/urandom)
    delimiter="cspm_report_${delimiter//[[:space:]]/}"
  fi
  printf '%s<<%s\n%s\n%s\n' "$1" "$delimiter" "$2" "$delimiter" >> "$GITHUB_OUTPUT"
}

trim "${INPUT_COMMAND:-check}" && choice_of command "$REPLY" check gate diff render && command=$REPLY
trim "${INPUT_ANNOTATIONS:-true}" && choice_of annotations "$REPLY" true false && annotations=$REPLY
trim "${INPUT_UPLOAD_SARIF:-false}" && choice_of upload-sarif "$REPLY" true false && upload_sarif=$REPLY
trim "${INPUT_SARIF_CATEGORY:-}" && category=$REPLY
if [[ $category == *[[:cntrl:]]* ]]; then refuse sarif-category "holds a control character (a newline?)"; fi

# The reports first, before the options whose values they could be taken for: unquoted
# and split at newlines only, so pathname expansion and nothing else. A pattern that
# matches nothing stays as it is, and the command reports it missing (exit 2).
reports=()
while IFS= read -r pattern; do
  IFS=$'\n'
  # shellcheck disable=SC2206
  matches=($pattern)
  unset IFS
  for match in "${matches[@]}"; do
    # A path starting with - would be read as an option. (Not after --: the command line
    # takes no report after it.)
    if [[ $match == -* ]]; then match="./$match"; fi
    reports+=("$match")
  done
done < <(lines "${INPUT_REPORTS:-}")
if [ "${#reports[@]}" -eq 0 ]; then refuse reports "names no file"; fi

args=("$command" "${reports[@]}")
# A config file only when the config input names one, and then nothing in it may weaken
# the verdict unseen (--strict-config); never one found by searching upward.
trim "${INPUT_CONFIG:-}"
if [ -n "$REPLY" ]; then
  path_of config "$REPLY"
  if [ ! -f "$REPLY" ]; then refuse config "names no file: \"$REPLY\""; fi
  args+=("--config=$REPLY" --strict-config)
else
  args+=(--no-config)
fi

trim "${INPUT_RULES:-}"
if [ -n "$REPLY" ]; then
  path_of rules "$REPLY"
  args+=("--rules=$REPLY")
fi
# Before the outputs, whose options take several values and would take these too.
while IFS= read -r arg; do
  # --config, --no-config, --strict-config, --noConfig, …: whatever the spelling, the
  # config input alone decides which file is read. A -- would end the options.
  name=${arg%%=*}
  name=${name,,}
  if [ "$arg" = -- ] || [[ $arg == --* && ${name//-/} == *config ]]; then
    refuse args "holds $arg: name a config file in the config input, and the reports in the reports input"
  fi
  args+=("$arg")
done < <(lines "${INPUT_ARGS:-}")

trim "${INPUT_SARIF_FILE:-}" && sarif=$REPLY
trim "${INPUT_MARKDOWN_FILE:-}" && markdown=$REPLY
trim "${INPUT_JUNIT_FILE:-}" && junit=$REPLY
trim "${INPUT_FAIL_ON:-}" && fail_on=$REPLY
trim "${INPUT_OUT_DIR:-}" && out_dir=${REPLY:-cspm-report-documents}
if [ "$command" = render ]; then
  if [ -n "$fail_on$sarif$markdown$junit" ]; then
    echo "::error title=cspm-report::render writes documents only: leave fail-on, sarif-file, markdown-file and junit-file empty"
    exit 2
  fi
  while IFS= read -r format; do
    if ! [[ $format =~ ^[a-z0-9]+$ ]]; then refuse formats "holds \"$format\": give format names (html, pdf, xlsx, …), comma- or line-separated"; fi
    args+=("--format=$format")
  done < <(lines "${INPUT_FORMATS//,/$'\n'}")
  path_of out-dir "$out_dir" write && out_dir=$REPLY
  args+=("--out-dir=$out_dir")
else
  if [ -n "$fail_on" ]; then
    choice_of fail-on "$fail_on" error warning never
    args+=("--fail-on=$REPLY")
  fi
  if [ -n "$sarif" ]; then
    path_of sarif-file "$sarif" write && sarif=$REPLY
  elif [ "$upload_sarif" = true ]; then
    sarif="${RUNNER_TEMP:-/tmp}/cspm-report-$command.sarif"
  fi
  if [ "$annotations" = true ]; then
    # Annotations on standard output, where the runner reads them; the command appends the
    # Markdown summary to GITHUB_STEP_SUMMARY itself.
    args+=(--format github --output -)
  else
    args+=(--format text --output -)
  fi
  if [ -n "$sarif" ]; then args+=(--format sarif "--output=$sarif"); fi
  if [ -n "$markdown" ]; then
    path_of markdown-file "$markdown" write
    args+=(--format markdown "--output=$REPLY")
  fi
  if [ -n "$junit" ]; then
    path_of junit-file "$junit" write
    args+=(--format junit "--output=$REPLY")
  fi
fi

code=0
node "$GITHUB_ACTION_PATH/dist/cspm-report.js" "${args[@]}" || code=$?

output exit-code "$code"
if [ -n "$sarif" ] && [ -f "$sarif" ]; then output sarif-file "$sarif"; else output sarif-file ""; fi
output sarif-category "${category:-cspm-report-$command}"
# The input as run.sh read it (blanks trimmed, checked), for the upload step's condition.
output upload-sarif "$upload_sarif"
if [ "$command" = render ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -d "$out_dir" ]; then
  # find has no --: a relative folder is given as ./folder, and ./ is left out of the list.
  [[ $out_dir == /* ]] || out_dir="./${out_dir#./}"
  tick='`'
  {
    echo "### cspm-report render"
    echo
    while IFS= read -r -d '' file; do
      file=${file#./}
      # One list item a file, whatever its name holds: no line break, no end of the code span.
      file=${file//[[:cntrl:]]/?}
      printf -- '- `%s`\n' "${file//"$tick"/\'}"
    done < <(find "$out_dir" -type f -print0 | LC_ALL=C sort -z)
  } >> "$GITHUB_STEP_SUMMARY"
fi
