/**
 * Frames for one socket in the same tick of the event loop leave in one write: the first frame of
 * a tick corks the socket's TCP stream, and every stream corked in that tick is uncorked once it
 * ends (process.nextTick). After a group commit (commit.ts) a move's broadcast and the mover's
 * ack go out in the same tick, so the mover's two frames share one system call, which on a busy
 * server costs more than anything else a move does.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** Streams corked in this tick (ws corks only within one frame, so a corked stream here is one of these). */
let corked: Socket[] = [];
let scheduled = false;

function uncorkAll(): void {
  const streams = corked;
  corked = [];
  scheduled = false;
  for (const s of streams) s.uncork();
}

/** Holds `ws`'s frames of this tick together (a no-op if its stream is not reachable). */
export function corkForTick(ws: WebSocket): void {
  // ws 8 keeps the connection's net.Socket in `_socket`; without it frames simply go one by one.
  const raw = (ws as unknown as { _socket?: Socket | null })._socket;
  if (raw === undefined || raw === null || raw.writableCorked > 0) return;
  raw.cork();
  corked.push(raw);
  if (!scheduled) {
    scheduled = true;
    process.nextTick(uncorkAll);
  }
}
