#!/usr/bin/env bash
# Runs the WarpForth front-end fuzzer for a bounded time.
#
#   run-fuzz.sh BINARY SECONDS [EXTRA libFuzzer ARGS...]
#
# First replays every past finding (test/fuzz/regressions/*.forth), then
# fuzzes from the seed corpus (test/fuzz/corpus) and those findings, with a
# dictionary of the language: syntax.dict plus every primitive and prelude
# word, read from the sources each run so that it never goes stale. New
# corpus entries go to a scratch directory: the source tree is not written. Exits 0 when nothing was found, 1 on any crash, hang (-timeout),
# leak, sanitizer report or out-of-memory, and 77 (ctest: skipped) when
# BINARY is empty or missing (no clang/libFuzzer in this build).
#
# Environment: WF_FUZZ_WORK=DIR keeps the scratch corpus and artifacts
# there (default: a temp dir, removed on success), WF_FUZZ_JOBS=N runs N
# fuzzing processes (default 1).
set -u

binary=${1:-}
seconds=${2:-60}
shift 2 2>/dev/null || shift $#
here=$(cd "$(dirname "$0")" && pwd)

if [[ -z "$binary" || ! -x "$binary" ]]; then
  echo "fuzz-frontend: skipped (build with clang and -DWARPFORTH_FUZZ=ON)"
  exit 77
fi

work=${WF_FUZZ_WORK:-}
cleanup=0
if [[ -z "$work" ]]; then
  work=$(mktemp -d "${TMPDIR:-/tmp}/wf-fuzz.XXXXXX")
  cleanup=1
fi
mkdir -p "$work/corpus" "$work/artifacts"
jobs=${WF_FUZZ_JOBS:-1}

# The dictionary: syntax, primitives (PRIMITIVE(Enum, "NAME", ...)) and
# prelude words (": NAME"), each as " NAME " so it lands as a whole word.
dict="$work/warpforth.dict"
{
  cat "$here/syntax.dict"
  sed -n 's/^PRIMITIVE([A-Za-z0-9_]*, "\([^"]*\)", .*/\1/p' \
    "$here/../../compiler/words/Primitives.def"
  sed -n 's/^: \([^ ]*\) .*/\1/p' "$here/../../stdlib/prelude.forth"
} | awk '/^[#"]/ || /^$/ { print; next }
        { gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); print "\" " $0 " \"" }' \
  > "$dict"

# Per input: 10 s is far beyond any sane compile (most take < 1 ms).
args=(
  -max_total_time="$seconds"
  -timeout=10
  -rss_limit_mb=2048
  -malloc_limit_mb=2048
  -max_len=8192
  -dict="$dict"
  -artifact_prefix="$work/artifacts/"
  -print_final_stats=1
)
if (( jobs > 1 )); then
  args+=(-fork="$jobs" -ignore_crashes=0)
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# Every past finding first, each file whole (a corpus entry would be cut to
# -max_len), through the PTX pipeline too.
shopt -s nullglob
regressions=("$here"/regressions/*.forth)
if (( ${#regressions[@]} > 0 )); then
  echo "fuzz-frontend: replaying ${#regressions[@]} regression inputs"
  if ! WF_FUZZ_PTX_EVERY=1 "$binary" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$work/artifacts/" "${regressions[@]}" \
      > "$work/regressions.log" 2>&1; then
    tail -40 "$work/regressions.log"
    echo "fuzz-frontend: FAILED replaying regressions; log:" \
      "$work/regressions.log"
    exit 1
  fi
fi

echo "fuzz-frontend: $binary for ${seconds}s, work dir $work"
# The first directory receives new inputs; the seeds and regressions are
# read only.
"$binary" "${args[@]}" "$@" \
  "$work/corpus" "$here/corpus" "$here/regressions" 2>&1 |
  tee "$work/fuzz.log" |
  grep -a -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|NEW_FUNC'
status=${PIPESTATUS[0]}

found=("$work"/artifacts/*)
if (( status != 0 || ${#found[@]} > 0 )); then
  echo "fuzz-frontend: FAILED (exit $status); log: $work/fuzz.log"
  for f in "${found[@]}"; do
    echo "--- reproducer $f (replay: $binary $f) ---"
    head -c 2000 "$f" | od -c | head -40
  done
  exit 1
fi
if (( cleanup )); then
  rm -rf "$work"
fi
echo "fuzz-frontend: passed"
exit 0
