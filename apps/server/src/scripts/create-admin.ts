import { parseArgs } from 'node:util';
import { emailSchema } from '@portal/shared/auth';
import { passwordWeaknesses } from '@portal/shared/password';
import { describePasswordWeaknesses } from '@portal/shared/password-rules';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createConfirmedUser } from '../modules/auth/auth.service.ts';
import { createRolesRepository } from '../modules/auth/roles.repository.ts';
import { createSubscriptionRepository } from '../modules/subscription/subscription.repository.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const email = emailSchema.safeParse(values.email);
if (!email.success || !values.password) {
  console.error(
    'Usage: npm run admin:create -- --email you@example.com --password "a long password" [--name "Your Name"]',
  );
  process.exit(1);
}
const weak = describePasswordWeaknesses(
  passwordWeaknesses(values.password, { email: email.data, name: values.name ?? null }),
);
if (weak.length > 0) {
  console.error(`Password is too weak: ${weak.join(' ')}`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
);
const app = await buildApp({ config, database, logger: false });
try {
  const { user, created } = await createConfirmedUser(app.authInstance, {
    email: email.data,
    name: values.name ?? email.data.split('@')[0] ?? 'Admin',
    password: values.password,
  });
  await createRolesRepository({ db: database.db }).grant(user.id, 'admin');
  await createSubscriptionRepository({ db: database.db }).activate(user.id, { tier: 'universal', provider: 'seed' });
  console.log(created ? `Created admin ${email.data}.` : `${email.data} existed; it is now an admin.`);
} finally {
  await app.close();
  await database.close();
}
