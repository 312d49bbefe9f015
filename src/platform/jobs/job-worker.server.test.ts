import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env.server';
import { failureMessage, retryDelayMs } from './job-worker.server';

const seconds = (n: number) => n * 1000;

describe('retryDelayMs', () => {
  it('waits 30 s after the first failure and doubles with every attempt', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([30, 60, 120, 240, 480, 960, 1920].map(seconds));
  });

  it('never waits more than an hour, however many attempts were made', () => {
    expect(retryDelayMs(7)).toBe(seconds(3600));
    expect(retryDelayMs(50)).toBe(seconds(3600));
    expect(retryDelayMs(10_000)).toBe(seconds(3600));
  });

  it('treats a negative or fractional count like the whole attempts before it', () => {
    expect(retryDelayMs(-3)).toBe(seconds(30));
    expect(retryDelayMs(1.7)).toBe(seconds(60));
  });
});

describe('failureMessage', () => {
  it('keeps the message, never the stack, and at most 1000 characters of it', () => {
    const error = new Error('SMTP said no');
    expect(failureMessage(error)).toBe('SMTP said no');
    expect(failureMessage(new Error('y'.repeat(5000)))).toBe('y'.repeat(1000));
    expect(failureMessage('a thrown string')).toBe('a thrown string');
    expect(failureMessage(new TypeError(''))).toBe('TypeError');
  });

  it("takes a failed query's message from the database error under drizzle's wrapper", () => {
    const database = Object.assign(new Error('division by zero'), { code: '22012' });
    const wrapped = new Error('Failed query: select $1 / 0\nparams: 42', { cause: database });
    expect(failureMessage(wrapped)).toBe('division by zero');
    // A cause without a SQLSTATE code is not a database error: the outer message stays.
    expect(failureMessage(new Error('sending failed', { cause: new Error('socket hang up') }))).toBe('sending failed');
  });
});

describe('JOBS_WORKER and JOBS_POLL_MS', () => {
  it('default to a worker polling every 5 s', () => {
    expect(loadConfig({}).jobs).toEqual({ worker: true, pollMs: 5000 });
    expect(loadConfig({ JOBS_WORKER: 'false', JOBS_POLL_MS: '50' }).jobs).toEqual({ worker: false, pollMs: 50 });
  });

  it('refuse values that are not a flag or a whole number of milliseconds in range', () => {
    expect(() => loadConfig({ JOBS_WORKER: 'sometimes' })).toThrow(/JOBS_WORKER/);
    expect(() => loadConfig({ JOBS_POLL_MS: 'often' })).toThrow(/JOBS_POLL_MS/);
    expect(() => loadConfig({ JOBS_POLL_MS: '0' })).toThrow(/JOBS_POLL_MS/);
    expect(() => loadConfig({ JOBS_POLL_MS: '2.5' })).toThrow(/JOBS_POLL_MS/);
    expect(() => loadConfig({ JOBS_POLL_MS: '86400000' })).toThrow(/JOBS_POLL_MS/);
  });
});
