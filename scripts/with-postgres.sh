#!/usr/bin/env bash
# Run a command with TEST_POSTGRES_URL pointing at a private PostgreSQL of its own.
# Debian's `postgresql` package (installed with apt-get when missing); `initdb` in a fresh
# directory, the server on a spare loopback port, stopped and removed afterwards. As root, the
# server runs as the package's `postgres` user (PostgreSQL refuses to run as root).
set -euo pipefail

if [ -n "${TEST_POSTGRES_URL:-}" ]; then exec "$@"; fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL missing: installing Debian's postgresql with apt-get" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

as_owner=()
if [ "$(id -u)" -eq 0 ]; then as_owner=(runuser -u postgres --); fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
dir=$(mktemp -d)
chmod 755 "$dir"
[ "$(id -u)" -eq 0 ] && chown postgres "$dir"
cleanup() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# Durability off: a test database lives for one run, and fsync costs the shared disk time.
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -s start \
  -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
echo "started a private PostgreSQL on 127.0.0.1:$port" >&2
TEST_POSTGRES_URL="postgresql://postgres@127.0.0.1:$port/postgres" "$@"
