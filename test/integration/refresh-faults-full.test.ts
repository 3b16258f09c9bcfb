// Seeded fault schedules of scheduled refreshes on the full build (dist-full/): refresh-faults.ts.
import { describeRefreshFaults } from "./refresh-faults";

describeRefreshFaults("full");
