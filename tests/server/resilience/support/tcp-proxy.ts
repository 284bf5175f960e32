import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy the tests put between the app and PostgreSQL to play a failing network:
 * - `freeze()`: nothing passes in either direction, on open connections or new ones (a hung server, a dropped
 *   route). Bytes and closes are held, not lost, and `thaw()` delivers them: the network came back.
 * - `refuse()`: stops listening and resets every connection (the server is down); `accept()` listens again on
 *   the same port.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor: (url: string) => string;
  freeze: () => void;
  thaw: () => void;
  refuse: () => Promise<void>;
  /** Listens again; nothing to do when it is listening. */
  accept: () => Promise<void>;
  /** Resolves once some bytes are held by a freeze: a query is on its way and stuck. */
  holding: () => Promise<void>;
  close: () => Promise<void>;
}

const END = Symbol('end');
type Held = Buffer | typeof END;

/** One direction of one connection: forwards while flowing, holds while frozen. */
class Pump {
  private held: Held[] = [];

  constructor(
    private readonly to: Socket,
    private readonly isFrozen: () => boolean,
    private readonly onHold: () => void,
  ) {}

  get holding(): boolean {
    return this.held.length > 0;
  }

  push(item: Held) {
    if (this.isFrozen()) {
      this.held.push(item);
      this.onHold();
    } else {
      this.deliver(item);
    }
  }

  flush() {
    const items = this.held;
    this.held = [];
    for (const item of items) this.deliver(item);
  }

  private deliver(item: Held) {
    if (this.to.destroyed) return;
    if (item === END) this.to.end();
    else this.to.write(item);
  }
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const pumps = new Set<Pump>();
  let holdWaiters: (() => void)[] = [];
  const onHold = () => {
    const waiters = holdWaiters;
    holdWaiters = [];
    for (const wake of waiters) wake();
  };

  const handle = (downstream: Socket) => {
    const upstream = connect({ port: target.port, host: target.host, allowHalfOpen: true });
    const up = new Pump(upstream, () => frozen, onHold);
    const down = new Pump(downstream, () => frozen, onHold);
    pumps.add(up).add(down);
    for (const socket of [downstream, upstream]) {
      sockets.add(socket);
      // Half-open sockets (allowHalfOpen) pass a plain close through the pumps, so a freeze holds it too; only a
      // reset from either side goes straight through, as a TCP peer would see it.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        pumps.delete(up);
        pumps.delete(down);
        downstream.destroy();
        upstream.destroy();
      });
    }
    downstream.on('data', (chunk: Buffer) => up.push(chunk));
    downstream.on('end', () => up.push(END));
    upstream.on('data', (chunk: Buffer) => down.push(chunk));
    upstream.on('end', () => down.push(END));
  };

  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer({ allowHalfOpen: true }, handle);
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as { port: number }).port;
        server = listening;
        resolve();
      });
    });
  const stopListening = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();

  return {
    port,
    urlFor: (url) => {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const pump of pumps) pump.flush();
    },
    refuse: stopListening,
    accept: async () => {
      if (!server) await listen();
    },
    holding: () =>
      new Promise<void>((resolve) => {
        if ([...pumps].some((pump) => pump.holding)) resolve();
        else holdWaiters.push(resolve);
      }),
    close: stopListening,
  };
}
