#!/usr/bin/env bash
# The project's whole check: type check, lint, unit and integration tests, browser end-to-end.
# Runs against the embedded PostgreSQL and MQTT broker unless DATABASE_URL / MQTT_URL are set.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== node $(node --version)"

# Type check and lint are single-threaded, so they run side by side; each prints when done.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
npx tsc -b tsconfig.json >"$logs/typecheck" 2>&1 &
typecheck=$!
# Cached by content: CI's second pass (and a rerun) lints only what changed.
npx eslint . --max-warnings 0 --cache --cache-strategy content \
  --cache-location node_modules/.cache/eslint/ >"$logs/lint" 2>&1 &
lint=$!
status=0
echo "== type check"
wait "$typecheck" || status=1
cat "$logs/typecheck"
echo "== lint"
wait "$lint" || status=1
cat "$logs/lint"
if [ "$status" -ne 0 ]; then exit "$status"; fi
echo "== type check and lint took ${SECONDS} s"

# Each phase prints its duration, so CI's log shows where its 20-minute budget goes.
started=$SECONDS
echo "== unit and integration tests"
# The video tests drive ffmpeg (Debian's, installed when missing).
bash e2e/scripts/ensure-ffmpeg.sh
npx vitest run
echo "== unit and integration tests took $((SECONDS - started)) s"
started=$SECONDS
echo "== end-to-end tests"
npm run test -w e2e
echo "== end-to-end tests took $((SECONDS - started)) s"
