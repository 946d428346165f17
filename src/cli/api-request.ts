/** Writing the API's requests: paths with their parameters, query strings, chunked bodies. */

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

const UPLOAD_CHUNK_BYTES = 64 * 1024;

/** `?a=1&b=x` from the defined values of a query; `undefined` and `null` are left out. */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `/v1/orders/{id}` with its parameters, each encoded (barcodes contain a space: `FD 0000042`). */
export function fillPath(
  template: string,
  params: Record<string, string | number> | undefined,
): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** A body in 64 KiB chunks, reporting bytes written so far against the total. */
export async function* chunked(
  data: Uint8Array,
  onProgress: ((sent: number, total: number) => void) | undefined,
) {
  const total = data.byteLength;
  onProgress?.(0, total);
  for (let offset = 0; offset < total; offset += UPLOAD_CHUNK_BYTES) {
    const chunk = data.subarray(offset, Math.min(offset + UPLOAD_CHUNK_BYTES, total));
    yield chunk;
    // Resumed when undici asks for the next chunk, i.e. once this one has been written.
    onProgress?.(offset + chunk.byteLength, total);
  }
}
