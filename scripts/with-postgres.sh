#!/usr/bin/env bash
# Run a command beside a throwaway PostgreSQL:
#
#   bash scripts/with-postgres.sh npm test
#   bash scripts/with-postgres.sh npx vitest run test/store
#
# Installs PostgreSQL with apt-get if its server programs are missing (as root),
# makes a cluster in a temporary folder (owned by the `postgres` user when run as
# root: initdb refuses root), listening on 127.0.0.1 only, on a free port, with
# trust authentication for loopback; creates the database starhost_test, exports
# DATABASE_URL=postgres://postgres@127.0.0.1:PORT/starhost_test, runs the command,
# then stops the cluster and removes the folder, whatever the command's outcome.
# Durability is off (fsync, full page writes): the data is thrown away anyway.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh COMMAND [ARGS...]" >&2
  exit 2
fi

say() { echo "with-postgres: $*" >&2; }

# The server programs: on PATH, or Debian's /usr/lib/postgresql/<version>/bin (newest).
find_bin() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v initdb)")"
    return
  fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; fi
}

BIN=$(find_bin)
if [ -z "$BIN" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    say "PostgreSQL's server programs (initdb, pg_ctl) are missing; install them (apt-get install postgresql) or run as root"
    exit 1
  fi
  say "installing PostgreSQL (apt-get install postgresql)"
  export DEBIAN_FRONTEND=noninteractive
  # Debian would also make and start a "main" cluster on port 5432: not needed, and slower.
  if [ ! -e /etc/postgresql-common/createcluster.d/starhost.conf ]; then
    mkdir -p /etc/postgresql-common/createcluster.d
    echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.d/starhost.conf
  fi
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  BIN=$(find_bin)
  if [ -z "$BIN" ]; then
    say "apt-get installed postgresql but no initdb/pg_ctl was found under /usr/lib/postgresql"
    exit 1
  fi
fi

# As root, the cluster belongs to `postgres` (made by Debian's postgresql-common; made here if missing).
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin postgres; fi
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

DIR=$(mktemp -d "${TMPDIR:-/tmp}/starhost-pg.XXXXXX")
chmod 700 "$DIR"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$DIR"; fi

cleanup() {
  local rc=$?
  if [ -f "$DIR/data/postmaster.pid" ]; then
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$DIR"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A free loopback port, asked of the kernel (Node is here: this is a Node project).
PORT=$(node -e 'const s=require("node:net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

if ! as_pg "$BIN/initdb" -D "$DIR/data" -U postgres -E UTF8 --no-locale --auth-local=trust --auth-host=trust --no-sync \
  >"$DIR/initdb.log" 2>&1; then
  cat "$DIR/initdb.log" >&2
  say "initdb failed"
  exit 1
fi
if ! as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c full_page_writes=off -c synchronous_commit=off" \
  start >/dev/null; then
  cat "$DIR/server.log" >&2 || true
  say "PostgreSQL did not start"
  exit 1
fi
as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres starhost_test

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/starhost_test"
say "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') at $DATABASE_URL (folder $DIR)"

set +e
"$@"
rc=$?
set -e
exit $rc
