#!/usr/bin/env bash
# End-to-end: build the web app (unless web/dist is up to date) and the server, make sure
# chromium exists, then run the specs in src/specs with Playwright Test against the real server
# that src/global-setup.ts starts. Arguments go to `playwright test` (a file or -g filter).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash e2e/scripts/build-web-if-stale.sh
npm run build:server
bash e2e/scripts/ensure-chromium.sh
bash e2e/scripts/ensure-ffmpeg.sh
cd e2e
exec npx playwright test "$@"
