import { describe, expect, it } from 'vitest';
import { ifNoneMatchMatches, negotiateEncoding } from './http-caching.server';

describe('Accept-Encoding negotiation (RFC 9110 §12.5.3)', () => {
  it.each([
    // No header: no coding. An empty header: the user agent wants none.
    [undefined, 'identity'],
    ['', 'identity'],
    // What browsers send: br first, as before.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    // q=0 excludes a coding.
    ['gzip;q=0', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['br ; q=0 , gzip ; q=0.5', 'gzip'],
    ['br;q=0.000, gzip;q=1.000', 'gzip'],
    // The higher weight wins; on a tie br, then gzip.
    ['gzip;q=0.9, br;q=0.8', 'gzip'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['gzip;q=0.5', 'gzip'],
    // identity only, or preferred explicitly.
    ['identity', 'identity'],
    ['identity;q=1, gzip;q=0.5', 'identity'],
    ['identity;q=0.5, gzip;q=0.5', 'gzip'],
    ['identity;q=0', 'identity'],
    // * stands for every coding not listed.
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*;q=0, gzip', 'gzip'],
    ['*;q=0, identity', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, *;q=0.3', 'gzip'],
    ['gzip;q=0.2, *;q=0.5', 'br'],
    // A malformed weight drops its entry, not the request.
    ['br;q=2, gzip', 'gzip'],
    ['br;q=abc', 'identity'],
    ['br;q=0.0001, gzip;q=0.5', 'gzip'],
    // Several header lines are one list.
    [['br;q=0', 'gzip'], 'gzip'],
  ] as Array<[string | string[] | undefined, string]>)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('If-None-Match (RFC 9110 §13.1.2: weak comparison)', () => {
  const etag = '"abc123"';
  it.each([
    [undefined, false],
    ['"abc123"', true],
    ['W/"abc123"', true],
    ['"other"', false],
    ['"other", "abc123"', true],
    ['"other",W/"abc123" , "third"', true],
    ['"abc12"', false],
    ['abc123', false],
    ['"ABC123"', false],
    ['*', true],
    [' * ', true],
    ['"a,b", "abc123"', true],
    [['"other"', '"abc123"'], true],
  ] as Array<[string | string[] | undefined, boolean]>)('%j → %s', (header, expected) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(expected);
  });

  it('compares weakly against a weak current tag too', () => {
    expect(ifNoneMatchMatches('"abc123"', 'W/"abc123"')).toBe(true);
  });
});
