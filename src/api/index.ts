// This file defines the public surface of the service client (src/api): import from here.
export {
  LeadsClient,
  type LeadsClientOptions,
  type RequestOptions,
  type CreateOptions,
  type BatchResult,
  type BatchResults,
} from "./client";
export { RequestBuilders, type PreparedRequest } from "./requests";
export {
  LeadsApiError,
  ResponseShapeError,
  isLeadsApiError,
  isRetryableStatus,
  kindForStatus,
  messageForStatus,
  type LeadsErrorKind,
  type RequestContext,
} from "./errors";
export {
  DEFAULT_RETRY_POLICY,
  backoffDelay,
  parseRetryAfter,
  retryDelay,
  runWithRetries,
  type Outcome,
  type RetryPolicy,
} from "./retry";
export { parseRateLimit, headerValue, type RateLimitInfo } from "./rate-limit";
export { hasNextListPage, pageCount, pagesAfter } from "./pagination";
export {
  RESULTS_PAGE_SIZE,
  readResultPages,
  distinctBusinesses,
  type ReadResultPagesOptions,
  type ResultPagesRead,
} from "./result-pages";
export { buildQuery, encodePathSegment, apiRoot, type QueryValue } from "./query";
export { maxAffordableResults } from "./account";
export {
  TERMINAL_JOB_STATUSES,
  isTerminalStatus,
  type OpenEnum,
  type JobStatus,
  type PlanCode,
  type SubscriptionStatus,
  type EmailVerificationStatus,
  type EnrichmentStatus,
  type BusinessStatus,
  type JobOrigin,
  type ActorInput,
  type Job,
  type EmailVerification,
  type Socials,
  type Business,
  type Location,
  type Account,
  type CreateSearchResponse,
  type CreateEnrichmentResponse,
  type JobList,
  type ResultsPage,
  type LocationList,
  type ErrorBody,
  type SearchInput,
  type CreateSearchRequest,
  type EnrichmentBusiness,
  type CreateEnrichmentRequest,
  type PageParams,
  type FindLocationsParams,
  type JobKind,
  type ShapeIssue,
} from "./schemas";
export type { Transport, HttpRequest, HttpResponse, HttpMethod } from "./transport";
export type { Clock } from "./clock";
