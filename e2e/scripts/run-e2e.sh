#!/usr/bin/env bash
# End-to-end: build the web app, make sure chromium exists, then start the real server and
# drive it with the specs in src/specs (the runner prints "N passed, N failed").
set -euo pipefail
cd "$(dirname "$0")/../.."
npm run build -w web
bash e2e/scripts/ensure-chromium.sh
exec npx tsx e2e/src/run.ts "$@"
