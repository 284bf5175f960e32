import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The base image the Dockerfile names. */
export const BASE_IMAGE = 'node:24-bookworm-slim';

/**
 * Where no container registry is reachable, this script (beside the repository, in the workplace's shared tools)
 * starts Docker's engine and builds the base image locally from Debian's packages and the npm registry.
 */
const LOCAL_BASE_IMAGES = fileURLToPath(new URL('../../../../shared/tools/base-images.sh', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end and answers what it wrote and its exit code (never throws for a non-zero exit). */
export function run(
  command: string,
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: repoRoot, env: options.env, timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (typeof code !== 'number') reject(error ?? new Error(`${command} did not exit`));
        else resolve({ code, stdout, stderr });
      },
    );
  });
}

export const docker = (args: string[], options: { timeoutMs?: number } = {}) => run('docker', args, options);

/** `docker …` that must succeed: its stdout, trimmed. */
export async function dockerOk(args: string[], options: { timeoutMs?: number } = {}): Promise<string> {
  const result = await docker(args, options);
  if (result.code !== 0) throw new Error(`docker ${args.join(' ')} exited ${result.code}:\n${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Docker's engine answering, and the base image here: the local stand-in is built when a script for it is beside
 * the repository (no registry reachable); otherwise `docker build` pulls the official image.
 */
export async function prepareDocker(): Promise<void> {
  const engine = await docker(['info']).catch(() => ({ code: 1 }));
  const base = engine.code === 0 ? await docker(['image', 'inspect', BASE_IMAGE]) : { code: 1 };
  if (engine.code === 0 && base.code === 0) return;
  if (existsSync(LOCAL_BASE_IMAGES)) {
    const made = await run('bash', [LOCAL_BASE_IMAGES], { timeoutMs: 20 * 60_000 });
    if (made.code !== 0) throw new Error(`${LOCAL_BASE_IMAGES} failed:\n${made.stderr}`);
  } else if (engine.code !== 0) {
    throw new Error("Docker's engine does not answer (docker info): start it, then run npm run test:container again.");
  }
}

/** Bytes of an image, its base's layers included. */
export const imageSize = async (image: string) =>
  Number(await dockerOk(['image', 'inspect', '-f', '{{.Size}}', image]));

/** A container's state, as `docker inspect` reports it. */
export interface ContainerState {
  Running: boolean;
  ExitCode: number;
  OOMKilled: boolean;
  Health?: { Status: string };
}

export const containerState = async (name: string) =>
  JSON.parse(await dockerOk(['inspect', '-f', '{{json .State}}', name])) as ContainerState;

/** The compose tool on this machine: Docker's plugin (`docker compose`), else the standalone `docker-compose`. */
export async function composeTool(): Promise<string[] | undefined> {
  for (const tool of [['docker', 'compose'], ['docker-compose']]) {
    const version = await run(tool[0]!, [...tool.slice(1), 'version']).catch(() => undefined);
    if (version?.code === 0) return tool;
  }
  return undefined;
}
