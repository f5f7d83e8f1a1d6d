#!/usr/bin/env bash
# CI for the fuzz targets: builds the fuzz package once (libFuzzer + AddressSanitizer), then
# for each target replays its committed corpus and fuzzes it for FUZZ_SECONDS (default 30)
# with a fixed seed from that corpus (new inputs go to a temporary directory), two targets
# at a time (each fuzzer runs on one core). Fails on any
# crash, broken property or sanitizer report, and if a target runs without coverage.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${FUZZ_SECONDS:-30}
targets="codable diffs data-source json keys script"
started=$SECONDS
build() {
  swift build -c release --sanitize fuzzer --sanitize address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table 2>&1 \
    | { grep -v "Cannot export local symbol '__asan_extra_spill_area'" || true; }
  echo "fuzz: built in $((SECONDS - started)) s"
}
# `--build-only` builds and stops; FUZZ_PREBUILT=1 runs what an earlier `--build-only` built
# (`.ci/run` builds the fuzz package beside its own release build: each is mostly one
# compiler process).
if [ "${1:-}" = "--build-only" ]; then
  build
  exit 0
fi
if [ "${FUZZ_PREBUILT:-}" != 1 ]; then build; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FUZZ_SKIP_BUILD=1 FUZZ_WORK="$work" FUZZ_SEED=1
# One target: replay its corpus, then fuzz it. Its log and verdict go to files of its own, so
# that two targets run side by side (libFuzzer runs on one core).
fuzz_one() {
  local target=$1 log="$work/$1.log"
  if ! ./run.sh "$target" "Corpus/$target" > "$log" 2>&1; then
    echo "fuzz: $target: replaying Corpus/$target failed" > "$work/$target.verdict"
    return 1
  fi
  if ! ./run.sh "$target" "$seconds" > "$log" 2>&1; then
    echo "fuzz: $target: crash or broken property (see Fuzz/crashes/)" > "$work/$target.verdict"
    return 1
  fi
  if ! grep -q "INFO: Loaded 1 modules" "$log"; then
    echo "fuzz: $target ran without coverage instrumentation" > "$work/$target.verdict"
    return 1
  fi
}
set -- $targets
while [ $# -gt 0 ]; do
  pair=("$1")
  if [ $# -gt 1 ]; then pair+=("$2"); fi
  pids=()
  for target in "${pair[@]}"; do
    fuzz_one "$target" &
    pids+=($!)
  done
  failed=0
  for index in "${!pair[@]}"; do
    target=${pair[$index]}
    if ! wait "${pids[$index]}"; then
      tail -n 30 "$work/$target.log" >&2
      cat "$work/$target.verdict" >&2
      failed=1
    else
      echo "fuzz: $target: $(grep -a "DONE" "$work/$target.log" | tail -n 1)"
    fi
  done
  if [ "$failed" != 0 ]; then exit 1; fi
  shift "${#pair[@]}"
done
echo "fuzz: all targets passed in $((SECONDS - started)) s"
