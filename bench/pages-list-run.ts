/**
 * `npm run bench:pages-list`: only the pages-list measurement of `npm run bench` (bench/pages-list.ts),
 * on its own production server (built, fresh embedded database, seeded). Prints the figures; does
 * not write bench/results.json.
 */
import { measurePagesList, printPagesList } from './pages-list';
import { benchAdmin, buildAndStart, signIn } from './production-server';

console.log('bench: building and starting the production server');
const server = await buildAndStart({
  ADMIN_EMAIL: benchAdmin.email,
  ADMIN_PASSWORD: benchAdmin.password,
  // 5,000 creates in a minute or two: measure the list, not the write limits.
  WRITE_LIMIT_PER_SESSION: '1000000',
  WRITE_LIMIT_PER_ADDRESS: '1000000',
});
try {
  printPagesList(await measurePagesList(server.base, await signIn(server.base, benchAdmin)));
} finally {
  await server.stop();
}
