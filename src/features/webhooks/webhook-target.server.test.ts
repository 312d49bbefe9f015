import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.server';
import { BlockedTargetError, checkWebhookUrl, guardedLookup } from './webhook-target.server';

function refusal(input: string, allowPrivate = false): AppError | undefined {
  try {
    checkWebhookUrl(input, allowPrivate);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

function lookup(host: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    guardedLookup(allowPrivate)(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses as LookupAddress[]),
    );
  });
}

describe('checkWebhookUrl', () => {
  it.each([
    'http://127.0.0.1/',
    'http://[::1]:8080/',
    'http://[::ffff:10.0.0.1]/',
    'http://0x7f.1/',
    'http://169.254.169.254/',
    'http://localhost/',
    'http://api.localhost/',
  ])('refuses %s, naming url', (url) => {
    expect(refusal(url)).toMatchObject({ statusCode: 400, code: 'private_address', field: 'url' });
    expect(refusal(url, true)).toBeUndefined();
  });

  it('takes public http and https URLs and refuses other schemes and credentials', () => {
    expect(checkWebhookUrl('https://hooks.example.com/atlas?x=1', false).href).toBe(
      'https://hooks.example.com/atlas?x=1',
    );
    expect(refusal('http://93.184.216.34/hook')).toBeUndefined();
    expect(refusal('file:///etc/passwd')).toMatchObject({ code: 'invalid_url', field: 'url' });
    expect(refusal('https://me:pw@example.com/')).toMatchObject({ code: 'invalid_url', field: 'url' });
    expect(refusal(`https://example.com/${'x'.repeat(2000)}`)).toMatchObject({ code: 'invalid_url', field: 'url' });
  });
});

describe('guardedLookup', () => {
  it('refuses a name that resolves to a loopback address, unless private targets are allowed', async () => {
    await expect(lookup('localhost', false)).rejects.toBeInstanceOf(BlockedTargetError);
    const addresses = await lookup('localhost', true);
    expect(addresses.length).toBeGreaterThan(0);
  });
});
