/** A CSV export's answer: streamed, named for what it holds and the day, and kept by no cache. */
export function csvAnswer(body: ReadableStream, name: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
