// Seeded fault schedules of searches on the default build (dist/): search-faults.ts.
import { describeSearchFaults } from "./search-faults";

describeSearchFaults("default");
