// Preloaded into the server process by the API section (`node --expose-gc --import <this file> dist/server/main.js`),
// so the bench can ask for a full garbage collection before it reads the RSS: startup leaves hundreds of MB of dead
// buffers (PGlite's file-system image, migration data) that V8 frees at a moment of its own choosing, which would
// otherwise swamp any real growth. Plain JavaScript, as the compiled server is: nothing else in it changes.
const collect = globalThis.gc;

process.on('SIGUSR2', () => {
  // Twice: the first pass can leave objects whose finalizers free more for the second.
  collect?.();
  collect?.();
});
