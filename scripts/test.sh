#!/usr/bin/env bash
# The project's whole check: type check, lint, unit and integration tests, browser end-to-end.
# Runs against the embedded PostgreSQL and MQTT broker unless DATABASE_URL / MQTT_URL are set.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== node $(node --version)"

# Each phase prints its duration, so CI's log shows where its 20-minute budget goes.
logs=$(mktemp -d)
lint=""
trap '[ -n "$lint" ] && kill "$lint" 2>/dev/null; rm -rf "$logs"' EXIT
# Lint is single-threaded: it runs beside the type check and then beside the unit tests, on the
# core they leave; the end-to-end tests wait for it. It is skipped when no file changed since
# the last clean lint (scripts/lint.sh), as on CI's second pass.
bash scripts/lint.sh >"$logs/lint" 2>&1 &
lint=$!
echo "== type check"
npx tsc -b tsconfig.json
echo "== type check took ${SECONDS} s"
# Folders form layers: none may import one that imports it back (docs/architecture.md).
node scripts/folder-cycles.mjs

started=$SECONDS
echo "== unit and integration tests"
# The video tests drive ffmpeg (Debian's, installed when missing).
bash e2e/scripts/ensure-ffmpeg.sh
# The web tests run in jsdom and touch neither the database nor the broker: when every file is
# as it was at their last pass in this checkout (CI's second pass), only the others run.
source scripts/content-stamps.sh
web_stamps=node_modules/.cache/web-tests
key=$(content_key)
if has_passed "$web_stamps" "$key"; then
  echo "web unit tests: every file as at their last pass, not run again"
  npx vitest run --project '!web'
else
  npx vitest run
  mark_passed "$web_stamps" "$key"
fi
echo "== unit and integration tests took $((SECONDS - started)) s"

echo "== lint"
status=0
wait "$lint" || status=$?
lint=""
cat "$logs/lint"
if [ "$status" -ne 0 ]; then exit "$status"; fi
echo "== lint done at ${SECONDS} s"

started=$SECONDS
echo "== end-to-end tests"
npm run test -w e2e
echo "== end-to-end tests took $((SECONDS - started)) s"
