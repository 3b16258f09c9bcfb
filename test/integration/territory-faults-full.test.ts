// Seeded fault schedules of territories on the full build (dist-full/): territory-faults.ts.
import { describeTerritoryFaults } from "./territory-faults";

describeTerritoryFaults("full");
