#!/usr/bin/env bash
# The project's whole check: type check, lint, unit and integration tests, browser end-to-end.
# Runs against the embedded PostgreSQL and MQTT broker unless DATABASE_URL / MQTT_URL are set.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== type check"
npx tsc -b tsconfig.json
echo "== lint"
npx eslint . --max-warnings 0
echo "== unit and integration tests"
npx vitest run
if [ -f e2e/package.json ] && grep -q '"test"' e2e/package.json; then
  echo "== end-to-end tests"
  npm run test -w e2e
fi
