import { profileSchema, profileUpdateSchema } from '@portal/shared/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { presentProfile } from './profile.presenter.ts';
import type { ProfileRepository } from './profile.repository.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ profileRepository: ProfileRepository }> = async (
  app,
  { profileRepository },
) => {
  app.get(
    '/api/profile',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile, created with defaults on first use",
        response: { 200: z.object({ profile: profileSchema }) },
      },
    },
    async (request) => {
      const { user } = request.auth();
      const row =
        (await profileRepository.findByUserId(user.id)) ??
        (await profileRepository.createDefault(user.id, { fullName: user.name, email: user.email }));
      return { profile: presentProfile(row) };
    },
  );

  app.patch(
    '/api/profile',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['profile'],
        summary: "Update the signed-in user's profile",
        body: profileUpdateSchema,
        response: { 200: z.object({ profile: profileSchema }) },
      },
    },
    async (request) => {
      const { user } = request.auth();
      await profileRepository.createDefault(user.id, { fullName: user.name, email: user.email });
      const row = await profileRepository.update(user.id, request.body);
      if (!row) throw new AppError('not_found', 'Profile not found.');
      return { profile: presentProfile(row) };
    },
  );
};
