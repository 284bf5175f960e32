import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The app's folder, where package.json is: files the server reads at run time (migrations, the vehicle catalogue,
 * the built pages) are found from here, whether this code runs from its source (server/…) or compiled into
 * dist/server/, where a path relative to the module would point elsewhere.
 */
function findAppRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const appRoot = findAppRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the app's folder. */
export const appPath = (...parts: string[]) => join(appRoot, ...parts);
