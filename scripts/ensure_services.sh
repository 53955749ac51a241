#!/usr/bin/env bash
# Starts PostgreSQL and Redis when they are installed on this machine but stopped. With CI=true the test suite
# needs both (tests/conftest.py fails without them); without CI it runs on SQLite and this script is a no-op
# unless the services are installed.
set -u
if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "Starting PostgreSQL ..."
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
    for _ in $(seq 1 20); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 0.5; done
  fi
fi
# The suite's long test transactions (the hostile-input walk: thousands of requests, each with its savepoints) need
# more of PostgreSQL's shared lock table than its default 64 per transaction: on a local cluster this script can
# restart, raise it once (ALTER SYSTEM, kept in postgresql.auto.conf).
if command -v psql >/dev/null 2>&1 && command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ] \
   && pg_isready -h 127.0.0.1 -p 5432 -q; then
  locks=$(psql -h 127.0.0.1 -U postgres -Atc "show max_locks_per_transaction" 2>/dev/null || echo "")
  if [ -n "$locks" ] && [ "$locks" -lt 512 ] 2>/dev/null; then
    echo "PostgreSQL: max_locks_per_transaction $locks -> 512 (restart) ..."
    if psql -h 127.0.0.1 -U postgres -Atc "ALTER SYSTEM SET max_locks_per_transaction = 512" >/dev/null 2>&1; then
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main restart || true
      for _ in $(seq 1 20); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 0.5; done
    fi
  fi
fi
if command -v redis-server >/dev/null 2>&1; then
  if ! (command -v redis-cli >/dev/null 2>&1 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1); then
    echo "Starting Redis ..."
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
    for _ in $(seq 1 20); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.5; done
  fi
fi
exit 0
