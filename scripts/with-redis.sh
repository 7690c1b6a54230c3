#!/usr/bin/env bash
# Run a command with TEST_REDIS_URL pointing at a real Redis.
# Uses the one on 127.0.0.1:6379 when it answers; otherwise starts a private redis-server on a
# spare port (installing it with apt-get when missing), and stops only that one afterwards.
set -euo pipefail

if [ -n "${TEST_REDIS_URL:-}" ]; then exec "$@"; fi

if command -v redis-cli >/dev/null 2>&1 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  TEST_REDIS_URL="redis://127.0.0.1:6379/0" exec "$@"
fi

if ! command -v redis-server >/dev/null 2>&1; then
  echo "redis-server missing: installing it with apt-get" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dir=$(mktemp -d)
redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --daemonize yes \
  --dir "$dir" --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
cleanup() { [ -f "$dir/redis.pid" ] && kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT
for _ in $(seq 1 50); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
echo "started a private Redis on 127.0.0.1:$port" >&2
TEST_REDIS_URL="redis://127.0.0.1:$port/0" "$@"
