import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The Nu Html Checker (the W3C validator) as shipped by the vnu-jar package. */
export const vnuJarPath = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

export interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

export interface VnuReport {
  errors: VnuMessage[];
  warnings: VnuMessage[];
  /** Problems of the checker itself (a file it could not read, a crash): never expected. */
  checkerProblems: VnuMessage[];
}

function javaCommand(): string {
  const home = process.env['JAVA_HOME'];
  return home ? path.join(home, 'bin', 'java') : 'java';
}

/**
 * Checks every file in ONE java process (the JVM takes seconds to start). Info messages are left
 * out; warnings are kept apart from errors. Needs Java 17 or newer on the PATH (or JAVA_HOME).
 */
export async function validateHtmlFiles(files: string[]): Promise<VnuReport> {
  const args = ['-jar', vnuJarPath, '--format', 'json', '--stdout', '--exit-zero-always', '--skip-info-messages'];
  const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number | null }>(
    (resolve, reject) => {
      const child = spawn(javaCommand(), [...args, ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', (error) =>
        reject(
          new Error(
            `The HTML validator needs Java 17 or newer (${javaCommand()} could not start: ${error.message}). ` +
              'On Debian: apt-get install default-jre-headless.',
          ),
        ),
      );
      child.on('close', (exitCode) =>
        resolve({ stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), code: exitCode }),
      );
    },
  );
  if (code !== 0 || stdout.trim() === '') {
    throw new Error(`The HTML validator failed (exit ${code}): ${stderr || stdout}`);
  }
  const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
  return {
    errors: messages.filter((message) => message.type === 'error'),
    warnings: messages.filter((message) => message.type === 'info' && message.subType === 'warning'),
    checkerProblems: messages.filter((message) => message.type === 'non-document-error'),
  };
}

/** The checked file a message is about (its absolute path), or undefined. */
export function fileOf(message: VnuMessage): string | undefined {
  return message.url ? decodeURIComponent(new URL(message.url).pathname) : undefined;
}

/** One readable line per message: where (the page's address when `labels` knows the file), line, column, message, extract. */
export function describeMessage(message: VnuMessage, labels: ReadonlyMap<string, string> = new Map()): string {
  const file = fileOf(message);
  const where = file ? (labels.get(file) ?? path.basename(file)) : '(no file)';
  const extract = message.extract ? ` «${message.extract.replaceAll('\n', ' ').trim()}»` : '';
  return `${where} (${file ? path.basename(file) : '-'}) line ${message.lastLine ?? '?'}:${message.firstColumn ?? '?'}: ${message.message}${extract}`;
}
