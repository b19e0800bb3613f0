import { CLIENT_ERROR_LIMITS, reportPath, reportStack, scrubReportText, type ClientErrorReport } from '@crewpay/core';
import type { TrackedError } from '../../providers/error-tracking/index.ts';

/**
 * A browser's report as it is logged and forwarded: scrubbed again here (a report is the
 * client's word, and anyone may send one).
 */
export function describeClientError(report: ClientErrorReport): TrackedError {
  const page = reportPath(report.page);
  const tags: Record<string, string> = { kind: report.kind, page };
  if (report.call) {
    tags.call = `${report.call.method} ${reportPath(report.call.path)}`;
    tags.status = String(report.call.status);
  }
  return {
    name: scrubReportText(report.name, CLIENT_ERROR_LIMITS.name),
    message: scrubReportText(report.message),
    where: report.call ? tags.call! : page,
    tags,
    stack: report.stack ? reportStack(report.stack) : undefined,
  };
}
