import { TIME_ZONE_COOKIE } from '@portal/shared/page-answers';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { visitorTimeZone } from './signed-in-render.ts';

const visit = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as FastifyRequest;
const profile = (timezone: unknown) => ({ status: 200, body: { profile: { timezone } } });

describe('the time zone a signed-in page is rendered in', () => {
  it("is the one the visitor's browser last reported", () => {
    const cookie = `portal.language=de; ${TIME_ZONE_COOKIE}=${encodeURIComponent('America/St_Johns')}`;
    expect(visitorTimeZone(visit(cookie), profile('Europe/Berlin'))).toBe('America/St_Johns');
  });

  it('is the profile’s when the browser has not reported one, or reported something that is no zone', () => {
    expect(visitorTimeZone(visit(), profile('Asia/Tokyo'))).toBe('Asia/Tokyo');
    expect(visitorTimeZone(visit(`${TIME_ZONE_COOKIE}=Mars%2FOlympus`), profile('Asia/Tokyo'))).toBe('Asia/Tokyo');
    expect(visitorTimeZone(visit(`${TIME_ZONE_COOKIE}=%E0%A4%A`), profile('Asia/Tokyo'))).toBe('Asia/Tokyo');
  });

  it("is the server's own when neither names a zone it knows", () => {
    const own = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(visitorTimeZone(visit(), undefined)).toBe(own);
    expect(visitorTimeZone(visit(), profile('Nowhere/Else'))).toBe(own);
    expect(visitorTimeZone(visit(), { status: 402, body: { error: {} } })).toBe(own);
  });
});
