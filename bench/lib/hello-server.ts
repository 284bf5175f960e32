import { startChildServer, type ChildServer } from './child-server';

/** The least an HTTP answer costs in Node: a bare node:http server, in its own process like the app's. */
const HELLO_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ hello: 'world' });
const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** A 17-byte JSON hello for any request. */
export function startHelloServer(): Promise<ChildServer> {
  return startChildServer('hello server', ['-e', HELLO_SERVER]);
}
