/**
 * Node flags for the processes the server suites run (Vitest's workers and the scripts they spawn). PGlite is
 * Postgres compiled to a 10 MB WebAssembly module: V8 compiles it at once with its baseline compiler (Liftoff), then
 * again, function by function, with its optimising one (TurboFan) on background threads. A server runs for days and
 * gains from the second compile; a test process opens the database for seconds, and pays for a compile it never
 * uses: the server suites took about 16% less CPU and 13% less time without it (decision 033). Same semantics,
 * only the machine code differs; what ships (npm start, the browser tests' servers, the CLI smoke tests) runs
 * without the flag.
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];
