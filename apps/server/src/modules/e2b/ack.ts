import { ParseOption, XmlDocument, XmlError } from 'libxml2-wasm';

/** What an acknowledgement (MCCI_IN200101UV01) says of a batch and of each of its messages. */
export interface ParsedAck {
  /** The acknowledged batch (targetBatch, N.1.2). */
  batchNumber: string;
  /** The batch's code: AA all accepted, AE some need action, AR rejected. */
  batchCode: string;
  batchText: string | null;
  /** Per report: the message id (targetMessage, N.2.r.1), CA accepted or CR rejected, and the receiver's text. */
  messages: { messageId: string; code: string; text: string | null }[];
}

const NS = { h: 'urn:hl7-org:v3' };
const SAFE_PARSE = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

function text(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

/** Parses an ACK file; null when it is not one (not XML, a DTD, another root, no batch). */
export function parseAck(bytes: Uint8Array): ParsedAck | null {
  if (/<!DOCTYPE/i.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))) return null;
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(bytes, { option: SAFE_PARSE });
  } catch (error) {
    if (error instanceof XmlError) return null;
    throw error;
  }
  try {
    const root = doc.root;
    if (root.name !== 'MCCI_IN200101UV01' || root.namespaceUri !== NS.h) return null;
    const read = (xpath: string) => String(doc.eval(`string(${xpath})`, NS));
    const batchNumber = text(read('/h:MCCI_IN200101UV01/h:acknowledgement/h:targetBatch/h:id/@extension'));
    const batchCode = text(read('/h:MCCI_IN200101UV01/h:acknowledgement/@typeCode'));
    if (!batchNumber || !batchCode) return null;
    const messages = doc.find('/h:MCCI_IN200101UV01/h:MCCI_IN000002UV01/h:acknowledgement', NS).map((node) => ({
      messageId: text(String(node.eval('string(h:targetMessage/h:id/@extension)', NS))) ?? '',
      code: text(String(node.eval('string(@typeCode)', NS))) ?? '',
      text: text(String(node.eval('string(h:acknowledgementDetail/h:text)', NS))),
    }));
    return { batchNumber, batchCode, batchText: text(read('/h:MCCI_IN200101UV01/h:acknowledgement/h:acknowledgementDetail/h:text')), messages };
  } finally {
    doc.dispose();
  }
}
