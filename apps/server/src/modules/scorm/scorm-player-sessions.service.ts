import type { Role } from '@portal/shared/roles';
import type { ScormPackageRow, ScormRepository } from './scorm.repository.ts';
import type { ScormActor } from './scorm.service.ts';
import { CONTENT_TOKEN_TTL_SECONDS, createContentToken, verifyContentToken } from './scorm-content-token.ts';
import { scoProgress } from './scorm-progress.ts';
import type { ScormRuntimeAccess } from './scorm-runtime-access.ts';

type ContentDeps = { contentSecret: string; contentOrigin: () => string };
type PlayerDeps = ContentDeps & {
  repository: ScormRepository;
  access: ScormRuntimeAccess;
  roleOf: (userId: string) => Promise<Role>;
};

/** The content origin and a wrapper address whose token lets this actor read this package's files for a while. */
function contentFor({ contentSecret, contentOrigin }: ContentDeps, actor: ScormActor, packageId: string) {
  const token = createContentToken(contentSecret, {
    packageId,
    userId: actor.id,
    expiresAt: Math.floor(Date.now() / 1000) + CONTENT_TOKEN_TTL_SECONDS,
  });
  const origin = contentOrigin();
  return { origin, wrapper_url: `${origin}/scorm/w/${token}` };
}

/** Whether this user may open a package's content: its managers, public packages, and enrolled learners. */
async function canOpenContent(
  { repository, roleOf }: Pick<PlayerDeps, 'repository' | 'roleOf'>,
  userId: string,
  pkg: ScormPackageRow,
): Promise<boolean> {
  if (pkg.status !== 'ready') return false;
  if (pkg.isPublic || pkg.createdBy === userId) return true;
  if (await repository.hasEnrollment(pkg.id, userId)) return true;
  return (await roleOf(userId)) === 'admin';
}

/** The package folder a content token opens, or null when the token or the reader's access is gone. */
async function contentRoot(deps: PlayerDeps, token: string): Promise<string | null> {
  const grant = verifyContentToken(deps.contentSecret, token);
  if (!grant) return null;
  const pkg = await deps.repository.findPackage(grant.packageId);
  if (!pkg?.extractPath || !(await canOpenContent(deps, grant.userId, pkg))) return null;
  return pkg.extractPath;
}

/**
 * A learner opening a course lesson that embeds a package gets an enrolment of their own and the player address;
 * the course decided access, so a private package is fine. Null while the package is not ready.
 */
async function courseLessonLaunchUrl(
  repository: ScormRepository,
  learnerId: string,
  packageId: string,
): Promise<string | null> {
  const pkg = await repository.findPackage(packageId);
  if (pkg?.status !== 'ready') return null;
  const enrollment = await repository.ensureOwnEnrollment(packageId, learnerId);
  const scos = await repository.listScos(packageId);
  const sco =
    scos.find((candidate) => candidate.id === enrollment.lastScoId) ??
    scos.find((candidate) => candidate.isVisible) ??
    scos[0];
  return sco ? `/scorm/launch/${enrollment.id}/${sco.id}` : null;
}

/** Opening the player: a preview, a learner's launch, a course lesson's launch address, and the content it reads. */
export function createScormPlayerSessions(deps: PlayerDeps) {
  const { repository, access } = deps;

  return {
    /** Preview: managers of the package, or anyone signed in for a public one. Nothing is recorded. */
    async previewSession(actor: ScormActor, packageId: string) {
      const pkg = await access.openablePackage(actor, packageId);
      const scos = await repository.listScos(packageId);
      const content = contentFor(deps, actor, packageId);
      const canSelfEnroll = pkg.isPublic;
      return {
        mode: 'preview' as const,
        pkg,
        scos,
        enrollmentId: null,
        progress: [],
        resumeScoId: null,
        canSelfEnroll,
        content,
      };
    },

    /** Launch: the learner's own enrolment, with progress per SCO. */
    async launchSession(actor: ScormActor, enrollmentId: string) {
      const { enrollment, pkg } = await access.ownReadyEnrollment(actor, enrollmentId);
      await access.assertMayLaunch(actor, enrollment, pkg);
      const [scos, attempts] = await Promise.all([
        repository.listScos(pkg.id),
        repository.listOwnAttempts(actor.id, [enrollmentId]),
      ]);
      const progress = scoProgress(scos, attempts);
      const content = contentFor(deps, actor, pkg.id);
      const resumeScoId = enrollment.lastScoId;
      return { mode: 'launch' as const, pkg, scos, enrollmentId, progress, resumeScoId, canSelfEnroll: false, content };
    },

    courseLessonLaunchUrl: (learnerId: string, packageId: string) =>
      courseLessonLaunchUrl(repository, learnerId, packageId),
    contentRoot: (token: string) => contentRoot(deps, token),
  };
}
