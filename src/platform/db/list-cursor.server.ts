import { badRequest } from '../http/app-error.server';

/** The answer to a list position that was not made by this server (or was cut or edited). */
export const invalidCursor = () =>
  badRequest('invalid_cursor', 'That list position is not valid. Load the list again.', 'cursor');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export interface OrderCursor {
  sortOrder: number;
  id: string;
}

/**
 * An opaque keyset position for lists ordered by (sort_order, id) ascending (the pages list): the
 * last item's place and id.
 */
export function encodeOrderCursor(sortOrder: number, id: string): string {
  return Buffer.from(`${sortOrder}|${id}`).toString('base64url');
}

export function decodeOrderCursor(cursor: string): OrderCursor {
  const [place, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const sortOrder = Number(place);
  if (
    !place ||
    !id ||
    rest.length > 0 ||
    !/^-?\d{1,10}$/.test(place) ||
    !Number.isSafeInteger(sortOrder) ||
    Math.abs(sortOrder) > 2_147_483_647 ||
    !uuidPattern.test(id)
  ) {
    throw invalidCursor();
  }
  return { sortOrder, id };
}

export interface TimeCursor {
  /** The time as written into the cursor (up to microseconds, UTC). */
  at: string;
  date: Date;
  id: string;
}

/**
 * An opaque keyset position for lists ordered by (a time, id) newest first: the last item's time
 * and id. Pass the database's own text for the time when rows can share a millisecond (the audit
 * log); a Date is exact enough for rows people create one at a time.
 */
export function encodeTimeCursor(at: Date | string, id: string): string {
  return Buffer.from(`${typeof at === 'string' ? at : at.toISOString()}|${id}`).toString('base64url');
}

export function decodeTimeCursor(cursor: string): TimeCursor {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (
    !at ||
    !id ||
    rest.length > 0 ||
    !uuidPattern.test(id) ||
    !isoDateTimePattern.test(at) ||
    Number.isNaN(date.getTime())
  ) {
    throw invalidCursor();
  }
  return { at, date, id };
}
