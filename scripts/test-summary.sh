#!/usr/bin/env bash
# Sums the vitest and Playwright summaries in a test log into one plain closing line.
set -euo pipefail
plain=$(sed 's/\x1b\[[0-9;]*m//g' "$1")
count() { { grep -oE "[0-9]+ $1" || true; } | awk '{s+=$1} END {print s+0}'; }
vitest=$(echo "$plain" | grep -E '^\s*Tests\s' || true)
playwright=$(echo "$plain" | grep -E '^\s+[0-9]+ (passed|failed|flaky)( |$)' || true)
passed=$(( $(echo "$vitest" | count passed) + $(echo "$playwright" | count passed) ))
failed=$(( $(echo "$vitest" | count failed) + $(echo "$playwright" | count failed) ))
echo "tests: ${passed} passed, ${failed} failed"
