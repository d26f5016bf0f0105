import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { profileSchema, profileUpdateSchema } from '@portal/shared/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../route-app.ts';
import { type AuditService, changedValues } from '../audit/audit.service.ts';
import { presentProfile } from './profile.presenter.ts';
import type { ProfileRepository } from './profile.repository.ts';

const profileSeed = (user: { name: string; email: string }) => ({
  fullName: user.name,
  email: isPhoneOnlyEmail(user.email) ? null : user.email,
});

type ProfileRouteDeps = { profileRepository: ProfileRepository; auditService: AuditService };

function registerProfileReadRoute(app: RouteApp, { profileRepository }: ProfileRouteDeps) {
  app.get(
    '/api/profile',
    {
      config: { access: { role: 'user', feature: null } },
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile, created with defaults on first use",
        response: { 200: z.object({ profile: profileSchema }) },
      },
    },
    async (request) => {
      const { user } = request.auth();
      const existing = await profileRepository.findByUserId(user.id);
      if (existing) return { profile: presentProfile(existing) };
      try {
        return { profile: presentProfile(await profileRepository.createDefault(user.id, profileSeed(user))) };
      } catch (error) {
        request.log.error({ err: error }, 'profile creation failed');
        throw new AppError('profile_create_failed', 'Failed to create profile.');
      }
    },
  );
}

function registerProfileUpdateRoute(app: RouteApp, { profileRepository, auditService }: ProfileRouteDeps) {
  app.patch(
    '/api/profile',
    {
      config: { access: { role: 'user', feature: null } },
      schema: {
        tags: ['profile'],
        summary: "Update the signed-in user's profile",
        body: profileUpdateSchema,
        response: { 200: z.object({ profile: profileSchema }) },
      },
    },
    async (request) => {
      const { user } = request.auth();
      const before = await profileRepository.createDefault(user.id, profileSeed(user));
      const row = await profileRepository.update(user.id, request.body);
      if (!row) throw new AppError('not_found', 'Profile not found.');
      const profile = presentProfile(row);
      const changes = changedValues(presentProfile(before), profile, Object.keys(request.body));
      if (changes) {
        await auditService.recordAuditEvent(
          {
            userId: user.id,
            action: 'profile.update',
            tableName: 'profiles',
            recordId: user.id,
            ...changes,
            legalBasis: 'contract',
            purpose: "Keep the learner's profile and settings up to date.",
            ipAddress: request.ip,
          },
          request.log,
        );
      }
      return { profile };
    },
  );
}

export const profileRoutes: FastifyPluginAsyncZod<ProfileRouteDeps> = async (app, deps) => {
  registerProfileReadRoute(app, deps);
  registerProfileUpdateRoute(app, deps);
};
