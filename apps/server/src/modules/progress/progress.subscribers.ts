import type { DomainEvents } from '../events/domain-events.ts';
import type { ProgressService } from './progress.service.ts';

/** A finished SCORM package completes the lessons that embed it (repeated deliveries change nothing). */
export function subscribeProgressToScorm(domainEvents: DomainEvents, progressService: ProgressService) {
  domainEvents.subscribe('progress.scorm-lessons', async (event) => {
    if (event.type !== 'scorm.completed' && event.type !== 'scorm.passed') return;
    await progressService.completeScormLessons(event.userId, event.payload.packageId);
  });
}
