import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { profileSchema, profileUpdateSchema } from '@portal/shared/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { presentProfile } from './profile.presenter.ts';
import type { ProfileRepository } from './profile.repository.ts';

const profileSeed = (user: { name: string; email: string }) => ({
  fullName: user.name,
  email: isPhoneOnlyEmail(user.email) ? null : user.email,
});

export const profileRoutes: FastifyPluginAsyncZod<{ profileRepository: ProfileRepository }> = async (
  app,
  { profileRepository },
) => {
  app.get(
    '/api/profile',
    {
      onRequest: app.requireUser,
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

  app.patch(
    '/api/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['profile'],
        summary: "Update the signed-in user's profile",
        body: profileUpdateSchema,
        response: { 200: z.object({ profile: profileSchema }) },
      },
    },
    async (request) => {
      const { user } = request.auth();
      await profileRepository.createDefault(user.id, profileSeed(user));
      const row = await profileRepository.update(user.id, request.body);
      if (!row) throw new AppError('not_found', 'Profile not found.');
      return { profile: presentProfile(row) };
    },
  );
};
