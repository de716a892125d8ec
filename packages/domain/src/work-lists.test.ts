import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import {
  annulEventSchema,
  booleanFilterParam,
  dateFilterParam,
  HOME_REPORT_ORDER_COLUMNS,
  homeReportStatusUpdateSchema,
  idFilterParam,
  isNoFilter,
  pageParam,
  pageSizeParam,
  parseOrderBy,
  textFilterParam,
  WORKFLOW_ORDER_COLUMNS,
} from './work-lists.js';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('orderBy of a list', () => {
  it('accepts a known column alone (ASC) or with a direction in any case', () => {
    expect(parseOrderBy('FechaSolicitud DESC', WORKFLOW_ORDER_COLUMNS)).toEqual({ column: 'FechaSolicitud', direction: 'DESC' });
    expect(parseOrderBy('NumeroReferencia', WORKFLOW_ORDER_COLUMNS)).toEqual({ column: 'NumeroReferencia', direction: 'ASC' });
    expect(parseOrderBy('Pais asc', WORKFLOW_ORDER_COLUMNS)).toEqual({ column: 'Pais', direction: 'ASC' });
    expect(parseOrderBy(' Estado desc ', WORKFLOW_ORDER_COLUMNS)).toEqual({ column: 'Estado', direction: 'DESC' });
    expect(parseOrderBy('FechaCreacion DESC', HOME_REPORT_ORDER_COLUMNS)).toEqual({ column: 'FechaCreacion', direction: 'DESC' });
  });

  it('accepts every workflow column', () => {
    for (const column of WORKFLOW_ORDER_COLUMNS) expect(parseOrderBy(`${column} DESC`, WORKFLOW_ORDER_COLUMNS)?.column).toBe(column);
  });

  it.each([
    '1;DROP TABLE events',
    '1;DROP TABLE',
    'FechaSolicitud;DELETE',
    'FechaSolicitud DESC; DROP TABLE events',
    'FechaSolicitud  DESC',
    'FechaSolicitud DOWN',
    'fechasolicitud DESC',
    'Reference DESC',
    'id',
    '',
    '(select 1)',
    'FechaSolicitud DESC, id',
  ])('refuses %j', (value) => {
    expect(parseOrderBy(value, WORKFLOW_ORDER_COLUMNS)).toBeNull();
  });

  it('refuses a column of another list', () => {
    expect(parseOrderBy('FechaSolicitud DESC', HOME_REPORT_ORDER_COLUMNS)).toBeNull();
    expect(parseOrderBy('IsMedic', WORKFLOW_ORDER_COLUMNS)).toBeNull();
  });
});

describe('page and page size in a path', () => {
  it('takes whole page numbers from 1', () => {
    expect(pageParam.parse('1')).toBe(1);
    expect(pageParam.parse('27')).toBe(27);
  });

  it.each(['0', '-1', '1.5', 'x', '', '1e9'])('refuses page %j with the Spanish message', (value) => {
    expect(firstMessage(pageParam.safeParse(value))).toBe(MSG.lists.invalidPage);
  });

  it('takes only 15 as page size', () => {
    expect(pageSizeParam.parse('15')).toBe(15);
    for (const size of ['14', '16', '0', 'x', '15.5']) expect(firstMessage(pageSizeParam.safeParse(size))).toBe(MSG.lists.invalidPageSize);
  });
});

describe('filters in a path', () => {
  it('reads null, undefined, empty, - and 0 as no filter', () => {
    for (const value of ['null', 'undefined', '', '-', '0', ' NULL ', undefined]) expect(isNoFilter(value)).toBe(true);
    expect(isNoFilter('3')).toBe(false);
  });

  it('reads an id filter as a whole number from 1', () => {
    expect(idFilterParam.parse('4')).toBe(4);
    expect(idFilterParam.parse('null')).toBeNull();
    expect(idFilterParam.parse('0')).toBeNull();
    for (const value of ['-2', '1.5', 'abc', '1;DROP TABLE events']) {
      expect(firstMessage(idFilterParam.safeParse(value))).toBe(MSG.lists.invalidFilter);
    }
  });

  it('reads a date filter from a date or an ISO date-time', () => {
    expect(dateFilterParam.parse('2026-03-04')?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(dateFilterParam.parse('2026-03-04T10:30:00Z')?.toISOString()).toBe('2026-03-04T10:30:00.000Z');
    expect(dateFilterParam.parse('null')).toBeNull();
    for (const value of ['04/03/2026', '2026-13-40', '2026-02-30', '2026-03-04 10:30', '2026-03-04T10:30', 'ayer', '1;DROP TABLE']) {
      expect(firstMessage(dateFilterParam.safeParse(value))).toBe(MSG.generic.dateFormat());
    }
  });

  it('reads a text filter trimmed, at most 60 characters', () => {
    expect(textFilterParam.parse(' UY-2026 ')).toBe('UY-2026');
    expect(textFilterParam.parse('undefined')).toBeNull();
    expect(firstMessage(textFilterParam.safeParse('x'.repeat(61)))).toBe(MSG.lists.invalidFilter);
  });

  it('reads a boolean filter', () => {
    expect(booleanFilterParam.parse('true')).toBe(true);
    expect(booleanFilterParam.parse('1')).toBe(true);
    expect(booleanFilterParam.parse('FALSE')).toBe(false);
    expect(booleanFilterParam.parse('null')).toBeNull();
    expect(firstMessage(booleanFilterParam.safeParse('quizás'))).toBe(MSG.lists.invalidFilter);
  });
});

describe('write bodies', () => {
  it('annul needs the case and a comment', () => {
    expect(annulEventSchema.parse({ Meta: 'abc', Comentario: ' duplicado ' })).toEqual({ Meta: 'abc', Comentario: 'duplicado' });
    expect(firstMessage(annulEventSchema.safeParse({ Meta: 'abc', Comentario: '   ' }))).toBe(MSG.workflow.commentRequired);
    expect(firstMessage(annulEventSchema.safeParse({ Meta: 'abc' }))).toBe(MSG.workflow.commentRequired);
    expect(firstMessage(annulEventSchema.safeParse({ Meta: '', Comentario: 'x' }))).toBe(MSG.lists.eventNotFound);
  });

  it('discarding an incoming report needs a comment; reviewing does not', () => {
    const homeERId = '6f1c9a4e-3b7d-4c2a-9e1f-0a2b3c4d5e6f';
    expect(homeReportStatusUpdateSchema.safeParse({ homeERId, subGroup: '1', newStatus: 2 }).success).toBe(true);
    expect(firstMessage(homeReportStatusUpdateSchema.safeParse({ homeERId, newStatus: 3, comentario: ' ' }))).toBe(MSG.workflow.commentRequired);
    expect(firstMessage(homeReportStatusUpdateSchema.safeParse({ homeERId, newStatus: 4 }))).toBe(MSG.workflow.actionNotAllowed);
  });
});
