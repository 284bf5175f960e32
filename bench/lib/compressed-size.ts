import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bytes after gzip at its highest level, as a server pre-compressing assets would send them. */
export function gzipSize(data: Buffer | string): number {
  return gzipSync(data, { level: 9 }).length;
}

/** Bytes after brotli at quality 11 (the maximum), as a server pre-compressing assets would send them. */
export function brotliSize(data: Buffer | string): number {
  const input = typeof data === 'string' ? Buffer.from(data) : data;
  return brotliCompressSync(input, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
    },
  }).length;
}
