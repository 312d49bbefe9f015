import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { previewTokenMaxLength, signPreviewToken, verifyPreviewToken } from './preview-token.server';

const key = randomBytes(32);
const pageId = randomUUID();
const now = new Date('2026-03-01T12:00:00.000Z');
const expiresAt = new Date('2026-03-02T12:00:00.000Z');

describe('preview tokens', () => {
  it('carry the page id and expiry, signed, within the length the route allows', () => {
    const token = signPreviewToken(key, pageId, expiresAt);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(token.length).toBeLessThanOrEqual(previewTokenMaxLength);
    expect(verifyPreviewToken(key, token, now)).toEqual({ status: 'valid', pageId, expiresAt });
  });

  it('expire at their expiry, to the second', () => {
    const token = signPreviewToken(key, pageId, expiresAt);
    expect(verifyPreviewToken(key, token, new Date(expiresAt.getTime() - 1)).status).toBe('valid');
    expect(verifyPreviewToken(key, token, expiresAt)).toEqual({ status: 'expired', expiresAt });
  });

  it('are invalid under another key, and when any character changes', () => {
    const token = signPreviewToken(key, pageId, expiresAt);
    expect(verifyPreviewToken(randomBytes(32), token, now).status).toBe('invalid');
    for (let index = 0; index < token.length; index++) {
      if (token[index] === '.') continue;
      const replacement = token[index] === '1' ? '2' : '1';
      const altered = token.slice(0, index) + replacement + token.slice(index + 1);
      expect(verifyPreviewToken(key, altered, now).status, altered).toBe('invalid');
    }
  });

  it('never verify an expired token of another key as expired (the signature comes first)', () => {
    const foreign = signPreviewToken(randomBytes(32), pageId, new Date(now.getTime() - 1000));
    expect(verifyPreviewToken(key, foreign, now).status).toBe('invalid');
  });
});
