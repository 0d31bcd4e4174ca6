#!/usr/bin/env bash
# ffmpeg for video (RTSP relays, recordings, simulated cameras): Debian's, installed when missing.
exec bash "$(dirname "$0")/ensure-debian-packages.sh" ffmpeg ffmpeg fonts-dejavu-core
