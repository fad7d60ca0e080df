/** Direct-upload helpers for the server tests: presign, PUT with Content-MD5, both at once. */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Session, TestApp } from './helpers';

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64, 1)]);
export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');
export const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export type Presigned = {
  direct_upload: { url: string; headers: Record<string, string> };
  signed_id: string;
  id: number;
};

export async function presign(t: TestApp, s: Session, bytes: Buffer, type: string, name = 'license.pdf') {
  const query = new URLSearchParams({
    filename: name,
    checksum: md5(bytes),
    byte_size: String(bytes.length),
    content_type: type,
  });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/activities/assets/presigned_url?${query}`,
    headers: s.headers,
  });
  return { status: res.statusCode, body: res.json() as Presigned };
}

export async function put(
  t: TestApp,
  presigned: Presigned,
  bytes: Buffer,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: 'PUT',
    url: presigned.direct_upload.url,
    headers: { ...presigned.direct_upload.headers, ...headers },
    payload: bytes,
  });
  return { status: res.statusCode, body: res.json() };
}

export async function uploaded(t: TestApp, s: Session, bytes = PDF, type = 'application/pdf') {
  const p = await presign(t, s, bytes, type);
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  const u = await put(t, p.body, bytes);
  expect(u.status, JSON.stringify(u.body)).toBe(200);
  return p.body;
}
