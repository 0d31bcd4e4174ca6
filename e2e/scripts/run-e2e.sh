#!/usr/bin/env bash
# End-to-end: build the web app (unless web/dist is up to date), make sure chromium exists, then
# start the real server and drive it with the specs in src/specs (the runner prints "N passed,
# N failed").
set -euo pipefail
cd "$(dirname "$0")/../.."
bash e2e/scripts/build-web-if-stale.sh
bash e2e/scripts/ensure-chromium.sh
exec npx tsx e2e/src/run.ts "$@"
