import { expect } from 'vitest';
import type { ApiClient } from './auth';

export interface UploadFile {
  name: string;
  data: Buffer;
  type?: string;
}

/**
 * Uploads files to POST /api/v1/media as the admin's upload form does (multipart, the session
 * cookie and the CSRF token) and expects 201: the images the server stored, in order.
 */
export async function uploadImages<Image>(
  baseUrl: string,
  client: ApiClient,
  files: UploadFile[],
  fields: Record<string, string> = {},
): Promise<Image[]> {
  if (!client.csrfToken) await client.session();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }), file.name);
  }
  const response = await fetch(`${baseUrl}/api/v1/media`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), 'x-csrf-token': client.csrfToken ?? '', accept: 'application/json' },
    body: form,
  });
  const body = (await response.json()) as { images: Image[] };
  expect(response.status, JSON.stringify(body)).toBe(201);
  expect(body.images).toHaveLength(files.length);
  return body.images;
}
