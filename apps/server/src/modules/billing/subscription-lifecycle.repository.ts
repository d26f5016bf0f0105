import type { Db } from '../../db/client.ts';
import { createLifecycleCustomerReads, createLifecyclePlanReads } from './subscription-lifecycle-reads.repository.ts';
import {
  createLifecyclePeriodWrites,
  createLifecycleRecordWrites,
  createLifecycleScheduleWrites,
  createLifecycleStatusWrites,
} from './subscription-lifecycle-writes.repository.ts';

/** Subscription rows as the renewal jobs and provider events move them on; every change is conditional on the state it expects. */
export function createSubscriptionLifecycleRepository({ db }: { db: Db }) {
  return {
    ...createLifecyclePlanReads({ db }),
    ...createLifecyclePeriodWrites({ db }),
    ...createLifecycleStatusWrites({ db }),
    ...createLifecycleScheduleWrites({ db }),
    ...createLifecycleRecordWrites({ db }),
    ...createLifecycleCustomerReads({ db }),
  };
}
export type SubscriptionLifecycleRepository = ReturnType<typeof createSubscriptionLifecycleRepository>;
