#!/usr/bin/env bash
# Builds the web app unless web/dist is newer than every input of the build: the files under
# web/ and packages/contract (but dist and node_modules), and the lock file. CI runs
# the end-to-end tests twice in one checkout; the second run reuses the first build.
set -euo pipefail
cd "$(dirname "$0")/../.."

STAMP=web/dist/.build-started
if [ -f "$STAMP" ] && [ -z "$(find web packages/contract package-lock.json \
  \( -path web/dist -o -name node_modules \) -prune -o \
  -type f -newer "$STAMP" -print -quit)" ]; then
  echo "web app: web/dist is up to date, reusing it"
  exit 0
fi

echo "web app: building"
# Stamped with the time the build started, so a file saved during the build counts as newer.
# The build empties web/dist first, so a failed build leaves no stamp behind.
started=$(date '+%Y-%m-%d %H:%M:%S.%N')
npm run build -w web
touch -d "$started" "$STAMP"
