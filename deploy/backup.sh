#!/bin/sh
# backup.sh: a backup of paigow's PostgreSQL database (docs/deploy.md). pg_dump's custom format
# (compressed, read by pg_restore) of one consistent snapshot, taken while the service runs,
# written under a temporary name and renamed when complete; the newest $PAIGOW_BACKUPS_KEEP
# kept. Prints the backup's path. Connects as libpq does: the local socket and the user running
# it, or $PGHOST, $PGPORT, $PGUSER. When $PAIGOW_METRICS_DIR (node_exporter's textfile folder)
# exists, a completed backup's time and size are written there for Prometheus
# (paigow_backup.prom; the PaigowBackupOld alert reads it).
set -eu
BACKUPS="${PAIGOW_BACKUPS:-/var/backups/paigow}"
DATABASE="${PAIGOW_DATABASE:-paigow}"
KEEP="${PAIGOW_BACKUPS_KEEP:-14}"
METRICS="${PAIGOW_METRICS_DIR:-/var/lib/prometheus/node-exporter}"

mkdir -p "$BACKUPS"
stamp=$(date -u +%Y%m%dT%H%M%S.%NZ)
file="$BACKUPS/paigow-$stamp.dump"
pg_dump --format=custom --file="$file.part" "$DATABASE"
mv "$file.part" "$file"
# Names sort by time: keep the newest $KEEP.
ls -1 "$BACKUPS"/paigow-*.dump | sort -r | tail -n +"$((KEEP + 1))" | while read -r old; do
    rm -f -- "$old"
done
if [ -d "$METRICS" ]; then
    # written whole under another name, then renamed: node_exporter never reads half of it
    prom="$METRICS/paigow_backup.prom"
    {
        echo "# HELP paigow_backup_last_success_timestamp_seconds When the last backup of the database completed."
        echo "# TYPE paigow_backup_last_success_timestamp_seconds gauge"
        echo "paigow_backup_last_success_timestamp_seconds $(date +%s)"
        echo "# HELP paigow_backup_size_bytes The size of the last backup."
        echo "# TYPE paigow_backup_size_bytes gauge"
        echo "paigow_backup_size_bytes $(stat -c %s "$file")"
    } > "$prom.$$"
    mv "$prom.$$" "$prom"
fi
echo "$file"
