import type * as NodeHttp from 'node:http';

/**
 * node:http, taken through `process.getBuiltinModule` instead of an ES import. An ES import of a
 * built-in module reads every one of its exports into the module namespace, and three of
 * node:http's (WebSocket, CloseEvent, MessageEvent) are getters that load undici, Node's fetch:
 * ~25 ms of every start, for classes the server never uses (docs/decisions/061-start-without-undici.md).
 * Types still come from `import type`, which costs nothing at run time.
 */
export const nodeHttp: typeof NodeHttp = process.getBuiltinModule('node:http');
