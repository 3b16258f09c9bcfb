// Seeded fault schedules of scheduled refreshes on the default build (dist/): refresh-faults.ts.
import { describeRefreshFaults } from "./refresh-faults";

describeRefreshFaults("default");
