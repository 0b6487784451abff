#!/bin/sh
# restore-drill.sh [BACKUP]: the restore drill (docs/deploy.md). Restores a backup (default: the
# newest in $PAIGOW_BACKUPS) into a new scratch database, checks that its schema is this
# paigow's (paigow db status) and verifies it end to end (paigow audit: the ledger to the cent,
# every table's history replayed); the scratch database is dropped after. Exit 0 only when the
# backup restores and audits clean. Connects as libpq does (the local socket and the user
# running it, or $PGHOST, $PGPORT, $PGUSER); the user needs the right to create databases.
set -eu
PAIGOW="${PAIGOW:-/opt/paigow/venv/bin/paigow}"
BACKUPS="${PAIGOW_BACKUPS:-/var/backups/paigow}"

backup="${1:-$(ls -1 "$BACKUPS"/paigow-*.dump 2>/dev/null | sort | tail -n 1)}"
if [ -z "$backup" ] || [ ! -f "$backup" ]; then
    echo "restore-drill: no backup to restore (${1:-$BACKUPS})" >&2
    exit 2
fi
scratch="paigow_drill_$(date -u +%Y%m%d%H%M%S)_$$"
createdb "$scratch"
trap 'dropdb --if-exists "$scratch"' EXIT
trap 'exit 130' INT TERM
pg_restore --exit-on-error --single-transaction --no-owner --no-privileges \
    --dbname="$scratch" "$backup"
"$PAIGOW" db status --db "postgresql:///$scratch"
"$PAIGOW" audit --db "postgresql:///$scratch"
echo "restore drill: $backup restored and audited clean"
