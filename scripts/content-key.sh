#!/usr/bin/env bash
# Prints a key of the checkout's content: the SHA-1 of every file git tracks or would track
# (configs and the lockfile among them), or nothing outside a git work tree. Checks whose result
# depends on these files alone keep a stamp under this key and skip a run that cannot differ.
set -euo pipefail
cd "$(dirname "$0")/.."

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # A tracked file deleted from the work tree hashes as sha1sum's error line: still a key.
  { git ls-files -co --exclude-standard -z | xargs -0 sha1sum 2>&1 || true; } |
    sha1sum | cut -c1-40
fi
