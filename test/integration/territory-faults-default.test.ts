// Seeded fault schedules of territories on the default build (dist/): territory-faults.ts.
import { describeTerritoryFaults } from "./territory-faults";

describeTerritoryFaults("default");
