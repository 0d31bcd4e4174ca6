#!/usr/bin/env bash
# Installs Debian packages when the command they provide is missing.
# Usage: ensure-debian-packages.sh <command> <package>...
set -euo pipefail
command=$1
shift
if command -v "$command" >/dev/null 2>&1; then
  exit 0
fi
echo "Installing Debian $* for the tests ($command is missing)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "$@" >/dev/null
command -v "$command" >/dev/null
