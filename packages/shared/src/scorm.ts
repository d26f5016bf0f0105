import { z } from 'zod';

export const SCORM_PACKAGE_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type ScormPackageStatus = (typeof SCORM_PACKAGE_STATUSES)[number];

export const SCORM_VERSIONS = ['1.2', '2004-2nd', '2004-3rd', '2004-4th'] as const;
export type ScormVersionCode = (typeof SCORM_VERSIONS)[number];

/** Upload limits from DECISIONS.md; the server reads its own (configurable) values, the page shows these. */
/** Interaction results that mean the learner answered wrong (`wrong` is SCORM 1.2's word, `incorrect` 2004's). */
export const SCORM_WRONG_RESULTS: string[] = ['incorrect', 'wrong'];

export const SCORM_MAX_PACKAGE_BYTES = 500 * 1024 ** 2;

/** Progress steps of an upload queue item (spec section 9). */
export const SCORM_UPLOAD_PROGRESS = { uploading: 10, stored: 50, parsing: 70, done: 100 } as const;

/** `adl.data.n.store` limit of SCORM 2004 4th edition (SPM 64000 characters). */
export const SCORM_SHARED_DATA_MAX_CHARS = 64000;

/** `cmi.suspend_data` limits of the standards: SCORM 1.2 CMIString4096, SCORM 2004 SPM 64000. */
export const SCORM_SUSPEND_DATA_LIMITS = { '1.2': 4096, '2004': 64000 } as const;

export const scormPackageMetadataSchema = z.object({
  originalFileName: z.string(),
  fileSize: z.number().int().min(0),
  uploadedAt: z.string(),
});
export type ScormPackageMetadata = z.infer<typeof scormPackageMetadataSchema>;

/** Launch data of one SCO as the manifest gives it, handed to the runtime. */
export const scormScoSettingsSchema = z.object({
  parameters: z.string().nullable(),
  mastery_score: z.number().nullable(),
  completion_threshold: z
    .object({ completedByMeasure: z.boolean(), minProgressMeasure: z.number(), progressWeight: z.number() })
    .nullable(),
  time_limit_action: z.string().nullable(),
  data_from_lms: z.string().nullable(),
  max_time_allowed: z.string().nullable(),
  prerequisites: z.string().nullable(),
  /** `adlcp:data/adlcp:map` (SCORM 2004 4th edition): the shared data stores the SCO reads and writes. */
  shared_data: z.array(z.object({ target_id: z.string(), read: z.boolean(), write: z.boolean() })).optional(),
});
export type ScormScoSettings = z.infer<typeof scormScoSettingsSchema>;

/** One node of an organization's item tree; `launchable` items have a SCO row with the same `item_id`. */
export type ScormTreeItem = {
  item_id: string;
  title: string;
  is_visible: boolean;
  launchable: boolean;
  /** `imsss:sequencing` of the item as written (with a shared collection entry applied). */
  sequencing: Record<string, unknown> | null;
  hide_lms_ui: string[];
  children: ScormTreeItem[];
};
export const scormTreeItemSchema: z.ZodType<ScormTreeItem> = z.lazy(() =>
  z.object({
    item_id: z.string(),
    title: z.string(),
    is_visible: z.boolean(),
    launchable: z.boolean(),
    sequencing: z.record(z.string(), z.unknown()).nullable(),
    hide_lms_ui: z.array(z.string()),
    children: z.array(scormTreeItemSchema),
  }),
);

export const scormOrganizationTreeSchema = z.object({
  id: z.string(),
  title: z.string(),
  sequencing: z.record(z.string(), z.unknown()).nullable(),
  items: z.array(scormTreeItemSchema),
});
export type ScormOrganizationTree = z.infer<typeof scormOrganizationTreeSchema>;

export const scormPackageSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(SCORM_PACKAGE_STATUSES),
  failure_reason: z.string().nullable(),
  failure_message: z.string().nullable(),
  is_public: z.boolean(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  version: z.enum(SCORM_VERSIONS).nullable(),
  zip_path: z.string(),
  manifest_path: z.string().nullable(),
  extract_path: z.string().nullable(),
  metadata: scormPackageMetadataSchema,
  sco_count: z.number().int(),
  enrollment_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ScormPackage = z.infer<typeof scormPackageSchema>;

export const scormScoSchema = z.object({
  id: z.string(),
  item_id: z.string(),
  organization_id: z.string(),
  parent_item_id: z.string().nullable(),
  title: z.string(),
  launch_url: z.string(),
  scorm_type: z.enum(['sco', 'asset']),
  is_visible: z.boolean(),
  settings: scormScoSettingsSchema,
});
export type ScormSco = z.infer<typeof scormScoSchema>;

export const scormPackageDetailSchema = z.object({
  package: scormPackageSchema,
  default_organization_id: z.string().nullable(),
  organizations: z.array(scormOrganizationTreeSchema),
  scos: z.array(scormScoSchema),
});
export type ScormPackageDetail = z.infer<typeof scormPackageDetailSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** POST /api/scorm/packages: the ZIP is the raw request body; the rest comes in the query. */
export const uploadScormPackageQuerySchema = z.object({
  file_name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((name) => /\.zip$/i.test(name), 'File type must be .zip'),
  title: z.string().trim().max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  is_public: booleanQuery.optional(),
});
export type UploadScormPackageQuery = z.output<typeof uploadScormPackageQuerySchema>;

export const updateScormPackageBodySchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    description: z.string().trim().max(2000).nullable().optional(),
    is_public: z.boolean().optional(),
  })
  .strict();
export type UpdateScormPackageBody = z.infer<typeof updateScormPackageBodySchema>;

export const listScormPackagesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(SCORM_PACKAGE_STATUSES).optional(),
});
export type ListScormPackagesQuery = z.infer<typeof listScormPackagesQuerySchema>;

export const scormPackageListSchema = z.object({ packages: z.array(scormPackageSchema) });

export const SCORM_ENROLLMENT_STATUSES = ['not_started', 'in_progress', 'completed', 'passed', 'failed'] as const;
export type ScormEnrollmentStatus = (typeof SCORM_ENROLLMENT_STATUSES)[number];

export const scormPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type ScormPerson = z.infer<typeof scormPersonSchema>;

export const scormEnrollmentSchema = z.object({
  id: z.string(),
  package_id: z.string(),
  learner: scormPersonSchema,
  due_at: z.string().nullable(),
  assigned_by: z.string().nullable(),
  status: z.enum(SCORM_ENROLLMENT_STATUSES),
  completed_at: z.string().nullable(),
  passed_at: z.string().nullable(),
  last_launched_at: z.string().nullable(),
  created_at: z.string(),
});
export type ScormEnrollment = z.infer<typeof scormEnrollmentSchema>;

export const scormEnrollmentListSchema = z.object({ enrollments: z.array(scormEnrollmentSchema) });

export const createScormEnrollmentsBodySchema = z
  .object({
    learner_ids: z.array(z.string().min(1)).min(1).max(500),
    due_at: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();
export type CreateScormEnrollmentsBody = z.infer<typeof createScormEnrollmentsBodySchema>;

export const scormLearnerSearchQuerySchema = z.object({ search: z.string().trim().max(200).optional() });
export const scormLearnerListSchema = z.object({ learners: z.array(scormPersonSchema) });

export const scormInteractionStatSchema = z.object({
  interaction_id: z.string(),
  description: z.string().nullable(),
  type: z.string().nullable(),
  responses: z.number().int(),
  correct: z.number().int(),
  incorrect: z.number().int(),
  other: z.number().int(),
});

/** How one attempt went. */
export const scormAttemptResultSchema = z.object({
  number: z.number().int(),
  completion_status: z.string(),
  success_status: z.string(),
  /** Scaled score (0-100), null without one. */
  score: z.number().nullable(),
  at: z.string(),
});
export type ScormAttemptResult = z.infer<typeof scormAttemptResultSchema>;

/** A learner's attempts at a package: how many, the best score and how the best and the latest one went. */
export const scormAttemptsSummarySchema = z.object({
  /** Attempts started, counted on the SCO attempted most often. */
  count: z.number().int(),
  /** Best scaled score of any attempt (0-100), null without scores. */
  best_score: z.number().nullable(),
  /** The best attempt that reported a result: passed first, then the highest score, then completed. */
  best: scormAttemptResultSchema.nullable(),
  /** The attempt that reported a status or score last, null before any did. */
  latest: scormAttemptResultSchema.nullable(),
});
export type ScormAttemptsSummary = z.infer<typeof scormAttemptsSummarySchema>;

/** One enrolled learner in a package's analytics. */
export const scormLearnerResultSchema = z.object({
  enrollment_id: z.string(),
  learner: scormPersonSchema,
  status: z.enum(SCORM_ENROLLMENT_STATUSES),
  attempts: scormAttemptsSummarySchema,
});
export type ScormLearnerResult = z.infer<typeof scormLearnerResultSchema>;

export const scormAnalyticsSchema = z.object({
  enrolled: z.number().int(),
  attempted: z.number().int(),
  completed: z.number().int(),
  passed: z.number().int(),
  /** Mean of each learner's best scaled score (0-100), null without scores. */
  average_score: z.number().nullable(),
  total_time_seconds: z.number(),
  /** Attempts started by all learners, every SCO counted. */
  attempts: z.number().int(),
  learners: z.array(scormLearnerResultSchema),
  interactions: z.array(scormInteractionStatSchema),
});
export type ScormAnalytics = z.infer<typeof scormAnalyticsSchema>;

/** One SCO's progress for the signed-in learner. */
export const scormScoProgressSchema = z.object({
  sco_id: z.string(),
  completion_status: z.string(),
  success_status: z.string(),
  score_scaled: z.number().nullable(),
  attempts: z.number().int(),
});
export type ScormScoProgress = z.infer<typeof scormScoProgressSchema>;

/** What the player needs to show a package: its tree, SCOs, and where the content origin serves it. */
export const scormPlayerSessionSchema = z.object({
  mode: z.enum(['preview', 'launch']),
  package: z.object({
    id: z.string(),
    title: z.string(),
    version: z.enum(SCORM_VERSIONS),
    is_public: z.boolean(),
  }),
  enrollment_id: z.string().nullable(),
  default_organization_id: z.string().nullable(),
  organizations: z.array(scormOrganizationTreeSchema),
  scos: z.array(scormScoSchema),
  progress: z.array(scormScoProgressSchema),
  content: z.object({
    /** Origin of the content server, e.g. `http://localhost:3001`; postMessage is checked against it. */
    origin: z.string(),
    /** Wrapper page URL; append `?launch=<sco launch url>` (encoded). */
    wrapper_url: z.string(),
  }),
  /** The SCO the learner was last in, for resuming; null when new. */
  resume_sco_id: z.string().nullable(),
  /** Staff previewing a public package can open it; learners on a public package can enrol themselves. */
  can_self_enroll: z.boolean(),
});
export type ScormPlayerSession = z.infer<typeof scormPlayerSessionSchema>;

/** POST /api/scorm/launch/:enrollmentId/scos/:scoId/attempt: the attempt to run and its data to resume. */
export const scormAttemptStartSchema = z.object({
  attempt_id: z.string(),
  number: z.number().int(),
  entry: z.enum(['ab-initio', 'resume', '']),
  /** cmi data to load into the runtime before Initialize (read-only and resumed elements). */
  cmi: z.record(z.string(), z.unknown()),
  learner: z.object({ id: z.string(), name: z.string() }),
  /** The number of the attempt's last stored commit: the runtime numbers its commits from the next one. */
  commit_sequence: z.number().int(),
  /**
   * The launch this player runs as: every commit it sends carries it. Opening the attempt again (another tab) makes a
   * later launch, whose first stored commit takes over; this one's commits are refused from then on.
   */
  launch: z.number().int(),
  /** Launch only: where the wrapper page stores this attempt's commits, on the content origin. */
  commit_url: z.string().optional(),
  /**
   * `adl.data`: the shared data stores the SCO maps, with what the learner's earlier SCOs and attempts stored
   * (`store` is "" for one never written) and what the SCO may do with them.
   */
  adl_data: z
    .array(z.object({ id: z.string(), store: z.string(), readable: z.boolean(), writable: z.boolean() }))
    .optional(),
});
export type ScormAttemptStart = z.infer<typeof scormAttemptStartSchema>;

/** How many kinds (code and element) of refused API calls one commit reports; more are left out. */
export const SCORM_API_ERROR_KINDS_MAX = 20;
/** How often the runtime refused calls with one error code on one element. */
export const scormApiErrorTallySchema = z.object({
  code: z.number().int().min(0).max(999),
  element: z.string().max(255).nullable(),
  count: z.number().int().min(1).max(1_000_000),
});
export type ScormApiErrorTally = z.infer<typeof scormApiErrorTallySchema>;

/** Body of a commit: the runtime's cmi object (`dataCommitFormat: json`). */
export const scormCommitBodySchema = z
  .object({
    /** The SCO the runtime ran: it must be the attempt's. */
    sco_id: z.uuid(),
    /**
     * Numbers the commits of an attempt, one more for each the runtime sends (autosave, commit, terminate, page
     * close); the server keeps the last one it stored and ignores any commit numbered no higher.
     */
    sequence: z.number().int().min(1).max(2_147_483_647),
    /** The launch the commit comes from (`launch` of the attempt's start); commits numbered before launches send 0. */
    launch: z.number().int().min(0).max(2_147_483_647).optional(),
    cmi: z.record(z.string(), z.unknown()),
    adl: z.record(z.string(), z.unknown()).optional(),
    /**
     * `adl.data` stores as the SCO left them. Only stores the SCO maps as writable are kept; others are ignored, as
     * the runtime already refused setting them (error 404, read only).
     */
    adl_data: z
      .array(z.object({ id: z.string().min(1).max(4000), store: z.string().max(SCORM_SHARED_DATA_MAX_CHARS) }))
      .max(1000)
      .optional(),
    terminate: z.boolean().optional(),
    /**
     * Top-level cmi elements left out of this commit because the stored copy already holds them as they are (a
     * commit sent as the page closes must stay small); the server takes them from what it stored.
     */
    unchanged: z.array(z.string().max(64)).max(64).optional(),
    /** API calls the runtime refused since the last commit, by error code and element, for the server log. */
    api_errors: z.array(scormApiErrorTallySchema).max(SCORM_API_ERROR_KINDS_MAX).optional(),
  })
  .passthrough();
export type ScormCommitBody = z.infer<typeof scormCommitBodySchema>;

/** The answer scorm-again expects from a commit; `errorCode` follows the SCORM error codes. */
export const scormCommitResultSchema = z.object({
  result: z.boolean(),
  errorCode: z.number().int(),
  /** A newer commit of the attempt is already stored: this one changed nothing and needs no retry (409). */
  stale: z.boolean().optional(),
  /** The attempt was opened again elsewhere and a commit from there is stored: this launch stores nothing more (409). */
  taken_over: z.boolean().optional(),
  /** This very commit (same number, same data) was stored before: a retry or a replay that changed nothing (200). */
  repeated: z.boolean().optional(),
  message: z.string().optional(),
  warnings: z.array(z.string()).optional(),
});
export type ScormCommitResult = z.infer<typeof scormCommitResultSchema>;

/** One of the signed-in learner's enrolments, for the library. */
export const myScormEnrollmentSchema = z.object({
  id: z.string(),
  package: z.object({ id: z.string(), title: z.string(), description: z.string().nullable() }),
  due_at: z.string().nullable(),
  status: z.enum(SCORM_ENROLLMENT_STATUSES),
  completed_scos: z.number().int(),
  total_scos: z.number().int(),
  /** The SCO to open on Launch: where the learner left off, else the first. */
  launch_sco_id: z.string().nullable(),
  last_launched_at: z.string().nullable(),
  attempts: scormAttemptsSummarySchema,
});
export type MyScormEnrollment = z.infer<typeof myScormEnrollmentSchema>;
export const myScormEnrollmentListSchema = z.object({ enrollments: z.array(myScormEnrollmentSchema) });
