import type { IcsrBatchHeader } from '@atalaya/domain';

/**
 * Our acknowledgement of an imported batch (MCCI_IN200101UV01, ICH E2B(R3) IG §'ICSR
 * acknowledgement'; FDA's R3ack-positive.ack is the model): ACK.M batch header, one
 * MCCI_IN000002UV01 per report (ACK.B.r, CA when it was stored, CR when not, with the reason),
 * and the ACK.A transmission acknowledgement (AA all stored, AE some not, AR none).
 */

const ROOT = '2.16.840.1.113883.3.989.2.1.3';

export interface AckReport {
  /** N.2.r.1 of the report (ACK.B.r.1). */
  messageId: string;
  /** N.2.r.4 (ACK.B.r.5). */
  messageCreationDate: string;
  /** Our reference for it: the incoming report's RH number or the case's (ACK.B.r.2). */
  localNumber: string | null;
  accepted: boolean;
  /** ACK.B.r.7: the reason of a CR, or a comment. */
  detail: string;
}

export interface AckInput {
  /** The imported batch's N.1 header. */
  batch: IcsrBatchHeader;
  /** ACK.M.1: our number for this acknowledgement (the import's code). */
  ackNumber: string;
  /** ACK.A.2: our local message number (the import's code too). */
  localMessageNumber: string;
  now: Date;
  reports: readonly AckReport[];
  /** ACK.A.5 when the whole batch was refused. */
  batchError?: string;
}

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An HL7 TS of `date` in UTC: CCYYMMDDhhmmss+0000. */
export function hl7Timestamp(date: Date): string {
  return `${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}+0000`;
}

function device(kind: 'receiver' | 'sender', root: number, id: string): string {
  const typeCode = kind === 'receiver' ? 'RCV' : 'SND';
  return `<${kind} typeCode="${typeCode}"><device classCode="DEV" determinerCode="INSTANCE"><id extension="${escape(id)}" root="${ROOT}.${root}"/></device></${kind}>`;
}

/** A TS value, or nullFlavor when the report did not give a valid one. */
const tsValue = (value: string) => (/^\d{4,14}([+-]\d{4})?$/.test(value) ? `value="${value}"` : 'nullFlavor="NI"');

/** The acknowledgement's XML. We answer as the receiver the sender addressed (N.1.4), to its sender (N.1.3). */
export function buildAck(input: AckInput): { xml: string; code: 'AA' | 'AE' | 'AR' } {
  const { batch, reports } = input;
  const now = hl7Timestamp(input.now);
  const us = batch.receiverId || 'ATALAYA';
  const them = batch.senderId || 'UNKNOWN';
  const accepted = reports.filter((r) => r.accepted).length;
  const code: 'AA' | 'AE' | 'AR' = input.batchError || accepted === 0 ? 'AR' : accepted === reports.length ? 'AA' : 'AE';
  const batchText =
    input.batchError ?? (code === 'AA' ? 'Lote procesado: todos los informes fueron cargados' : `Lote procesado: ${accepted} de ${reports.length} informes cargados`);
  const messages = reports
    .map(
      (report) =>
        `<MCCI_IN000002UV01>` +
        `<id extension="${escape(report.localNumber ?? report.messageId)}" root="${ROOT}.19"/>` +
        `<creationTime value="${now}"/>` +
        `<interactionId extension="MCCI_IN000002UV01" root="2.16.840.1.113883.1.6"/>` +
        `<processingCode code="P"/><processingModeCode code="T"/><acceptAckCode code="NE"/>` +
        device('receiver', 16, them) +
        device('sender', 15, us) +
        `<attentionLine><keyWordText code="1" codeSystem="2.16.840.1.113883.3.989.2.1.1.24" codeSystemVersion="1.0" displayName="dateOfIcsrMessageCreation"/><value xsi:type="TS" ${tsValue(report.messageCreationDate)}/></attentionLine>` +
        `<acknowledgement typeCode="${report.accepted ? 'CA' : 'CR'}">` +
        `<targetMessage><id extension="${escape(report.messageId)}" root="${ROOT}.1"/></targetMessage>` +
        `<acknowledgementDetail><text>${escape(report.detail)}</text></acknowledgementDetail>` +
        `</acknowledgement>` +
        `</MCCI_IN000002UV01>`,
    )
    .join('');
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<MCCI_IN200101UV01 xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ITSVersion="XML_1.0">` +
    `<id extension="${escape(input.ackNumber)}" root="${ROOT}.20"/>` +
    `<creationTime value="${now}"/>` +
    `<responseModeCode code="D"/>` +
    `<interactionId extension="MCCI_IN200101UV01" root="2.16.840.1.113883.1.6"/>` +
    messages +
    device('receiver', 18, them) +
    device('sender', 17, us) +
    `<attentionLine><keyWordText code="2" codeSystem="2.16.840.1.113883.3.989.2.1.1.24" codeSystemVersion="1.0" displayName="acknowledgementLocalMessageNumber"/><value xsi:type="II" extension="${escape(input.localMessageNumber)}" root="${ROOT}.21"/></attentionLine>` +
    `<attentionLine><keyWordText code="3" codeSystem="2.16.840.1.113883.3.989.2.1.1.24" codeSystemVersion="1.0" displayName="dateOfIcsrBatchTransmission"/><value xsi:type="TS" ${tsValue(batch.transmissionDate)}/></attentionLine>` +
    `<acknowledgement typeCode="${code}">` +
    `<targetBatch><id extension="${escape(batch.batchNumber || 'UNKNOWN')}" root="${ROOT}.22"/></targetBatch>` +
    `<acknowledgementDetail><text>${escape(batchText)}</text></acknowledgementDetail>` +
    `</acknowledgement>` +
    `</MCCI_IN200101UV01>\n`;
  return { xml, code };
}
