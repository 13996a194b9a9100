/**
 * autocannon `setupClient` (loaded by path in its worker): each connection walks the benchmark's path
 * list from its own random starting point, so ten connections do not ask for the same URL at the same
 * moment (which the list cache would answer). The list is in the file named by BENCH_PATHS_FILE.
 */
const { readFileSync } = require('node:fs');

let paths;

module.exports = function spreadPaths(client) {
  paths ??= JSON.parse(readFileSync(process.env.BENCH_PATHS_FILE, 'utf8'));
  const start = Math.floor(Math.random() * paths.length);
  const rotated = [...paths.slice(start), ...paths.slice(0, start)];
  client.setRequests(rotated.map((path) => ({ method: 'GET', path })));
};
