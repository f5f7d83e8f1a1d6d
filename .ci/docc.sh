#!/usr/bin/env bash
# Converts the DocC catalog (Sources/Snapshot/Snapshot.docc) with warnings as errors, so that
# an undocumented parameter, a broken symbol link or a broken <doc:> link fails CI, and prints
# the documentation coverage of the public API. It reads the Snapshot module's symbol graphs
# from the release build .ci/run makes:
#   swift build -c release -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir \
#     -Xswiftc "$PWD/.build/symbol-graphs"
# SYMBOL_GRAPHS=DIR reads them from elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=${SYMBOL_GRAPHS:-.build/symbol-graphs}
docc=$(command -v docc || true)
if [ -z "$docc" ]; then docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"; fi
module_graphs=$(mktemp -d)
trap 'rm -rf "$module_graphs"' EXIT
shopt -s nullglob
for graph in "$graphs"/Snapshot.symbols.json "$graphs"/Snapshot@*.symbols.json; do
  cp "$graph" "$module_graphs"/
done
if [ ! -f "$module_graphs/Snapshot.symbols.json" ]; then
  echo "docc: no $graphs/Snapshot.symbols.json: build with -emit-symbol-graph first" >&2
  exit 1
fi
output=.build/Snapshot.doccarchive
rm -rf "$output"
"$docc" convert Sources/Snapshot/Snapshot.docc \
  --additional-symbol-graph-dir "$module_graphs" \
  --fallback-display-name Snapshot --fallback-bundle-identifier Snapshot \
  --output-path "$output" --warnings-as-errors \
  --experimental-documentation-coverage --coverage-summary-level brief
