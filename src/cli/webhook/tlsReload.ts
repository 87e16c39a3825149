// The serving certificate follows its files: cert-manager (and a Secret volume's symlink swap) rewrites them in
// place, so both are polled (stat follows symlinks) and the TLS context is replaced when they change. A pair
// that does not load (half-written, or a key that does not match yet) is logged and the old context kept; the
// next change of either file tries again.
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import type https from 'node:https';

export function watchTls(
  server: https.Server,
  certFile: string,
  keyFile: string,
  log: (entry: Record<string, unknown>) => void,
  pollMs = 2_000,
): () => void {
  let loaded = '';
  try {
    loaded = readFileSync(certFile, 'utf8') + readFileSync(keyFile, 'utf8');
  } catch {
    // the server was just started from these files; a later change reloads
  }
  const reload = (): void => {
    let cert: string;
    let key: string;
    try {
      cert = readFileSync(certFile, 'utf8');
      key = readFileSync(keyFile, 'utf8');
    } catch (e) {
      log({ level: 'warn', msg: 'tls files unreadable', message: e instanceof Error ? e.message : String(e) });
      return;
    }
    if (cert + key === loaded) return;
    try {
      server.setSecureContext({ cert, key });
      loaded = cert + key;
      log({ level: 'info', msg: 'tls reloaded' });
    } catch (e) {
      log({ level: 'warn', msg: 'tls reload failed', message: e instanceof Error ? e.message : String(e) });
    }
  };
  const opts = { interval: pollMs, persistent: false };
  watchFile(certFile, opts, reload);
  watchFile(keyFile, opts, reload);
  return () => {
    unwatchFile(certFile, reload);
    unwatchFile(keyFile, reload);
  };
}
