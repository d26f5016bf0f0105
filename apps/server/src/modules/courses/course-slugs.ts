import { SLUG_MAX, SLUG_PATTERN, suggestSlug } from '@portal/shared/course-rules';
import type { CoursesRepository } from './courses.repository.ts';

type SlugQuery = { title?: string; slug?: string; course_id?: string };

/** `base`, or `base-2`, `base-3`... whichever is not used by another course. */
export async function freeSlug(
  coursesRepository: CoursesRepository,
  base: string,
  exceptCourseId?: string,
): Promise<string> {
  const taken = new Set(await coursesRepository.slugsLike(base, exceptCourseId));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const tail = `-${suffix}`;
    const candidate = `${base.slice(0, SLUG_MAX - tail.length).replace(/-+$/, '')}${tail}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A free address for a title, or whether the address asked for is valid and free (with a free variant if not). */
export async function suggestFreeSlug(coursesRepository: CoursesRepository, query: SlugQuery) {
  if (query.slug !== undefined) {
    const valid = query.slug.length > 0 && query.slug.length <= SLUG_MAX && SLUG_PATTERN.test(query.slug);
    const base = valid ? query.slug : suggestSlug(query.slug);
    const slug = await freeSlug(coursesRepository, base, query.course_id);
    return { slug, available: valid && slug === query.slug };
  }
  const base = suggestSlug(query.title ?? '');
  const slug = await freeSlug(coursesRepository, base, query.course_id);
  return { slug, available: slug === base };
}
