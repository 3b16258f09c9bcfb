// This file defines the sidebar's list of the current document's jobs: their JobViews, and for a
// job still in progress (and started before that run) the notice a background run left when it
// could not reach this document.
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
    // Only a job that existed when the background run left the notice is concerned by it.
    const concerned = notice !== null && !record.settled && view.error === null && Date.parse(record.createdAt) <= notice.at;
    return concerned ? { ...view, error: notice.message } : view;
  });
}
