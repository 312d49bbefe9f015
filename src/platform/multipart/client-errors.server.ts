import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';

/**
 * Answers for requests Node's HTTP parser gives up on before any route can (Fastify's
 * `clientErrorHandler`), in the API's error shape instead of Fastify's generic "Client Error".
 * The one that matters here: a client that announces a Content-Length, sends less and closes
 * its side (a cut-off upload). The route reading that upload sees its stream fail and cleans up;
 * the client gets this 400.
 */

/** Sockets whose current request is an upload being read (marked by the upload routes). */
const uploadSockets = new WeakSet<Socket>();

/** Marks a socket as carrying an upload until the returned function is called. */
export function markUploadSocket(socket: Socket): () => void {
  uploadSockets.add(socket);
  return () => uploadSockets.delete(socket);
}

export const cutOffUploadMessage = 'The upload was cut off before it finished. Please try again.';

interface Answer {
  status: number;
  code: string;
  message: string;
  field?: string;
}

function answerFor(error: ConnectionError, socket: Socket): Answer {
  if (error.code === 'HPE_INVALID_EOF_STATE') {
    return uploadSockets.has(socket)
      ? { status: 400, code: 'invalid_upload', message: cutOffUploadMessage, field: 'file' }
      : {
          status: 400,
          code: 'incomplete_request',
          message: 'The request was cut off before it finished. Please try again.',
        };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive. Please try again.' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, code: 'headers_too_large', message: 'The request headers are too large.' };
  }
  return { status: 400, code: 'bad_request', message: 'The request is not valid HTTP.' };
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection is gone; there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message, field } = answerFor(error, socket);
  this.log.debug({ err: error, code }, 'client error');
  // Never a second answer after one already sent for this request (a hook may have refused it
  // before its body was read): an upload being read has had none, and neither has a connection
  // nothing was ever written to. Otherwise the connection is just closed.
  const nothingAnswered = uploadSockets.has(socket) || socket.bytesWritten === 0;
  if (socket.writable && nothingAnswered) {
    const body = JSON.stringify({ error: field ? { code, message, field } : { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${reasons[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
