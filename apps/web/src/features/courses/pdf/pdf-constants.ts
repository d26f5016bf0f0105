/** Delay before a failed PDF worker is started again (spec section 9). */
export const PDF_WORKER_RETRY_MS = 1000;
