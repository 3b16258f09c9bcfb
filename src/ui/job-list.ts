// This file defines the sidebar's list of the current document's jobs: their JobViews, and for a
// job still in progress the notice a background run left when it could not reach this document.
import { currentDocument, NoDocumentError } from "../gas/document-access";
import { keyDigest } from "../gas/key-digest";
import { backgroundNoticeFor } from "../gas/served-documents";
import { userApiKey } from "../gas/settings";
import { JobStore } from "../jobs/job-store";
import { toJobView, type JobView } from "../jobs/job-view";

export function listDocumentJobs(): JobView[] {
  const doc = currentDocument();
  if (!doc) throw new NoDocumentError();
  const notice = backgroundNoticeFor(doc.id);
  const key = userApiKey();
  const digest = key ? keyDigest(key) : null;
  return new JobStore(doc.store).all().map((record) => {
    const view = toJobView(record, digest);
    return notice !== null && !record.settled && view.error === null ? { ...view, error: notice } : view;
  });
}
