// Seeded fault schedules of searches on the full build (dist-full/): search-faults.ts.
import { describeSearchFaults } from "./search-faults";

describeSearchFaults("full");
