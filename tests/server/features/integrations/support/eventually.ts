/**
 * Reads until `done` holds or `timeoutMs` passes, and answers the last reading: work done by a worker shows up a
 * moment later, and a test's own assertion on the reading then says what was there instead.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
