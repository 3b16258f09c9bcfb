// This file gathers what the bench uses from dev/ (the simulator and the clocks) in one place.
export { realClock, VirtualClock } from "../dev/clock";
export {
  Simulator,
  measureRequestsPerSecond,
  simControl,
  startSimulatorServer,
  startSimulatorWorker,
  type BenchResult,
  type SimControl,
} from "../dev/simulator";
