import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { serve } from '@hono/node-server';
import { startTestApp, type TestApp } from '../../helpers/test-app';

/** The test app on the embedded database, listening on a free local port, as a running server would. */
export async function serveTestApp(): Promise<{ t: TestApp; base: string; close: () => Promise<void> }> {
  const t = await startTestApp('pglite');
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.close();
    await t.close();
  };
  return { t, base, close };
}

/** A port nothing listens on, so the command finds no running server and opens the database itself. */
export async function idlePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
