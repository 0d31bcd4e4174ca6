#!/usr/bin/env bash
# Lint, unless every file of the checkout is byte for byte as it was at the last clean lint.
# ESLint's own cache is kept per Node version (it hashes `process.version` into each entry), so
# CI's second pass, on another Node, would lint everything again for the same result; this
# stamp is keyed by content alone (scripts/content-key.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

cache=node_modules/.cache/eslint
key=$(bash scripts/content-key.sh)
if [ -n "$key" ] && [ -f "$cache/clean-$key" ]; then
  echo "lint: every file as at the last clean lint"
  exit 0
fi
npx eslint . --max-warnings 0 --cache --cache-strategy content --cache-location "$cache/"
if [ -n "$key" ]; then
  rm -f "$cache"/clean-*
  touch "$cache/clean-$key"
fi
