#!/usr/bin/env bash
# The browser the end-to-end specs drive: Debian's chromium (/usr/bin/chromium), installed when missing.
exec bash "$(dirname "$0")/ensure-debian-packages.sh" chromium chromium
