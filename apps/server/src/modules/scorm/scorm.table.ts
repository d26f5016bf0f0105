import type { ScormOrganizationTree, ScormPackageMetadata, ScormScoSettings } from '@portal/shared/scorm';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import type { ScormSequencing } from './scorm-sequencing.ts';

/** One uploaded SCORM package: its ZIP, where it was extracted, and how ingestion went. */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    /** Blob key of the uploaded ZIP: `scorm-packages/{timestamp}_{filename}`. */
    zipPath: text('zip_path').notNull(),
    /** Blob key of the root `imsmanifest.xml`, once extracted. */
    manifestPath: text('manifest_path'),
    /** Blob folder the package was extracted into; package URLs are relative to the manifest inside it. */
    extractPath: text('extract_path'),
    status: text('status', { enum: ['uploading', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('uploading'),
    failureReason: text('failure_reason'),
    failureMessage: text('failure_message'),
    isPublic: boolean('is_public').notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** `1.2`, `2004-2nd`, `2004-3rd` or `2004-4th`, once parsed. */
    version: text('version'),
    metadata: jsonb('metadata').$type<ScormPackageMetadata>().notNull(),
    /** The manifest's organizations as a tree of items, and its sequencing collection, for the player. */
    structure: jsonb('structure').$type<{
      defaultOrganizationId: string | null;
      organizations: ScormOrganizationTree[];
      sequencingCollection: ScormSequencing[];
    }>(),
    fileCount: integer('file_count'),
    unpackedBytes: bigint('unpacked_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('scorm_packages_status_check', sql`${table.status} in ('uploading', 'processing', 'ready', 'failed')`),
    index('scorm_packages_created_by_idx').on(table.createdBy, table.createdAt),
  ],
);

/** A launchable item (SCO or asset) of a package, in manifest order. */
export const scormScos = pgTable(
  'scorm_scos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    itemId: text('item_id').notNull(),
    parentItemId: text('parent_item_id'),
    resourceId: text('resource_id').notNull(),
    title: text('title').notNull(),
    /** Launch URL relative to the manifest folder, parameters applied. */
    launchUrl: text('launch_url').notNull(),
    scormType: text('scorm_type', { enum: ['sco', 'asset'] }).notNull(),
    isVisible: boolean('is_visible').notNull().default(true),
    position: integer('position').notNull(),
    settings: jsonb('settings').$type<ScormScoSettings>().notNull(),
  },
  (table) => [
    unique('scorm_scos_package_item_unique').on(table.packageId, table.itemId),
    index('scorm_scos_package_idx').on(table.packageId, table.position),
  ],
);

/** A learner assigned to a package; progress over its SCOs is summed up here. */
export const scormEnrollments = pgTable(
  'scorm_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    learnerId: text('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Who assigned it; the learner themselves for a public package they opened. */
    assignedBy: text('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    lastLaunchedAt: timestamp('last_launched_at', { withTimezone: true }),
    /** The SCO the learner was last in, to resume there. */
    lastScoId: uuid('last_sco_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('scorm_enrollments_package_learner_unique').on(table.packageId, table.learnerId),
    index('scorm_enrollments_learner_idx').on(table.learnerId),
  ],
);

/** One attempt of a learner on one SCO; a new one starts when the previous ended. */
export const scormAttempts = pgTable(
  'scorm_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => scormEnrollments.id, { onDelete: 'cascade' }),
    scoId: uuid('sco_id')
      .notNull()
      .references(() => scormScos.id, { onDelete: 'cascade' }),
    /** Copied from the enrolment so every read of runtime data can be scoped by the learner. */
    learnerId: text('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    completionStatus: text('completion_status').notNull().default('not attempted'),
    successStatus: text('success_status').notNull().default('unknown'),
    scoreRaw: doublePrecision('score_raw'),
    scoreScaled: doublePrecision('score_scaled'),
    totalTimeSeconds: doublePrecision('total_time_seconds').notNull().default(0),
    /** Total time when the current session began; a commit's session time is added to it. */
    sessionBaseSeconds: doublePrecision('session_base_seconds').notNull().default(0),
    location: text('location'),
    exit: text('exit'),
    /** The learner left without suspending, or the SCO finished: the next launch starts a new attempt. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The number of the last commit stored: the runtime numbers its commits one after another from here, and the
     * server ignores any numbered no higher (late autosaves of a SCO the learner has left).
     */
    commitCount: integer('commit_count').notNull().default(0),
    /** Counts the launches of the attempt: each player that opens it runs as the next launch. */
    launchCount: integer('launch_count').notNull().default(0),
    /**
     * The launch the last stored commit came from. A commit of a later launch takes over (the learner opened the
     * attempt again, in another tab say); commits of an earlier launch are refused from then on.
     */
    commitLaunch: integer('commit_launch').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('scorm_attempts_number_unique').on(table.enrollmentId, table.scoId, table.number),
    index('scorm_attempts_learner_idx').on(table.learnerId),
  ],
);

/** The cmi data model of an attempt as the content last committed it. */
export const scormAttemptData = pgTable('scorm_attempt_data', {
  attemptId: uuid('attempt_id')
    .primaryKey()
    .references(() => scormAttempts.id, { onDelete: 'cascade' }),
  cmi: jsonb('cmi').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Interaction records (`cmi.interactions.n`) of an attempt, kept as rows for per-question analytics. */
export const scormInteractions = pgTable(
  'scorm_interactions',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => scormAttempts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    interactionId: text('interaction_id').notNull(),
    type: text('type'),
    description: text('description'),
    result: text('result'),
    learnerResponse: text('learner_response'),
    correctResponse: text('correct_response'),
    latency: text('latency'),
    recordedAt: text('recorded_at'),
  },
  (table) => [
    unique('scorm_interactions_attempt_position_unique').on(table.attemptId, table.position),
    index('scorm_interactions_interaction_idx').on(table.interactionId),
  ],
);

/**
 * A SCORM 2004 enrolment's sequencing state as the player's sequencing engine serialized it: the activity tree's
 * attempts, statuses, measures and suspended activity, and the global (shared) objectives read across SCOs.
 */
export const scormSequencingStates = pgTable('scorm_sequencing_states', {
  enrollmentId: uuid('enrollment_id')
    .primaryKey()
    .references(() => scormEnrollments.id, { onDelete: 'cascade' }),
  /** Copied from the enrolment so every read can be scoped by the learner. */
  learnerId: text('learner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  /** One more with every save; a save must name the revision it was built on, so two windows cannot overwrite. */
  revision: integer('revision').notNull().default(1),
  /** The browser tab that saved it last: a page reloaded in that tab may save over what its previous page left. */
  savedBy: text('saved_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Objective records (`cmi.objectives.n`) of an attempt as last committed, kept as rows for per-objective analytics. */
export const scormObjectives = pgTable(
  'scorm_objectives',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => scormAttempts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    objectiveId: text('objective_id').notNull(),
    description: text('description'),
    /** In the vocabulary of SCORM 2004 for both versions, as for attempts. */
    completionStatus: text('completion_status').notNull(),
    successStatus: text('success_status').notNull(),
    scoreRaw: doublePrecision('score_raw'),
    scoreScaled: doublePrecision('score_scaled'),
    progressMeasure: doublePrecision('progress_measure'),
  },
  (table) => [
    unique('scorm_objectives_attempt_position_unique').on(table.attemptId, table.position),
    index('scorm_objectives_objective_idx').on(table.objectiveId),
  ],
);
