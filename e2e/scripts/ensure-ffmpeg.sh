#!/usr/bin/env bash
# ffmpeg for video (RTSP relays, recordings, simulated cameras): Debian's, installed when missing.
set -euo pipefail
if command -v ffmpeg >/dev/null 2>&1; then
  exit 0
fi
echo "Installing Debian ffmpeg for the video tests"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq ffmpeg fonts-dejavu-core >/dev/null
command -v ffmpeg >/dev/null
