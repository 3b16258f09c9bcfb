// This file defines the simulator's public surface: the in-process Simulator, its HTTP server,
// the worker host and control client, the demo keys and the shared types.
export { Simulator, DEFAULT_SEED, type SimulatorOptions } from "./simulator";
export { startSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from "./server";
export { startSimulatorWorker, type SimulatorWorker, type SimulatorWorkerOptions } from "./worker-host";
export { simControl, type SimControl } from "./control-client";
export { DEMO_KEYS, type DemoKey } from "./demo";
export { CATALOG, searchLocations, type CatalogEntry } from "./catalog";
export { HOSTILE_EVERY, HOSTILE_VARIANTS, hostileVariantAt } from "./data";
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
