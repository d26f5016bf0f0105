import type {
  MyScormEnrollment,
  ScormAttemptsSummary,
  ScormEnrollment,
  ScormEnrollmentStatus,
  ScormPackage,
  ScormPackageDetail,
  ScormPlayerSession,
  ScormSco,
  ScormScoProgress,
  ScormVersionCode,
} from '@portal/shared/scorm';
import type { ScormEnrollmentRow, ScormPackageListRow, ScormPackageRow, ScormScoRow } from './scorm.repository.ts';

export function presentPackage(row: ScormPackageListRow): ScormPackage {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    failure_reason: row.failureReason,
    failure_message: row.failureMessage,
    is_public: row.isPublic,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    version: (row.version as ScormVersionCode | null) ?? null,
    zip_path: row.zipPath,
    manifest_path: row.manifestPath,
    extract_path: row.extractPath,
    metadata: row.metadata,
    sco_count: row.scoCount,
    enrollment_count: row.enrollmentCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentSco(row: ScormScoRow): ScormSco {
  return {
    id: row.id,
    item_id: row.itemId,
    organization_id: row.organizationId,
    parent_item_id: row.parentItemId,
    title: row.title,
    launch_url: row.launchUrl,
    scorm_type: row.scormType,
    is_visible: row.isVisible,
    settings: row.settings,
  };
}

export function presentDetail({ pkg, scos }: { pkg: ScormPackageListRow; scos: ScormScoRow[] }): ScormPackageDetail {
  return {
    package: presentPackage(pkg),
    default_organization_id: pkg.structure?.defaultOrganizationId ?? null,
    organizations: pkg.structure?.organizations ?? [],
    scos: scos.map(presentSco),
  };
}

export function presentEnrollment(row: {
  enrollment: ScormEnrollmentRow;
  learner: { id: string; name: string; email: string };
  status: ScormEnrollmentStatus;
}): ScormEnrollment {
  return {
    id: row.enrollment.id,
    package_id: row.enrollment.packageId,
    learner: row.learner,
    due_at: row.enrollment.dueAt?.toISOString() ?? null,
    assigned_by: row.enrollment.assignedBy,
    status: row.status,
    completed_at: row.enrollment.completedAt?.toISOString() ?? null,
    passed_at: row.enrollment.passedAt?.toISOString() ?? null,
    last_launched_at: row.enrollment.lastLaunchedAt?.toISOString() ?? null,
    created_at: row.enrollment.createdAt.toISOString(),
  };
}

export function presentSession(session: {
  mode: 'preview' | 'launch';
  pkg: ScormPackageRow;
  scos: ScormScoRow[];
  enrollmentId: string | null;
  progress: ScormScoProgress[];
  resumeScoId: string | null;
  canSelfEnroll: boolean;
  content: { origin: string; wrapper_url: string };
}): ScormPlayerSession {
  return {
    mode: session.mode,
    package: {
      id: session.pkg.id,
      title: session.pkg.title,
      version: (session.pkg.version ?? '1.2') as ScormVersionCode,
      is_public: session.pkg.isPublic,
    },
    enrollment_id: session.enrollmentId,
    default_organization_id: session.pkg.structure?.defaultOrganizationId ?? null,
    organizations: session.pkg.structure?.organizations ?? [],
    scos: session.scos.map(presentSco),
    progress: session.progress,
    content: session.content,
    resume_sco_id: session.resumeScoId,
    can_self_enroll: session.canSelfEnroll,
  };
}

export function presentMyEnrollment(row: {
  enrollment: ScormEnrollmentRow;
  pkg: ScormPackageRow;
  status: ScormEnrollmentStatus;
  completedScos: number;
  totalScos: number;
  launchScoId: string | null;
  attempts: ScormAttemptsSummary;
}): MyScormEnrollment {
  return {
    id: row.enrollment.id,
    package: { id: row.pkg.id, title: row.pkg.title, description: row.pkg.description },
    due_at: row.enrollment.dueAt?.toISOString() ?? null,
    status: row.status,
    completed_scos: row.completedScos,
    total_scos: row.totalScos,
    launch_sco_id: row.launchScoId,

    last_launched_at: row.enrollment.lastLaunchedAt?.toISOString() ?? null,
    attempts: row.attempts,
  };
}
