import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: Record<string, string | undefined>;
  /** The bytes as they came over the wire (fetch would decompress them). */
  body: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
}

/** A GET (or HEAD) that leaves the body as sent, and sends exactly the headers given. */
export function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const single = (name: string) => {
          const value = response.headers[name];
          return Array.isArray(value) ? value.join(', ') : value;
        };
        const encoding = single('content-encoding');
        try {
          // HEAD and 304 responses have no body to decode.
          const decoded =
            body.length > 0 && encoding === 'br'
              ? brotliDecompressSync(body)
              : body.length > 0 && encoding === 'gzip'
                ? gunzipSync(body)
                : body;
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(Object.keys(response.headers).map((name) => [name, single(name)])),
            body,
            text: decoded.toString(),
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}
