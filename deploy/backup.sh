#!/bin/sh
# backup.sh: a backup of paigow's PostgreSQL database (docs/deploy.md). pg_dump's custom format
# (compressed, read by pg_restore) of one consistent snapshot, taken while the service runs,
# written under a temporary name and renamed when complete; the newest $PAIGOW_BACKUPS_KEEP
# kept. Prints the backup's path. Connects as libpq does: the local socket and the user running
# it, or $PGHOST, $PGPORT, $PGUSER.
set -eu
BACKUPS="${PAIGOW_BACKUPS:-/var/backups/paigow}"
DATABASE="${PAIGOW_DATABASE:-paigow}"
KEEP="${PAIGOW_BACKUPS_KEEP:-14}"

mkdir -p "$BACKUPS"
stamp=$(date -u +%Y%m%dT%H%M%S.%NZ)
file="$BACKUPS/paigow-$stamp.dump"
pg_dump --format=custom --file="$file.part" "$DATABASE"
mv "$file.part" "$file"
# Names sort by time: keep the newest $KEEP.
ls -1 "$BACKUPS"/paigow-*.dump | sort -r | tail -n +"$((KEEP + 1))" | while read -r old; do
    rm -f -- "$old"
done
echo "$file"
