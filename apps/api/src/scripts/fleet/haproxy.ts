import { spawnSync } from 'node:child_process';

/**
 * HAProxy from Debian, the load balancer of the fleet: installed with apt-get when missing (as
 * .ci/run installs Chromium), or the harness stops and says how.
 */
export function ensureHaproxy(): string {
  const found = () =>
    spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  const existing = found();
  if (existing) return existing;
  if (process.getuid?.() !== 0) throw new Error('HAProxy is missing: install it (sudo apt-get install haproxy) and run again.');
  console.log('Installing HAProxy (Debian package) for the fleet ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'haproxy'],
  ]) {
    const result = spawnSync('apt-get', args, { env, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  const installed = found();
  if (!installed) throw new Error('HAProxy did not install');
  return installed;
}

/**
 * Round robin over the API instances, each checked on /ready every second (out after two
 * failures, back after one success). A check may take up to /ready's own 2 s limit and more on
 * a saturated host: with HAProxy's default (the 1 s interval) both instances were marked down
 * at once under the soak and the balancer answered 503 itself. A connection refused (an instance just killed) is tried
 * on the other instance: the request never reached the dead one, so that is safe for a POST; a
 * request that reached an instance which then died is not retried (the client retries it with
 * its Idempotency-Key).
 */
export function haproxyConfig(options: { balancer: number; apis: readonly number[] }): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch',
    '  retries 3',
    '  retry-on conn-failure',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout check 5s',
    'frontend crewpay',
    `  bind 127.0.0.1:${options.balancer}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /ready',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1',
    ...options.apis.map((port, index) => `  server api-${index + 1} 127.0.0.1:${port} check`),
    '',
  ].join('\n');
}
