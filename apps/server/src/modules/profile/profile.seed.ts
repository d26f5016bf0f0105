import type { Db } from '../../db/client.ts';
import { createProfileRepository } from './profile.repository.ts';

/** The demo account's profile with its name and address; an existing profile is kept. */
export async function seedDemoProfile({
  db,
  userId,
  fullName,
  email,
}: {
  db: Db;
  userId: string;
  fullName: string;
  email: string;
}) {
  await createProfileRepository({ db }).createDefault(userId, { fullName, email });
}
