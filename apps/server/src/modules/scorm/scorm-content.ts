import path from 'node:path';
import { scormCommitBodySchema } from '@portal/shared/scorm';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';
import type { ScormService } from './scorm.service.ts';
import { COMMIT_TOKEN_PATTERN, type CommitChannel } from './scorm-commit-channel.ts';
import { commitStatus } from './scorm-commit-order.ts';
import { loadWrapperBundle } from './scorm-wrapper-bundle.ts';

const WRAPPER_STYLE = `html, body { margin: 0; height: 100%; background: #fff; }
iframe { display: block; border: 0; width: 100%; height: 100%; }
`;

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.xhtml': 'application/xhtml+xml; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.xsd': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.pdf': 'application/pdf',
  '.swf': 'application/x-shockwave-flash',
};

/**
 * Package files may run their own scripts and load libraries, styles, fonts and media from public CDNs (any https
 * origin): this origin holds no cookies and no app data, so there is nothing for them to reach. They may only be
 * framed by the wrapper in the app.
 */
const contentPolicy = (appOrigin: string) =>
  [
    "default-src 'self' data: blob:",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: https:",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    "connect-src 'self' https:",
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${appOrigin}`,
  ].join('; ');

const wrapperPolicy = (appOrigin: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "frame-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${appOrigin}`,
  ].join('; ');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** A launch URL relative to the package root: no scheme, no absolute path, no climbing out. */
function isPackageRelative(launch: string): boolean {
  if (launch === '' || launch.length > 2000 || /^[a-z][a-z0-9+.-]*:/i.test(launch) || /^[\\/]/.test(launch)) {
    return false;
  }
  const pathPart = launch.split(/[?#]/)[0] ?? '';
  return !pathPart.split(/[\\/]/).some((segment) => {
    try {
      return decodeURIComponent(segment) === '..';
    } catch {
      return true;
    }
  });
}

const common = (reply: FastifyReply) =>
  reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin');
const notFound = (reply: FastifyReply) => common(reply).status(404).type('text/plain; charset=utf-8').send('Not found');

type ContentDeps = {
  scormService: ScormService;
  commitChannel: CommitChannel;
  blobStore: BlobStore;
  appOrigin: string;
};

/** The wrapper page: the content in a frame, with the wrapper script that gives it the SCORM API. */
const wrapperPage = ({ title, appOrigin, launchUrl }: { title: string; appOrigin: string; launchUrl: string }) =>
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeAttribute(title)}</title>
<link rel="stylesheet" href="/scorm/assets/wrapper.css">
</head>
<body>
<iframe id="sco" title="${escapeAttribute(title)}" allow="fullscreen; autoplay"></iframe>
<script src="/scorm/assets/wrapper.js" data-app-origin="${escapeAttribute(appOrigin)}" data-launch="${escapeAttribute(launchUrl)}"></script>
</body>
</html>`;

function registerWrapperAssets(app: FastifyInstance) {
  app.get('/scorm/assets/wrapper.js', async (request, reply) => {
    const bundle = await loadWrapperBundle();
    common(reply)
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('etag', bundle.etag)
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === bundle.etag) return reply.status(304).send();
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      return reply.header('content-encoding', 'gzip').send(bundle.gzip);
    }
    return reply.send(bundle.text);
  });
  app.get('/scorm/assets/wrapper.css', async (_request, reply) =>
    common(reply).type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(WRAPPER_STYLE),
  );
}

function registerWrapperPage(app: FastifyInstance, { scormService, appOrigin }: ContentDeps) {
  app.get<{ Params: { token: string }; Querystring: { launch?: string; title?: string } }>(
    '/scorm/w/:token',
    async (request, reply) => {
      const { token } = request.params;
      const launch = request.query.launch ?? '';
      if (!TOKEN_PATTERN.test(token) || !isPackageRelative(launch)) return notFound(reply);
      if (!(await scormService.contentRoot(token))) return notFound(reply);
      const title = (request.query.title ?? 'SCORM content').slice(0, 200);
      return common(reply)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', wrapperPolicy(appOrigin))
        .header('cache-control', 'no-store')
        .send(wrapperPage({ title, appOrigin, launchUrl: `/scorm/c/${token}/${launch}` }));
    },
  );
}

/**
 * The wrapper stores the content's data here (the app's commit rules, for the attempt the token names). Same
 * origin as the wrapper, so no cookies and no cross-origin request are involved, and a keepalive request sent
 * as the page closes is accepted like any other.
 */
function registerCommitRoute(app: FastifyInstance, { commitChannel }: ContentDeps) {
  app.post<{ Params: { token: string } }>('/scorm/commit/:token', async (request, reply) => {
    common(reply).header('cache-control', 'no-store');
    if (!COMMIT_TOKEN_PATTERN.test(request.params.token)) return notFound(reply);
    const parsed = scormCommitBodySchema.safeParse(request.body);
    if (!parsed.success) {
      return reply
        .status(400)
        .send({ result: false, errorCode: 101, message: 'The commit is not valid runtime data.' });
    }
    try {
      const result = await commitChannel.commit(request.params.token, parsed.data);
      if (!result) return notFound(reply);
      return reply.status(commitStatus(result)).send(result);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'not_found') return notFound(reply);
      return reply.status(error.status).send({ result: false, errorCode: 101, message: error.message });
    }
  });
}

/** The path segments of a package file's address, decoded; null when one is malformed or could climb out. */
function packageFileSegments(wildcard: string): string[] | null {
  let segments: string[];
  try {
    segments = wildcard.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment))) {
    return null;
  }
  return segments;
}

type FileStat = NonNullable<Awaited<ReturnType<BlobStore['stat']>>>;

/** Sends a package file, or the byte range the request asks for. */
async function sendPackageFile(
  blobStore: BlobStore,
  reply: FastifyReply,
  { key, stat, rangeHeader }: { key: string; stat: FileStat; rangeHeader: string | undefined },
) {
  const range = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader ?? '');
  if (range && stat.size > 0 && (range[1] !== '' || range[2] !== '')) {
    const start = range[1] === '' ? Math.max(0, stat.size - Number(range[2])) : Number(range[1]);
    const end = range[1] === '' || range[2] === '' ? stat.size - 1 : Math.min(Number(range[2]), stat.size - 1);
    if (start > end || start >= stat.size) {
      return reply.status(416).header('content-range', `bytes */${stat.size}`).send();
    }
    reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${stat.size}`)
      .header('content-length', end - start + 1);
    return reply.send(await blobStore.get(key, { start, end }));
  }
  reply.header('content-length', stat.size);
  return reply.send(await blobStore.get(key));
}

function registerPackageFiles(app: FastifyInstance, { scormService, blobStore, appOrigin }: ContentDeps) {
  app.get<{ Params: { token: string; '*': string } }>('/scorm/c/:token/*', async (request, reply) => {
    const { token } = request.params;
    if (!TOKEN_PATTERN.test(token)) return notFound(reply);
    const root = await scormService.contentRoot(token);
    if (!root) return notFound(reply);
    const segments = packageFileSegments(request.params['*'] ?? '');
    if (!segments) return notFound(reply);
    const key = `${root}/${segments.join('/')}`;
    let stat: Awaited<ReturnType<BlobStore['stat']>>;
    try {
      stat = await blobStore.stat(key);
    } catch (error) {
      if (error instanceof AppError) return notFound(reply);
      throw error;
    }
    if (!stat) return notFound(reply);

    const type = MIME_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
    common(reply)
      .type(type)
      .header('content-security-policy', contentPolicy(appOrigin))
      .header('cache-control', 'private, max-age=3600')
      .header('accept-ranges', 'bytes')
      .header('last-modified', stat.modifiedAt.toUTCString());
    return sendPackageFile(blobStore, reply, { key, stat, rangeHeader: request.headers.range });
  });
}

/**
 * The content origin: the wrapper page and package files, on a port (or host) of their own, answering only with
 * what a content token opens. It never reads cookies, so uploaded HTML cannot act with a learner's session here.
 */
export async function buildScormContentServer({
  logger = false,
  ...deps
}: ContentDeps & {
  logger?: boolean | { level: string };
}) {
  const app = Fastify({ logger, forceCloseConnections: true, routerOptions: { maxParamLength: 2000 } });
  registerWrapperAssets(app);
  registerWrapperPage(app, deps);
  registerCommitRoute(app, deps);
  registerPackageFiles(app, deps);
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'content server error');
    common(reply).status(500).type('text/plain; charset=utf-8').send('Something went wrong.');
  });
  return app;
}
