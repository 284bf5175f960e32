import type { Env } from '../env';

/** Writes one line, as console.log does (so an object is shown as console.log shows it). */
export type Print = (...data: unknown[]) => void;

/**
 * What a command-line tool is given besides its arguments: its settings and its two outputs. Its answer goes to
 * stdout (`npm run member -- export > member.json`), usage and errors to stderr.
 */
export interface CliIo {
  env: Env;
  stdout: Print;
  stderr: Print;
}

/** A tool run from a shell: these settings, and the process's own stdout and stderr. */
export const consoleIo = (env: Env): CliIo => ({
  env,
  stdout: (...data) => console.log(...data),
  stderr: (...data) => console.error(...data),
});
