// The first port from `from` (up to `from + span - 1`) nothing on 127.0.0.1 listens on; undefined if none.
import net from 'node:net';

const isFree = (port) =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

export async function freePort(from, span = 100) {
  for (let port = from; port < from + span; port++) if (await isFree(port)) return port;
  return undefined;
}
