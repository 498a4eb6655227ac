import net from 'node:net';

export interface TcpProxy {
  /** The local port clients connect to. */
  port: number;
  /** Stops moving bytes either way (connections stay open, new ones are accepted and held): a frozen peer. */
  pause(): void;
  /** Moves bytes again, held ones first. */
  resume(): void;
  /** Connections opened through the proxy so far. */
  readonly connections: number;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 that forwards to `target` and can be paused: the fault drills put it between the
 * app and PostgreSQL to make the database stop answering without closing anything.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let paused = false;
  let opened = 0;
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    if (paused) s.pause();
  };

  const server = net.createServer((client) => {
    opened += 1;
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    // Forwarding by hand (not pipe): a paused socket stays paused until resume().
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('end', () => upstream.end());
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    get connections() {
      return opened;
    },
    pause() {
      paused = true;
      for (const s of sockets) s.pause();
    },
    resume() {
      paused = false;
      for (const s of sockets) s.resume();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
