#!/usr/bin/env bash
# The edge agent's tests serve SunSpec devices with Debian's pymodbus (an implementation we did
# not write), installed when missing; its package provides pymodbus.server.
exec bash "$(dirname "$0")/../../e2e/scripts/ensure-debian-packages.sh" pymodbus.server python3-pymodbus
