#!/usr/bin/env bash
# Run a command with every process's clock moved forward to a time of night in India (issue 50):
# NIGHT_IST (default 01:00) of the machine's UTC day, or of the next one, whatever the machine's
# own hour and time zone; time then runs on as usual. It uses libfaketime (Debian's faketime,
# installed when missing). Redis, HAProxy and Chromium run on the real clock: jemalloc's start-up
# hangs under libfaketime and Chromium's helper processes die under it, and none of them applies a
# rule of the product's (the browser then stands for a phone whose clock is off by hours, which the
# app must bear anyway: it counts down from the durations the gateway gives, never from its clock).
# libfaketime lacks sem_clockwait, through which Python waits with a timeout: scripts/sem-clockwait.c
# supplies it (built here with the C compiler, installed when missing).
set -euo pipefail

lib=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1
if [ ! -e "$lib" ]; then
  echo "libfaketime missing: installing Debian's faketime" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null
fi

if ! command -v cc >/dev/null; then
  echo "C compiler missing: installing Debian's gcc" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev >/dev/null
fi

night=$(date -u -d "$(date -u +%F) ${NIGHT_IST:-01:00} +0530" +%s)
now=$(date -u +%s)
offset=$(( ((night - now) % 86400 + 86400) % 86400 ))

shims=$(mktemp -d)
chmod 755 "$shims"  # the cluster's PostgreSQL runs as another user, who preloads from it too
trap 'rm -rf "$shims"' EXIT
for name in redis-server redis-sentinel redis-cli haproxy chromium chromium-headless-shell; do
  real=$(command -v "$name" || true)
  [ -n "$real" ] || continue
  printf '#!/bin/sh\nexec env -u LD_PRELOAD -u FAKETIME %s "$@"\n' "$real" >"$shims/$name"
  chmod +x "$shims/$name"
done

cc -O2 -shared -fPIC -o "$shims/sem-clockwait.so" "$(dirname "$0")/sem-clockwait.c"

export CHROMIUM_PATH="${CHROMIUM_PATH:-$shims/chromium-headless-shell}"
export FULL_CHROMIUM_PATH="${FULL_CHROMIUM_PATH:-$shims/chromium}"
echo "clocks at $(TZ=Asia/Kolkata date -d "@$((now + offset))" '+%F %H:%M IST') (the machine's: $(date '+%F %H:%M %Z'))" >&2
PATH="$shims:$PATH" LD_PRELOAD="$shims/sem-clockwait.so $lib" FAKETIME="+${offset}s" "$@"
