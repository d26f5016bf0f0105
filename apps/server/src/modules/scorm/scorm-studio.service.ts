import type { ListScormPackagesQuery, UpdateScormPackageBody } from '@portal/shared/scorm';
import type { BlobStore } from '../files/blob-store.ts';
import type { ScormRepository } from './scorm.repository.ts';
import type { ScormActor } from './scorm.service.ts';
import { CONTENT_FOLDER } from './scorm-ingest-lease.ts';
import { notFound } from './scorm-runtime-access.ts';

type FoundPackage = NonNullable<Awaited<ReturnType<ScormRepository['findPackage']>>>;
/** The package when the actor may manage it; throws not found otherwise. */
export type ManageablePackage = (actor: ScormActor, packageId: string) => Promise<FoundPackage>;

/** The packages an author manages: their list, one package with its SCOs, editing and deleting. */
export function createScormStudio({
  repository,
  blobStore,
  manageablePackage,
}: {
  repository: ScormRepository;
  blobStore: BlobStore;
  manageablePackage: ManageablePackage;
}) {
  return {
    async list(actor: ScormActor, query: ListScormPackagesQuery) {
      return repository.listPackages({ ownerId: actor.role === 'admin' ? null : actor.id, ...query });
    },

    async detail(actor: ScormActor, packageId: string) {
      const pkg = await manageablePackage(actor, packageId);
      return { pkg, scos: await repository.listScos(packageId) };
    },

    async update(actor: ScormActor, packageId: string, changes: UpdateScormPackageBody) {
      await manageablePackage(actor, packageId);
      const row = await repository.updatePackage(packageId, {
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.description !== undefined ? { description: changes.description || null } : {}),
        ...(changes.is_public !== undefined ? { isPublic: changes.is_public } : {}),
      });
      if (!row) throw notFound();
      return (await repository.findPackage(packageId)) ?? row;
    },

    /** Deletes the package, its learners' data and its files (the ZIP and the extracted folder). */
    async remove(actor: ScormActor, packageId: string) {
      const pkg = await manageablePackage(actor, packageId);
      await repository.deletePackage(packageId);
      await blobStore.deletePrefix(`${CONTENT_FOLDER}/${packageId}`);
      await blobStore.delete(pkg.zipPath);
    },
  };
}
