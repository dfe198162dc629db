// The compose path's front on this machine: nginx running docker/nginx.conf itself in front of an api process, where
// no Docker engine runs, for test/nginx.test.ts and the Lighthouse bench (bench/lighthouse.ts). Only the container
// addresses are swapped for this machine's (port, web app, api, uploads volume): each swap must match, so a change to
// those lines of the conf fails the test instead of running something else.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../src/app.ts'

/** The nginx binary (NGINX_PATH, default Debian's: apt-get install nginx-light), or null when this machine has none. */
export function nginxBinary(): string | null {
  const binary = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
  return existsSync(binary) ? binary : null
}

type Swap = { what: string; from: RegExp; to: string }

/** docker/nginx.conf's server block with the container's addresses replaced by this machine's. */
function localServerBlock(conf: string, at: { port: number; api: string; web: string; uploadsRoot: string }): string {
  const swaps: Swap[] = [
    { what: 'the listening port', from: /^(\s*)listen 80;$/m, to: `$1listen 127.0.0.1:${at.port};` },
    { what: 'the built web app', from: /^(\s*)root \/usr\/share\/nginx\/html;$/m, to: `$1root ${at.web};` },
    // Docker's DNS: the api is an address here, which the upstream group takes without a resolver (and without
    // `resolve`, which this machine's nginx may predate: 1.27.3).
    { what: "Docker's resolver", from: /^\s*resolver 127\.0\.0\.11 [^;]*;\n/m, to: '' },
    { what: 'the api', from: /^(\s*)server api:3000 resolve;$/m, to: `$1server ${new URL(at.api).host};` },
    { what: 'the uploads volume', from: /^(\s*)root \/srv;$/gm, to: `$1root ${at.uploadsRoot};` },
  ]
  return swaps.reduce((text, swap) => {
    if (!swap.from.test(text)) throw new Error(`docker/nginx.conf: ${swap.what} is no longer where test/nginxFront.ts swaps it`)
    swap.from.lastIndex = 0
    return text.replace(swap.from, swap.to)
  }, conf)
}

/**
 * nginx serving docker/nginx.conf on `port` in front of the api at `api`, its files in `dir`; the http block is the
 * nginx image's default (mime types, sendfile, keep-alive). Answers once nginx answers, with the process to stop.
 */
export async function startNginxFront(binary: string, at: { port: number; api: string; web: string; uploadsRoot: string; dir: string }): Promise<ChildProcess> {
  const server = localServerBlock(readFileSync(path.join(REPO_ROOT, 'docker/nginx.conf'), 'utf8'), at)
  mkdirSync(path.join(at.dir, 'logs'), { recursive: true })
  const temp = (name: string) => path.join(at.dir, name)
  const main = [
    'daemon off;',
    'worker_processes 1;',
    // As root (this bench's usual case), the workers must read the bench's private temporary folders.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${temp('nginx.pid')};`,
    `error_log ${temp('logs/error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  keepalive_timeout 65;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp(kind)};`),
    server,
    '}',
  ].join('\n')
  const confFile = temp('nginx.conf')
  writeFileSync(confFile, main)
  const child = spawn(binary, ['-p', at.dir, '-c', confFile], { stdio: ['ignore', 'inherit', 'inherit'] })
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): see ${temp('logs/error.log')}`)
    // Any answer will do (an internal page is a 404): the web app may not be built.
    if (await fetch(`http://127.0.0.1:${at.port}/_errors/bad_request`).then(() => true, () => false)) return child
    if (i > 100) throw new Error('nginx did not answer within 10 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
