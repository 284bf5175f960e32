/**
 * The part of a fetch `Response` the flows read (ky's responses are one). The page hands each flow's actors a
 * function that answers with one for any status and rejects only when no answer came (network down, timeout):
 * what a status means for the customer is the flow's to decide, so it is decided here and tested with the chart.
 */
export interface HttpResponse {
  readonly status: number;
  json(): Promise<unknown>;
}

/** An answer a flow cannot use (5xx, 408, 429): its actor rejects with it, so the chart's `onError` takes over. */
export class UnexpectedStatusError extends Error {
  override readonly name = 'UnexpectedStatusError';
  readonly status: number;

  constructor(status: number) {
    super(`Unexpected HTTP status ${status}`);
    this.status = status;
  }
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

/** The body, or null when there is none or it is not JSON: an error page from a proxy must not become a crash. */
export async function bodyOf(response: HttpResponse): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
