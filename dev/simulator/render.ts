// This file defines the response shapes of jobs and businesses: the Job object, the search-result
// and enrichment-result Business shapes, and the single-business shape, at a given moment.
import type { BusinessTruth, Socials } from "./data";
import { businessStage, TIMING, type JobRecord, type JobSnapshot, type Stage } from "./jobs";
import type { Json, JsonObject } from "./types";

const SEARCH_SOURCE = "google_maps_places";

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function renderJob(job: JobRecord, snap: JobSnapshot): JsonObject {
  let actorInput: JsonObject;
  if (job.kind === "search" && job.search !== undefined) {
    const input = job.search.input;
    actorInput = {
      query: input.query,
      location: input.location,
      countryCode: input.countryCode,
      maxResults: input.maxResults,
      language: input.language,
    };
  } else {
    const businesses = job.businesses ?? [];
    actorInput = {
      query: "Standalone enrichment of supplied businesses",
      location: "Supplied by API",
      maxResults: businesses.length,
      language: "en",
      businesses: businesses.map((b) => ({ business_name: b.business_name, website_url: b.website_url })),
    };
  }
  // The provider run exists once the job has left the queue.
  const started = job.kind === "search" && snap.at >= job.createdAt + TIMING.queuedMs;
  return {
    id: job.id,
    name: job.name,
    status: snap.status,
    actor_input: actorInput,
    source: job.kind === "enrichment" ? "provided" : SEARCH_SOURCE,
    origin: job.origin,
    run_id: started ? job.runId : null,
    error: snap.status === "failed" ? job.error : null,
    lead_count: snap.imported,
    credits_charged: job.creditsCharged,
    enrich_contacts: job.enrich,
    enriched_count: snap.enrichedCount,
    delete_requested: false,
    created_at: iso(job.createdAt),
    finished_at: snap.finishedAt === null ? null : iso(snap.finishedAt),
  };
}

/** What enrichment has revealed of a business at a stage. */
interface Revealed {
  ownerName: string;
  ownerNames: string[];
  decisionMakerNames: string[];
  emails: string[];
  ownerEmails: string[];
  decisionMakerEmails: string[];
  verificationStatus: string;
  verifications: JsonObject;
  socials: Socials;
  additionalPhones: string[];
  phoneTypes: JsonObject;
  enrichmentStatus: string;
  ownerEnrichmentStatus: string;
  keyContacts: Json[];
  /** Enrichment jobs learn the phone from the website; searches have it from the map provider. */
  phone: string;
}

function reveal(truth: BusinessTruth, stage: Stage, isSearch: boolean): Revealed {
  const none: Socials = { facebooks: [], instagrams: [], linkedIns: [], youtubes: [], yelps: [] };
  const base: Revealed = {
    ownerName: "",
    ownerNames: [],
    decisionMakerNames: [],
    emails: [],
    ownerEmails: [],
    decisionMakerEmails: [],
    verificationStatus: stage === -1 ? "not_requested" : "pending",
    verifications: {},
    socials: none,
    additionalPhones: [],
    phoneTypes: {},
    enrichmentStatus: stage === -1 ? "not_requested" : "pending",
    ownerEnrichmentStatus: stage === -1 ? "not_requested" : "pending",
    keyContacts: [],
    phone: isSearch ? truth.phone : "",
  };
  if (stage < 1) return base;
  const withContacts: Revealed = {
    ...base,
    emails: [...truth.emails],
    verificationStatus: "processing",
    socials: {
      facebooks: [...truth.socials.facebooks],
      instagrams: [...truth.socials.instagrams],
      linkedIns: [...truth.socials.linkedIns],
      youtubes: [...truth.socials.youtubes],
      yelps: [...truth.socials.yelps],
    },
    additionalPhones: [...truth.additionalPhones],
    phoneTypes: { ...truth.phoneTypes },
    enrichmentStatus: "in_progress",
    ownerEnrichmentStatus: "in_progress",
    phone: truth.phone,
  };
  if (stage < 2) return withContacts;
  const verifications: JsonObject = {};
  for (const [address, v] of Object.entries(truth.verifications))
    verifications[address] = { result: v.result, quality: v.quality, source: v.source };
  return {
    ...withContacts,
    ownerName: truth.ownerNames[0] ?? "",
    ownerNames: [...truth.ownerNames],
    decisionMakerNames: [...truth.decisionMakerNames],
    ownerEmails: [...truth.ownerEmails],
    decisionMakerEmails: [...truth.decisionMakerEmails],
    verificationStatus: truth.verificationStatus,
    verifications,
    enrichmentStatus: truth.enrichmentStatus,
    ownerEnrichmentStatus: truth.ownerEnrichmentStatus,
    keyContacts: truth.keyContacts,
  };
}

export function renderSearchResult(job: JobRecord, truth: BusinessTruth, at: number): JsonObject {
  const r = reveal(truth, businessStage(job, truth.position - 1, at), true);
  return {
    id: truth.id,
    search_id: job.id,
    position: truth.position,
    rank: truth.position,
    title: truth.title,
    category: truth.category,
    categories: [...truth.categories],
    address: truth.address,
    city: truth.city,
    country_code: truth.countryCode,
    phone: r.phone,
    website: truth.website,
    rating: truth.rating,
    review_count: truth.reviewCount,
    business_status: truth.businessStatus,
    maps_url: truth.mapsUrl,
    owner_name: r.ownerName,
    owner_names: r.ownerNames,
    decision_maker_names: r.decisionMakerNames,
    emails: r.emails,
    owner_emails: r.ownerEmails,
    decision_maker_emails: r.decisionMakerEmails,
    email_verification_status: r.verificationStatus,
    email_verifications: r.verifications,
    socials: {
      facebooks: r.socials.facebooks,
      instagrams: r.socials.instagrams,
      linkedIns: r.socials.linkedIns,
      youtubes: r.socials.youtubes,
      yelps: r.socials.yelps,
    },
    additional_phones: r.additionalPhones,
    phone_types: r.phoneTypes,
    enrichment_status: r.enrichmentStatus,
    owner_enrichment_status: r.ownerEnrichmentStatus,
    key_contacts: r.keyContacts,
    ...truth.extra,
  };
}

export function renderEnrichmentResult(job: JobRecord, truth: BusinessTruth, at: number): JsonObject {
  const r = reveal(truth, businessStage(job, truth.position - 1, at), false);
  return {
    id: truth.id,
    search_id: job.id,
    position: truth.position,
    rank: truth.position,
    title: truth.title,
    website: truth.website,
    phone: r.phone,
    additional_phones: r.additionalPhones,
    phone_types: r.phoneTypes,
    owner_names: r.ownerNames,
    decision_maker_names: r.decisionMakerNames,
    emails: r.emails,
    owner_emails: r.ownerEmails,
    decision_maker_emails: r.decisionMakerEmails,
    email_verification_status: r.verificationStatus,
    email_verifications: r.verifications,
    socials: { facebooks: r.socials.facebooks, instagrams: r.socials.instagrams, linkedIns: r.socials.linkedIns },
    enrichment_status: r.enrichmentStatus,
    owner_enrichment_status: r.ownerEnrichmentStatus,
    key_contacts: r.keyContacts,
    ...truth.extra,
  };
}

/** GET /businesses/{id}: exactly the spec's field list (no rank), plus any extra fields. */
export function renderSingleBusiness(job: JobRecord, truth: BusinessTruth, at: number): JsonObject {
  const isSearch = job.kind === "search";
  const r = reveal(truth, businessStage(job, truth.position - 1, at), isSearch);
  const socials: JsonObject = isSearch
    ? {
        facebooks: r.socials.facebooks,
        instagrams: r.socials.instagrams,
        linkedIns: r.socials.linkedIns,
        youtubes: r.socials.youtubes,
        yelps: r.socials.yelps,
      }
    : { facebooks: r.socials.facebooks, instagrams: r.socials.instagrams, linkedIns: r.socials.linkedIns };
  return {
    id: truth.id,
    search_id: job.id,
    position: truth.position,
    title: truth.title,
    category: truth.category,
    address: truth.address,
    phone: r.phone,
    website: truth.website,
    rating: truth.rating,
    review_count: truth.reviewCount,
    owner_names: r.ownerNames,
    decision_maker_names: r.decisionMakerNames,
    emails: r.emails,
    owner_emails: r.ownerEmails,
    decision_maker_emails: r.decisionMakerEmails,
    email_verification_status: r.verificationStatus,
    additional_phones: r.additionalPhones,
    socials,
    ...truth.extra,
  };
}
