#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then fuzzes or replays one.
#
#   Fuzz/run.sh TARGET SECONDS     fuzz TARGET for SECONDS from its corpus (fixed seed)
#   Fuzz/run.sh TARGET FILE|DIR    replay a crash file, or every input of a directory, once
#
# TARGET is one of: codable diffs data-source json keys script. FUZZ_SEED sets libFuzzer's
# seed (default 1); FUZZ_SKIP_BUILD=1 skips the build. Inputs the fuzzer finds go to
# Fuzz/.build/corpus/TARGET, or FUZZ_WORK/TARGET (not committed; copy the interesting ones to
# Fuzz/Corpus/TARGET), crashes to Fuzz/crashes/. Arguments after the second go to libFuzzer.
set -euo pipefail
# A file or directory argument is relative to where the script was called from.
if [ $# -ge 2 ] && [ -e "$2" ]; then set -- "$1" "$(realpath "$2")" "${@:3}"; fi
cd "$(dirname "$0")"
targets="codable diffs data-source json keys script"
if [ $# -lt 2 ] || ! [[ " $targets " == *" $1 "* ]]; then
  echo "usage: Fuzz/run.sh TARGET SECONDS|CRASHFILE|DIR [libFuzzer flags]" >&2
  echo "targets: $targets" >&2
  exit 2
fi
target=$1
what=$2
shift 2
# SwiftPM's --sanitize=fuzzer does not instrument every module for coverage in every build:
# ask for the coverage libFuzzer reads explicitly.
FUZZ_BUILD_FLAGS=(-c release --sanitize fuzzer --sanitize address
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table)
if [ -z "${FUZZ_SKIP_BUILD:-}" ]; then
  swift build "${FUZZ_BUILD_FLAGS[@]}" --product "fuzz-$target" 2>&1 \
    | { grep -v "Cannot export local symbol '__asan_extra_spill_area'" || true; } >&2
fi
binary=".build/release/fuzz-$target"
# Swift's own crash backtracer would take over libFuzzer's deadly-signal handler (and can
# take minutes): off, so that a crash is reported and saved at once.
export SWIFT_BACKTRACE=enable=no
mkdir -p crashes
if [[ "$what" =~ ^[0-9]+$ ]]; then
  work="${FUZZ_WORK:-.build/corpus}/$target"
  mkdir -p "$work" "Corpus/$target"
  exec "$binary" -seed="${FUZZ_SEED:-1}" -max_total_time="$what" -timeout=20 \
    -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix="crashes/$target-" \
    "$@" "$work" "Corpus/$target"
elif [ -d "$what" ]; then
  exec "$binary" -runs=0 -timeout=20 -artifact_prefix="crashes/$target-" "$@" "$what"
elif [ -f "$what" ]; then
  exec "$binary" -timeout=20 -artifact_prefix="crashes/replay-$target-" "$@" "$what"
else
  echo "run.sh: '$what' is neither a number of seconds nor a file or directory" >&2
  exit 2
fi
