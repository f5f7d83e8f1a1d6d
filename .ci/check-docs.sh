#!/usr/bin/env bash
# No DocC article carries a dated run, a commit hash or a note on the machine's load: the
# catalog documents the API, and measurements with their dates belong in Benchmarks/ and in
# commit messages. Prints each offending line and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
articles=(Sources/*/*.docc/*.md)
patterns=(
  '\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b'                          # a date
  '\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b'       # a commit hash
  '(?i)\b(load average|busy (hour|machine)|busier|quiet(er)? (hour|machine)|shared machine|noisy|recorded run|this machine)\b'
)
status=0
for pattern in "${patterns[@]}"; do
  if grep -nP "$pattern" "${articles[@]}"; then status=1; fi
done
if [ "$status" != 0 ]; then
  echo "check-docs: a DocC article above carries a date, a commit hash or a note on the machine" >&2
  exit 1
fi
echo "check-docs: ${#articles[@]} DocC articles carry no dated run, commit hash or machine note"
