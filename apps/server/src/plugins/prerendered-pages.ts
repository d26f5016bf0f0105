import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { CONSENT_COOKIE } from '@portal/shared/consent-choices';
import {
  FALLBACK_LANGUAGE,
  type InterfaceLanguage,
  LANGUAGE_COOKIE,
  toInterfaceLanguage,
} from '@portal/shared/language';
import type { FastifyRequest } from 'fastify';
import { hasSessionCookie } from './csrf.ts';

export const cookieValue = (header: string | undefined, name: string): string | undefined => {
  for (const pair of header?.split(';') ?? []) {
    const [key = '', ...value] = pair.split('=');
    if (key.trim() === name) return value.join('=').trim();
  }
  return undefined;
};

/** `Accept-Language` entries, most wanted first (ties keep the browser's order). */
const acceptedLanguages = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag, weight: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);

/** The browser has made its cookie choice (the web app mirrors it in CONSENT_COOKIE). */
export const cookieChoiceMade = (request: FastifyRequest) =>
  cookieValue(request.headers.cookie, CONSENT_COOKIE) !== undefined;

/**
 * The language the app would pick for this visitor: the stored choice (mirrored in a cookie by the web app),
 * else the browser's languages, else English.
 */
export function visitorLanguage(request: FastifyRequest): InterfaceLanguage {
  const candidates = [
    cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
    ...acceptedLanguages(request.headers['accept-language']),
  ];
  return candidates.map(toInterfaceLanguage).find((language) => language !== null) ?? FALLBACK_LANGUAGE;
}

/**
 * The web build's prerendered public pages (`prerendered/<language>/<page>.html`, see the web app's
 * scripts/prerender.mjs). `pick` names the file that answers a request: only a visitor without a session gets one
 * (the markup is the signed-out page), and only for the bare path (a query string may change what the page shows).
 * Each page exists with the cookie banner and, for browsers whose choice is made (CONSENT_COOKIE), without.
 */
export function prerenderedPages(distDir: string) {
  const root = path.join(distDir, 'prerendered');
  const files = new Set(
    existsSync(root)
      ? readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'))
      : [],
  );
  return {
    pick(request: FastifyRequest): string | null {
      if (files.size === 0 || request.url.includes('?') || hasSessionCookie(request)) return null;
      const page = request.url === '/' ? 'index' : request.url.slice(1);
      // A browser that has made its cookie choice gets the page without the banner.
      const chosen = cookieChoiceMade(request) ? '.chosen' : '';
      const file = path.join(visitorLanguage(request), `${page}${chosen}.html`);
      return files.has(file) ? path.join('prerendered', file) : null;
    },
  };
}
