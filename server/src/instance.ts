// Who this server instance is, among several on one database (docs/architecture/scale-out.md): the holder named in
// the lease rows (jobs/lease.ts) and in the logs.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * A new instance id, `host:port:pid:random`: readable in a lease row or a log line, and unique even for two apps in
 * one process (the tests) or a process id reused after a restart.
 */
export function newInstanceId(port: number): string {
  return `${hostname()}:${port}:${process.pid}:${randomBytes(4).toString('hex')}`;
}
