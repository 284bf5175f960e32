import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { gzipSize } from './compressed-size';
import { repoRoot } from './paths';

export interface Contributor {
  /** An npm package, or a folder of the app's own code (`src/pages/home`). */
  name: string;
  /** Minified bytes of the chunk that map to it. */
  bytes: number;
  /** gzip -9 of those bytes on their own: an upper bound on its share of the compressed chunk. */
  gzipBytes: number;
}

interface SourceMap {
  sources: string[];
  sourceRoot?: string;
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGITS = new Map([...BASE64].map((char, index) => [char, index]));

/** Base64 VLQ fields of one source-map segment. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGITS.get(char) ?? 0;
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
    } else {
      fields.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

function groupOf(source: string, mapDir: string, sourceRoot: string): string {
  const path = resolve(mapDir, sourceRoot, source).replace(/\\/g, '/');
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const parts = path.slice(inModules + '/node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (!path.startsWith(repoRoot)) return source;
  return dirname(relative(repoRoot, path));
}

/**
 * Attributes each byte of a minified chunk to the module its source map says it came from, grouped by npm package (or
 * app folder), biggest first. Bytes no mapping covers are "(unmapped)".
 */
export function contributorsOf(jsFile: string): Contributor[] {
  const code = readFileSync(jsFile, 'utf8');
  // Vite writes no map for a chunk of its own runtime only (the preload helper): it is all "(unmapped)".
  if (!existsSync(`${jsFile}.map`))
    return [{ name: '(unmapped)', bytes: Buffer.byteLength(code), gzipBytes: gzipSize(code) }];
  const map = JSON.parse(readFileSync(`${jsFile}.map`, 'utf8')) as SourceMap;
  const groups = map.sources.map((source) => groupOf(source, dirname(jsFile), map.sourceRoot ?? ''));
  const slices = new Map<string, string[]>();
  const add = (name: string, text: string) => {
    if (!text) return;
    const parts = slices.get(name);
    if (parts) parts.push(text);
    else slices.set(name, [text]);
  };

  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    let column = 0;
    const segments: { column: number; group: string }[] = [];
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceIndex += fields[1]!;
        segments.push({ column, group: groups[sourceIndex] ?? '(unmapped)' });
      } else {
        segments.push({ column, group: '(unmapped)' });
      }
    }
    add('(unmapped)', line.slice(0, segments[0]?.column ?? line.length));
    segments.forEach((segment, index) => {
      add(segment.group, line.slice(segment.column, segments[index + 1]?.column ?? line.length));
    });
  });
  for (let index = map.mappings.split(';').length; index < lines.length; index++) add('(unmapped)', lines[index]!);

  return [...slices]
    .map(([name, parts]) => {
      const text = parts.join('');
      return { name, bytes: Buffer.byteLength(text), gzipBytes: gzipSize(text) };
    })
    .sort((a, b) => b.bytes - a.bytes);
}
