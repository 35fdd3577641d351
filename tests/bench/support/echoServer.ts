// The baseline of the messaging benchmark: a bare Socket.IO server that relays each message to one receiver and
// acknowledges it, storing nothing. Run as its own process: node --import tsx tests/bench/support/echoServer.ts PORT
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.argv[2]);
const http = createServer();
const io = new Server(http, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  if (socket.handshake.auth.receiver) void socket.join('receiver');
  socket.on('message:send', (message: unknown, ack: (answer: unknown) => void) => {
    io.to('receiver').emit('message:created', { message });
    ack({ ok: true, data: { message } });
  });
});
http.listen(port, '127.0.0.1', () => process.stdout.write('echo ready\n'));
