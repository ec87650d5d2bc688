#!/usr/bin/env bash
# Throwaway MariaDB and PostgreSQL 15 servers for the tests and benchmarks (tests/db_servers.h).
#
#   eval "$(scripts/db-servers.sh start)"   # starts both, prints `export` lines
#   scripts/db-servers.sh stop [STATE]      # stops them (STATE defaults to $HOSTMARK_DB_STATE)
#
# Each server gets its own data directory under one mktemp directory, a unix socket in it and a
# free TCP port on 127.0.0.1 only; both have user sbtest (password sbtest, password
# authentication on the socket and over TCP) and an empty database sbtest. sbtest may create
# more databases (MariaDB: those named sbtest*; PostgreSQL: CREATEDB), so that tests running in
# parallel can each have their own. Small memory settings (innodb_buffer_pool_size 64M,
# shared_buffers 32MB); durability settings are the servers' defaults. Both offer TLS with a
# self-signed certificate for "localhost" (so TLS can be required, and verification fails).
#
# `start` with HOSTMARK_DB_STATE naming servers that still run prints their lines again instead
# of starting more. `stop` stops each server by the pid recorded at start (never by name) and
# removes the directory; it is safe to run twice or on a half-started state. A server that does
# not come up makes `start` fail with its log on stderr, after stopping whatever it had started.
#
# Environment: HOSTMARK_DB_SERVERS=mysql,pgsql (default both), HOSTMARK_DB_TMPDIR (default
# /var/tmp).
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
START_TIMEOUT_S=60

log() { echo "db-servers: $*" >&2; }

# A TCP port nothing listens on (random in 20000-59999, checked with ss).
free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    if ! ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; then
      echo "$port"
      return 0
    fi
  done
  log "no free TCP port found"
  return 1
}

alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

# Stops the process with pid $1 (signal $2), waiting up to 30 s before SIGKILL.
stop_pid() {
  local pid=$1 sig=$2
  alive "$pid" || return 0
  kill "-$sig" "$pid" 2>/dev/null || true
  for _ in $(seq 1 300); do
    alive "$pid" || return 0
    sleep 0.1
  done
  log "pid $pid did not stop on SIG$sig; killing it"
  kill -KILL "$pid" 2>/dev/null || true
}

fail_with_log() {
  local what=$1 logfile=$2
  log "$what did not come up; its log ($logfile):"
  [ -f "$logfile" ] && tail -n 40 "$logfile" >&2
  return 1
}

# A self-signed certificate for "localhost" (TLS tests: REQUIRED/require work, verification
# fails) in $1/tls.
make_certificate() {
  mkdir -p "$1/tls"
  if ! openssl req -x509 -newkey rsa:2048 -nodes -days 7 -subj /CN=localhost \
    -keyout "$1/tls/server.key" -out "$1/tls/server.crt" >"$1/tls/openssl.log" 2>&1; then
    fail_with_log "openssl (test certificate)" "$1/tls/openssl.log"
  fi
  chmod 644 "$1/tls/server.crt"
  echo "TLS_CERT=$1/tls/server.crt" >>"$1/state"
}

start_mysql() {
  local dir=$1/mysql port sock pid
  mkdir -p "$dir/data"
  port=$(free_port)
  sock=$dir/mysqld.sock
  if ! mariadb-install-db --no-defaults --user=root --datadir="$dir/data" --skip-test-db \
    --auth-root-authentication-method=socket >"$dir/install.log" 2>&1; then
    fail_with_log "mariadb-install-db" "$dir/install.log"
  fi
  # setsid + redirected output: the server outlives this script and never holds the pipe of
  # `eval "$(... start)"` open.
  setsid mariadbd --no-defaults --user=root --datadir="$dir/data" --socket="$sock" \
    --port="$port" --bind-address=127.0.0.1 --pid-file="$dir/mysqld.pid" \
    --log-error="$dir/error.log" --innodb-buffer-pool-size=64M --innodb-log-file-size=16M \
    --performance-schema=OFF --skip-name-resolve --max-connections=200 \
    --ssl-cert="$1/tls/server.crt" --ssl-key="$1/tls/server.key" \
    </dev/null >"$dir/stdout.log" 2>&1 &
  pid=$!
  echo "MYSQL_PID=$pid" >>"$1/state"
  for _ in $(seq 1 $((START_TIMEOUT_S * 10))); do
    alive "$pid" || fail_with_log "mariadbd" "$dir/error.log"
    if mariadb --no-defaults --socket="$sock" -uroot -e 'SELECT 1' >/dev/null 2>&1; then
      break
    fi
    sleep 0.1
  done
  mariadb --no-defaults --socket="$sock" -uroot -e 'SELECT 1' >/dev/null 2>&1 ||
    fail_with_log "mariadbd (no answer in ${START_TIMEOUT_S}s)" "$dir/error.log"
  mariadb --no-defaults --socket="$sock" -uroot <<'SQL'
CREATE USER 'sbtest'@'localhost' IDENTIFIED BY 'sbtest';
CREATE USER 'sbtest'@'%' IDENTIFIED BY 'sbtest';
CREATE DATABASE sbtest;
GRANT ALL PRIVILEGES ON `sbtest%`.* TO 'sbtest'@'localhost', 'sbtest'@'%';
SQL
  {
    echo "MYSQL_SOCKET=$sock"
    echo "MYSQL_PORT=$port"
  } >>"$1/state"
}

start_pgsql() {
  local dir=$1/pgsql port pid
  mkdir -p "$dir"
  chown postgres: "$dir"
  chmod 700 "$dir"
  port=$(free_port)
  # initdb and postgres refuse root: they run as Debian's postgres user.
  if ! runuser -u postgres -- "$PG_BIN/initdb" -D "$dir/data" -U postgres -E UTF8 \
    --locale=C --no-sync --auth-local=peer --auth-host=scram-sha-256 \
    >"$dir/initdb.log" 2>&1; then
    fail_with_log "initdb" "$dir/initdb.log"
  fi
  install -o postgres -m 600 "$1/tls/server.crt" "$1/tls/server.key" "$dir/"
  # postgres itself over the socket by peer (this script's admin); everyone else by password.
  cat >"$dir/data/pg_hba.conf" <<'HBA'
local   all   postgres                 peer
local   all   all                      scram-sha-256
host    all   all        127.0.0.1/32  scram-sha-256
HBA
  if ! runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
    -t "$START_TIMEOUT_S" -o "-k $dir -p $port -c listen_addresses=127.0.0.1 \
      -c shared_buffers=32MB -c max_connections=200 -c password_encryption=scram-sha-256 \
      -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key" \
    start </dev/null >"$dir/pg_ctl.log" 2>&1; then
    cat "$dir/pg_ctl.log" >&2
    pid=$(head -n 1 "$dir/data/postmaster.pid" 2>/dev/null || true)
    [ -n "$pid" ] && echo "PGSQL_PID=$pid" >>"$1/state"
    fail_with_log "postgres" "$dir/server.log"
  fi
  pid=$(head -n 1 "$dir/data/postmaster.pid")
  echo "PGSQL_PID=$pid" >>"$1/state"
  runuser -u postgres -- "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" \
    -d postgres <<'SQL'
CREATE ROLE sbtest LOGIN CREATEDB PASSWORD 'sbtest';
CREATE DATABASE sbtest OWNER sbtest;
-- The tests drop their private databases WITH (FORCE), which also ends an autovacuum worker
-- that happens to be in one; ending it needs pg_signal_backend (its role is no role, so
-- 'must be a member of the role whose process is being terminated' failed a test once).
GRANT pg_signal_backend TO sbtest;
SQL
  {
    echo "PGSQL_HOST=$dir"
    echo "PGSQL_PORT=$port"
  } >>"$1/state"
}

# Stops the servers recorded in state file $1 and removes its directory.
stop_state() {
  local state=$1 dir MYSQL_PID="" PGSQL_PID=""
  [ -f "$state" ] || {
    log "no state file $state: nothing to stop"
    return 0
  }
  dir=$(dirname "$state")
  # shellcheck disable=SC1090
  . "$state"
  stop_pid "$MYSQL_PID" TERM   # mariadbd: SIGTERM is a normal shutdown
  stop_pid "$PGSQL_PID" INT    # postgres: SIGINT is the "fast" shutdown
  case "$dir" in
    */hostmark-db.*) rm -rf "$dir" ;;
    *) log "not removing $dir (not a hostmark-db directory)" ;;
  esac
}

# The `export` lines of state file $1.
print_exports() (
  # shellcheck disable=SC1090
  . "$1"
  echo "export HOSTMARK_DB_STATE=$1"
  [ -n "${TLS_CERT:-}" ] && echo "export HOSTMARK_TEST_DB_TLS_CERT=$TLS_CERT"
  if [ -n "${MYSQL_SOCKET:-}" ]; then
    echo "export HOSTMARK_TEST_MYSQL_SOCKET=$MYSQL_SOCKET"
    echo "export HOSTMARK_TEST_MYSQL_PORT=$MYSQL_PORT"
  fi
  if [ -n "${PGSQL_HOST:-}" ]; then
    echo "export HOSTMARK_TEST_PGSQL_HOST=$PGSQL_HOST"
    echo "export HOSTMARK_TEST_PGSQL_PORT=$PGSQL_PORT"
  fi
)

# True when state file $1 exists and every server it records still runs.
state_alive() (
  [ -n "$1" ] && [ -f "$1" ] || exit 1
  MYSQL_PID="" PGSQL_PID=""
  # shellcheck disable=SC1090
  . "$1"
  [ -n "$MYSQL_PID$PGSQL_PID" ] || exit 1
  if [ -n "$MYSQL_PID" ]; then alive "$MYSQL_PID" || exit 1; fi
  if [ -n "$PGSQL_PID" ]; then alive "$PGSQL_PID" || exit 1; fi
)

cmd_start() {
  local base servers
  # Started already in this environment (eval of an earlier start) and still up: the same.
  if state_alive "${HOSTMARK_DB_STATE:-}"; then
    print_exports "$HOSTMARK_DB_STATE"
    log "already running (state $HOSTMARK_DB_STATE)"
    return 0
  fi
  servers=${HOSTMARK_DB_SERVERS:-mysql,pgsql}
  base=$(mktemp -d "${HOSTMARK_DB_TMPDIR:-/var/tmp}/hostmark-db.XXXXXX")
  chmod 711 "$base"   # the postgres user reaches its own subdirectory
  STARTING_STATE=$base/state   # global: the EXIT trap runs after this function's locals are gone
  : >"$STARTING_STATE"
  # Whatever fails below (set -e), the EXIT trap stops what was started and removes the dir.
  trap 'stop_state "$STARTING_STATE"' EXIT
  make_certificate "$base"
  if [[ ,$servers, == *,mysql,* ]]; then start_mysql "$base"; fi
  if [[ ,$servers, == *,pgsql,* ]]; then start_pgsql "$base"; fi
  trap - EXIT
  print_exports "$STARTING_STATE"
  log "started (state $STARTING_STATE)"
}

if [ "$(id -u)" -ne 0 ]; then
  log "run as root (mariadbd runs as root, PostgreSQL as the postgres user via runuser)"
  exit 2
fi
case "${1:-}" in
  start) cmd_start ;;
  stop) stop_state "${2:-${HOSTMARK_DB_STATE:-}}" ;;
  *)
    echo "usage: $0 start | stop [STATE_FILE]" >&2
    exit 2
    ;;
esac
