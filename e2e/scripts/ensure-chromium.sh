#!/usr/bin/env bash
# The browser the end-to-end specs drive: Debian's chromium, installed when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "Installing Debian chromium for the end-to-end tests"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
test -x /usr/bin/chromium
