import { io, type Socket } from 'socket.io-client';
import { LOUNGE_NAMESPACE, LOUNGE_PROTOCOL_VERSION } from '../../../src/protocol/lounge.ts';
import { SOCIAL_SOCKET_PATH } from '../../../src/protocol/social.ts';

/** Someone in a tour's lounge without a browser: a bare socket that joins, as the protocol describes. */
export function joinLounge(baseUrl: string, token: string, tourId: string): Promise<Socket> {
  const socket = io(`${baseUrl}${LOUNGE_NAMESPACE}`, { path: SOCIAL_SOCKET_PATH, transports: ['websocket'], auth: { v: LOUNGE_PROTOCOL_VERSION, sessionToken: token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.emit('lounge:join', { tourId, groupId: null, panoramaId: null }, (answer: { ok: boolean }) => {
        if (answer.ok) resolve(socket);
        else reject(new Error(JSON.stringify(answer)));
      });
    });
    socket.once('connect_error', reject);
  });
}
