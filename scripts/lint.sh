#!/usr/bin/env bash
# Lint and the format check, unless every file of the checkout is byte for byte as it was at
# the last clean lint.
# ESLint's own cache is kept per Node version (it hashes `process.version` into each entry), so
# CI's second pass, on another Node, would lint everything again for the same result; this
# stamp is keyed by content alone (scripts/content-stamps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/content-stamps.sh

cache=node_modules/.cache/eslint
key=$(content_key)
if has_passed "$cache" "$key"; then
  echo "lint: every file as at the last clean lint"
  exit 0
fi
node scripts/declared-imports.mjs
npx eslint . --max-warnings 0 --cache --cache-strategy content --cache-location "$cache/"
npx prettier --check . --log-level warn
npx tsx scripts/contract-copies.mjs
mark_passed "$cache" "$key"
