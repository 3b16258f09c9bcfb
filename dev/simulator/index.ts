// This file defines the simulator's public surface: the in-process Simulator, its HTTP server,
// the worker host and control client, the demo keys, the catalog and its metros (what a territory's
// searches share), and the shared types.
export { Simulator, DEFAULT_SEED, type SimulatorOptions } from "./simulator";
export { startSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from "./server";
export { startSimulatorWorker, type SimulatorWorker, type SimulatorWorkerOptions } from "./worker-host";
export { simControl, type SimControl } from "./control-client";
export { DEMO_KEYS, type DemoKey } from "./demo";
export { CATALOG, findByLabel, searchLocations, type CatalogEntry } from "./catalog";
export { METROS, SHARE_LANES, metroOf, neighboursOf, type Metro } from "./metros";
export { PLACE_TURNOVER, SHARED_RANKS_OF_TEN, placeFoundAt, placeIdOf, searchKeyOf, type FoundPlace, type Place } from "./places";
export { HOSTILE_EVERY, HOSTILE_VARIANTS, contactReadingAt, hostileVariantAt } from "./data";
export { TIMING, type JobStatus } from "./jobs";
export { measureRequestsPerSecond, type BenchResult } from "./bench";
export type {
  CreateAccountOptions,
  CreatedAccount,
  FaultRule,
  Json,
  JsonObject,
  PlanCode,
  SimRequest,
  SimResponse,
  SimStats,
  SubscriptionStatus,
} from "./types";
