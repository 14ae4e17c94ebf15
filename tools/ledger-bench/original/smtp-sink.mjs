// A minimal SMTP sink for the original server run by setup.sh/start.sh: accepts every message, appends it to
// $SMTP_SINK_LOG (default mail-sink.log in the working directory), never delivers anything.
import net from 'node:net';
import { appendFileSync } from 'node:fs';
const port = Number(process.env.SMTP_SINK_PORT ?? 2526);
const log = process.env.SMTP_SINK_LOG ?? 'mail-sink.log';
net.createServer((socket) => {
  let data = false; let buffer = ''; let auth = 0;
  const say = (line) => socket.write(`${line}\r\n`);
  say('220 sink ESMTP');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let index;
    while ((index = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, index); buffer = buffer.slice(index + 2);
      if (data) {
        if (line === '.') { data = false; say('250 OK queued'); } else appendFileSync(log, `${line}\n`);
        continue;
      }
      if (auth > 0) { auth -= 1; say(auth > 0 ? '334 UGFzc3dvcmQ6' : '235 OK'); continue; }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') { socket.write('250-sink\r\n250-AUTH LOGIN PLAIN\r\n250 8BITMIME\r\n'); }
      else if (verb === 'HELO') say('250 sink');
      else if (verb === 'AUTH') {
        const parts = line.split(' ');
        if (parts[1]?.toUpperCase() === 'LOGIN') { auth = parts.length > 2 ? 1 : 2; say(parts.length > 2 ? '334 UGFzc3dvcmQ6' : '334 VXNlcm5hbWU6'); }
        else say('235 OK');
      }
      else if (verb === 'DATA') { data = true; appendFileSync(log, `--- ${new Date().toISOString()}\n`); say('354 go'); }
      else if (verb === 'QUIT') { say('221 bye'); socket.end(); }
      else say('250 OK');
    }
  });
  socket.on('error', () => undefined);
}).listen(port, '127.0.0.1', () => console.log(`smtp sink on 127.0.0.1:${port}`));
