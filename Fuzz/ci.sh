#!/usr/bin/env bash
# CI for the fuzz targets: builds the fuzz package once (libFuzzer + AddressSanitizer), then
# for each target replays its committed corpus and fuzzes it for FUZZ_SECONDS (default 30)
# with a fixed seed from that corpus (new inputs go to a temporary directory). Fails on any
# crash, broken property or sanitizer report, and if a target runs without coverage.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${FUZZ_SECONDS:-30}
targets="codable diffs data-source json keys script"
started=$SECONDS
swift build -c release --sanitize fuzzer --sanitize address \
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table 2>&1 \
  | { grep -v "Cannot export local symbol '__asan_extra_spill_area'" || true; }
echo "fuzz: built in $((SECONDS - started)) s"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FUZZ_SKIP_BUILD=1 FUZZ_WORK="$work" FUZZ_SEED=1
for target in $targets; do
  log="$work/$target.log"
  if ! ./run.sh "$target" "Corpus/$target" > "$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "fuzz: $target: replaying Corpus/$target failed" >&2
    exit 1
  fi
  if ! ./run.sh "$target" "$seconds" > "$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "fuzz: $target: crash or broken property (see Fuzz/crashes/)" >&2
    exit 1
  fi
  if ! grep -q "INFO: Loaded 1 modules" "$log"; then
    echo "fuzz: $target ran without coverage instrumentation" >&2
    exit 1
  fi
  echo "fuzz: $target: $(grep -a "DONE" "$log" | tail -n 1)"
done
echo "fuzz: all targets passed in $((SECONDS - started)) s"
