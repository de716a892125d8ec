import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { medicalContacts } from '../db/schema/index.js';

/** A file part of a multipart body. */
export interface TestFilePart {
  /** The part's field name; 'file' by default. */
  field?: string;
  name: string;
  content: Uint8Array | string;
  /** The MIME type the "browser" claims; application/octet-stream by default. */
  type?: string;
}

/** A multipart body for `app.inject`: its bytes and content type (boundary included), as a browser's FormData makes it. */
export async function multipartBody(
  fields: Record<string, string | number | null | undefined>,
  parts: readonly TestFilePart[] = [],
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const part of parts) {
    const bytes = typeof part.content === 'string' ? new TextEncoder().encode(part.content) : part.content;
    form.append(part.field ?? 'file', new Blob([new Uint8Array(bytes)], { type: part.type ?? 'application/octet-stream' }), part.name);
  }
  const response = new Response(form);
  const contentType = response.headers.get('content-type');
  if (!contentType) throw new Error('FormData gave no content type');
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': contentType } };
}

/** A small but real PDF (one empty page). */
export const SAMPLE_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The start of a Windows executable (what a renamed .exe begins with). */
export const SAMPLE_EXECUTABLE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);

/** A PDF-looking file of `size` bytes (to test the size limit). */
export function pdfOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(SAMPLE_PDF.subarray(0, Math.min(size, SAMPLE_PDF.length)));
  return bytes;
}

/** A medical contact of a case (what insertContactoMedico stores), to attach files to. */
export async function createMedicalContact(db: DbOrTx, eventId: string, createdBy: string): Promise<number> {
  const [row] = await db
    .insert(medicalContacts)
    .values({ eventId, contacted: true, doctorName: 'Dra. Prueba', createdBy })
    .returning({ id: medicalContacts.id });
  if (!row) throw new Error('Medical contact not created');
  return row.id;
}

/** The medical contact's stored file id (null when none). */
export async function medicalContactFileId(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ fileId: medicalContacts.fileId }).from(medicalContacts).where(eq(medicalContacts.id, id));
  return row?.fileId ?? null;
}

