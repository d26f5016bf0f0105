import type { Role } from '@portal/shared/roles';
import type { Db } from '../../db/client.ts';
import { createConfirmedUser } from './auth.service.ts';
import type { Auth } from './auth.ts';
import { createRolesRepository } from './roles.repository.ts';

/** A confirmed demo account holding `role`. Safe to repeat: an existing account keeps its id and gains the role. */
export async function seedDemoAccount(
  auth: Auth,
  { db, email, name, password, role }: { db: Db; email: string; name: string; password: string; role: Role },
) {
  const { user } = await createConfirmedUser(auth, { email, name, password });
  await createRolesRepository({ db }).grant(user.id, role);
  return user;
}
