// The baseline of the presence benchmark: a bare Socket.IO server with no accounts, presence or validation, relaying
// view poses to everyone connected. Run as its own process (its CPU is measured from /proc):
//   node --import tsx tests/bench/support/poseBaselineServer.ts PORT MODE
// MODE "batch": what Atrium's PoseRelay does, bare (the latest pose per sender, one batch per 100 ms tick to all);
// MODE "broadcast": the naive relay, every pose to everyone at once (N senders x N receivers messages).
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.argv[2]);
const mode = process.argv[3] === 'broadcast' ? 'broadcast' : 'batch';
const http = createServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
const latest = new Map<string, [number, number, number]>();

io.on('connection', (socket) => {
  socket.on('pose:update', (pose: [number, number, number]) => {
    if (mode === 'broadcast') io.volatile.emit('pose:batched', { panoramaId: 'p', poses: [[socket.id, ...pose]] });
    else latest.set(socket.id, pose);
  });
  socket.on('disconnect', () => latest.delete(socket.id));
});
setInterval(() => {
  if (latest.size === 0) return;
  const poses = [...latest].map(([id, pose]) => [id, ...pose]);
  latest.clear();
  io.volatile.emit('pose:batched', { panoramaId: 'p', poses });
}, 100);
http.listen(port, '127.0.0.1', () => process.stdout.write('baseline ready\n'));
